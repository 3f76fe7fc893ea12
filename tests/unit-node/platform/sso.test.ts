/** The SSO sub-client (src/platform/sso.ts): a user's access token, as the server sees the call. */
import { describe, expect, it } from 'vitest';
import { createSsoClient } from '../../../src/platform/index.ts';
import { json } from '../../support/recording-server.ts';
import { recordingPlatformPerFile } from './support/recorded-call.ts';

const { server, core } = recordingPlatformPerFile();

describe('SSO', () => {
  it('asks for an SSO access token for a user', async () => {
    server.respond((_req, res) => json(res, 200, { access_token: 'sso' }));
    expect(await createSsoClient(core()).getAccessToken('u/1')).toEqual({ access_token: 'sso' });
    expect(server.last().url).toBe('/api/apps/local-app/auth/sso/accesstoken/u%2F1');
  });
});
