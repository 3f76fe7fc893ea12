/** The app sub-client (src/platform/app.ts): the public settings, as the server sees the call. */
import { describe, expect, it } from 'vitest';
import { createAppClient } from '../../../src/platform/index.ts';
import { json } from '../../support/recording-server.ts';
import { recordingPlatformPerFile } from './support/recorded-call.ts';

const { server, core, seen } = recordingPlatformPerFile();

describe('app', () => {
  it('loads the public settings by app id', async () => {
    server.respond((_req, res) => json(res, 200, { id: 'local-app', public_settings: {} }));
    expect(await createAppClient(core()).getPublicSettings()).toEqual({
      id: 'local-app',
      public_settings: {},
    });
    expect(seen().call).toBe('GET /api/apps/public/prod/public-settings/by-id/local-app');
  });
});
