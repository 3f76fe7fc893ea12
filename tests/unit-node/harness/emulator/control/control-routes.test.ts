/**
 * The control API's own routes (`control/control-routes.ts`: health, reset, faults, the request log), through
 * Fastify's `inject` with the emulator's error answers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoggedRequest } from '../../../../../host-harness/src/emulator/control/request-log.ts';
import { controlApp, entry } from './control-app.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('registerControlRoutes', () => {
  it('health answers ok; reset resets and answers ok', async () => {
    const { app, ctx } = controlApp();
    expect((await app.inject({ url: '/__harness/health' })).json()).toStrictEqual({ ok: true });
    expect(ctx.resets).toBe(0);
    expect((await app.inject({ method: 'POST', url: '/__harness/reset' })).json()).toStrictEqual({
      ok: true,
    });
    expect(ctx.resets).toBe(1);
  });

  it('adds, lists and clears faults; a bad fault is a 400', async () => {
    const { app, ctx } = controlApp();
    const added = await app.inject({
      method: 'POST',
      url: '/__harness/faults',
      payload: { path: '/api', status: 503 },
    });
    expect(added.json()).toStrictEqual({
      ok: true,
      fault: { path: '/api', status: 503, id: 1, remaining: null },
    });
    expect((await app.inject({ url: '/__harness/faults' })).json()).toStrictEqual([
      { path: '/api', status: 503, id: 1, remaining: null },
    ]);
    const bad = await app.inject({ method: 'POST', url: '/__harness/faults', payload: { path: 'api' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toStrictEqual({
      message: 'path must be a string starting with /',
      code: 'bad_request',
    });
    expect((await app.inject({ method: 'DELETE', url: '/__harness/faults' })).json()).toStrictEqual({
      ok: true,
    });
    expect(ctx.faults.list()).toStrictEqual([]);
  });

  it('lists the last 100 requests, or as many as asked from 1 to 500', async () => {
    const { app, ctx } = controlApp();
    for (let n = 1; n <= 501; n++) ctx.requests.add(entry(n));
    const last = async (query: string) =>
      ((await app.inject({ url: `/__harness/requests${query}` })).json() as LoggedRequest[]).map(
        (e) => e.path,
      );
    expect(await last('')).toHaveLength(100);
    expect((await last(''))[0]).toBe('/r402');
    expect(await last('?limit=1')).toStrictEqual(['/r501']);
    expect(await last('?limit=500')).toHaveLength(500);
    expect(await last('?limit=007')).toHaveLength(7);
  });

  it('refuses a limit that is not a whole number from 1 to 500, or is given more than once', async () => {
    const { app } = controlApp();
    const queries = [
      ...['0', '501', '999', '1000', '-1', '1.5', 'x', '', ' 5', '5 ', '1e2', 'x5', '5x'].map(
        (limit) => `limit=${encodeURIComponent(limit)}`,
      ),
      'limit=1&limit=2',
      'limit=5&limit=6',
      'limit=5&limit=5',
      'limit=1&limit=',
    ];
    for (const query of queries) {
      const response = await app.inject({ url: `/__harness/requests?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toStrictEqual({
        message: 'limit must be a whole number from 1 to 500',
        code: 'bad_request',
      });
    }
  });
});
