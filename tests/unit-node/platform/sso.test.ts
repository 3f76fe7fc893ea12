/** The SSO sub-client (src/platform/sso.ts): a user's access token, as the server sees the call. */
import { describe, expect, it } from 'vitest';
import { createHttpCore, createSsoClient } from '../../../src/platform/index.ts';
import { json, recordingServerPerFile } from '../../support/recording-server.ts';

const server = recordingServerPerFile();

const core = (token: string | null = null) =>
  createHttpCore({ appId: 'local-app', serverUrl: server.url, location: null, token });

describe('SSO', () => {
  it('asks for an SSO access token for a user', async () => {
    server.respond((_req, res) => json(res, 200, { access_token: 'sso' }));
    expect(await createSsoClient(core()).getAccessToken('u/1')).toEqual({ access_token: 'sso' });
    expect(server.last().url).toBe('/api/apps/local-app/auth/sso/accesstoken/u%2F1');
  });
});
