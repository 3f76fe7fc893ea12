/** The integrations sub-client (src/platform/integrations.ts): its endpoints' paths, as the server sees the calls. */
import { describe, expect, it } from 'vitest';
import { createIntegrationsClient } from '../../../src/platform/index.ts';
import { json } from '../../support/recording-server.ts';
import { recordingPlatformPerFile } from './support/recorded-call.ts';

const { server, core, seen } = recordingPlatformPerFile();

describe('integrations', () => {
  it('posts Core endpoints and installable packages to their paths, names encoded', async () => {
    const integrations = createIntegrationsClient<{ 'my pkg': 'Do It' }>(core());
    server.respond((_req, res) => json(res, 200, { sent: true }));
    expect(await integrations.Core.SendEmail({ to: 'a@example.com' })).toEqual({ sent: true });
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/integration-endpoints/Core/SendEmail',
      body: { to: 'a@example.com' },
    });
    await integrations['my pkg']['Do It']();
    expect(server.last().url).toBe(
      '/api/apps/local-app/integration-endpoints/installable/my%20pkg/integration-endpoints/Do%20It',
    );
    expect(seen().body).toEqual({});
  });

  it('answers no property a promise check or a debugger reads', () => {
    const integrations = createIntegrationsClient(core());
    expect(integrations.then).toBeUndefined();
    expect(integrations._x).toBeUndefined();
    expect((integrations as unknown as Record<symbol, unknown>)[Symbol.iterator]).toBeUndefined();
    expect(integrations.Core.then).toBeUndefined();
    expect(integrations.Core._y).toBeUndefined();
    expect(typeof integrations.Core.SendEmail).toBe('function');
  });
});
