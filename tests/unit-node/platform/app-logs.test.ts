/** The app logs sub-client (src/platform/app-logs.ts): page visits, logs and stats, as the server sees the calls. */
import { describe, expect, it } from 'vitest';
import { createAppLogsClient } from '../../../src/platform/index.ts';
import { json } from '../../support/recording-server.ts';
import { recordingPlatformPerFile } from './support/recorded-call.ts';

const { server, core, seen } = recordingPlatformPerFile();

describe('app logs', () => {
  it('logs a page visit with no body, and queries logs and stats', async () => {
    const logs = createAppLogsClient(core());
    server.respond((_req, res) => json(res, 200, { logs: [] }));
    expect(await logs.logUserInApp('Payment Success')).toBeUndefined();
    expect(server.last().url).toBe('/api/app-logs/local-app/log-user-in-app/Payment%20Success');
    expect(seen()).toEqual({
      call: 'POST /api/app-logs/local-app/log-user-in-app/Payment Success',
      body: undefined,
    });
    expect(await logs.fetchLogs({ limit: 5 })).toEqual({ logs: [] });
    expect(seen().call).toBe('GET /api/app-logs/local-app?limit=5');
    expect(await logs.getStats({ days: 7 })).toEqual({ logs: [] });
    expect(seen().call).toBe('GET /api/app-logs/local-app/stats?days=7');
  });
});
