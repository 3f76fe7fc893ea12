/**
 * The realtime control route (`realtime/realtime-control-routes.ts`): `POST /__harness/realtime/drop` disconnects every
 * socket and refuses handshakes for `refuseMs` (a whole number from 0 to 120 000, 0 when left out); a body that is not
 * a JSON object, or another `refuseMs`, is a 400.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRealtimeControlRoutes } from '../../../../../host-harness/src/emulator/realtime/realtime-control-routes.ts';
import { RealtimeHub } from '../../../../../host-harness/src/emulator/realtime/realtime-hub.ts';
import { type FeatureApp, featureApp } from '../feature-app.ts';

let open: FeatureApp | null = null;

afterEach(async () => {
  await open?.close();
  open = null;
  vi.restoreAllMocks();
});

/** The app, and the refusal times the hub was asked to apply. */
async function dropApp(): Promise<{ f: FeatureApp; dropped: number[] }> {
  const hub = new RealtimeHub({ identify: () => 'no sockets here', mayJoin: () => false });
  const drop = vi.spyOn(hub, 'drop');
  const f = await featureApp((app) => registerRealtimeControlRoutes(app, hub));
  open = f;
  return {
    f,
    get dropped() {
      return drop.mock.calls.map(([ms]) => ms);
    },
  };
}

const REFUSE_MS = 'refuseMs must be a whole number from 0 to 120000';

describe('POST /__harness/realtime/drop', () => {
  it('drops with no refusal when refuseMs is left out (no body, an empty body, or {})', async () => {
    const d = await dropApp();
    const answered = await d.f.call('POST', '/__harness/realtime/drop');
    expect(answered.status).toBe(200);
    expect(answered.body).toStrictEqual({ ok: true, disconnected: 0 });
    await d.f.call('POST', '/__harness/realtime/drop', {
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    await d.f.call('POST', '/__harness/realtime/drop', { body: {} });
    expect(d.dropped).toStrictEqual([0, 0, 0]);
  });

  it('refuses handshakes for refuseMs from 0 to 120000', async () => {
    const d = await dropApp();
    for (const refuseMs of [0, 1, 2_500, 120_000]) {
      const answered = await d.f.call('POST', '/__harness/realtime/drop', { body: { refuseMs } });
      expect(answered.body, String(refuseMs)).toStrictEqual({ ok: true, disconnected: 0 });
    }
    expect(d.dropped).toStrictEqual([0, 1, 2_500, 120_000]);
  });

  it('refuses another refuseMs with 400 bad_request, dropping nothing', async () => {
    const d = await dropApp();
    for (const refuseMs of [-1, 120_001, 1.5, '5', null, true, [5], { ms: 5 }]) {
      const answered = await d.f.call('POST', '/__harness/realtime/drop', { body: { refuseMs } });
      expect(answered.status, JSON.stringify(refuseMs)).toBe(400);
      expect(answered.body, JSON.stringify(refuseMs)).toStrictEqual({
        message: REFUSE_MS,
        code: 'bad_request',
      });
    }
    expect(d.dropped).toStrictEqual([]);
  });

  it('refuses a body that is not a JSON object', async () => {
    const d = await dropApp();
    for (const body of [null, [], [{ refuseMs: 5 }], 'x', 5, false]) {
      const answered = await d.f.call('POST', '/__harness/realtime/drop', { body });
      expect(answered.status, JSON.stringify(body)).toBe(400);
      expect(answered.body, JSON.stringify(body)).toStrictEqual({
        message: 'The body must be a JSON object',
        code: 'bad_request',
      });
    }
    const text = await d.f.call('POST', '/__harness/realtime/drop', {
      payload: 'refuseMs=5',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.body).toStrictEqual({ message: 'The body must be a JSON object', code: 'bad_request' });
    expect(d.dropped).toStrictEqual([]);
  });
});
