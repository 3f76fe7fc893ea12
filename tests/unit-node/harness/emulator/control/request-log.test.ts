/**
 * The control API's request log (`control/request-log.ts`): the last 500 requests, what each entry records and
 * masks, which routes it leaves out, and the line it prints, through Fastify's `inject`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RequestLog,
  registerRequestLog,
} from '../../../../../host-harness/src/emulator/control/request-log.ts';
import { testApp } from '../test-app.ts';
import { controlApp, entry } from './control-app.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RequestLog', () => {
  it('keeps the last 500 requests, oldest first, and gives the last n', () => {
    const log = new RequestLog();
    for (let n = 1; n <= 501; n++) log.add(entry(n));
    const all = log.last(1000);
    expect(all).toHaveLength(500);
    expect(all[0]?.path).toBe('/r2');
    expect(all.at(-1)?.path).toBe('/r501');
    expect(log.last(2).map((kept) => kept.path)).toStrictEqual(['/r500', '/r501']);
    log.clear();
    expect(log.last(10)).toStrictEqual([]);
  });

  it('keeps all of 500 requests, and drops only the oldest at the 501st', () => {
    const log = new RequestLog();
    for (let n = 1; n <= 500; n++) log.add(entry(n));
    expect(log.last(500)[0]?.path).toBe('/r1');
    expect(log.last(1000)).toHaveLength(500);
    expect(log.last(1000)[0]?.path).toBe('/r1');
    log.add(entry(501));
    const kept = log.last(1000);
    expect(kept).toHaveLength(500);
    expect(kept[0]?.path).toBe('/r2');
    expect(kept[499]?.path).toBe('/r501');
  });
});

describe('registerRequestLog', () => {
  it('records method, path, query, status, header names (never values) and the functions version', async () => {
    const { app, ctx } = controlApp();
    await app.inject({
      method: 'POST',
      url: '/api/apps/a?x=1&x=2&y=3&x=4',
      headers: { authorization: 'Bearer secret', 'base44-functions-version': 'v7' },
    });
    const [logged] = ctx.requests.last(10);
    expect(logged).toMatchObject({
      method: 'POST',
      path: '/api/apps/a',
      query: { x: ['1', '2', '4'], y: '3' },
      status: 201,
      functions_version: 'v7',
    });
    expect(logged?.headers).toContain('authorization');
    expect(JSON.stringify(logged)).not.toContain('secret');
    expect(logged?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(Math.round((logged?.duration_ms ?? 0) * 10) / 10).toBe(logged?.duration_ms);
    expect(Date.parse(logged?.date ?? '')).not.toBeNaN();
  });

  it('masks query values that could carry a credential', async () => {
    const { app, ctx } = controlApp();
    await app.inject({
      url: '/api/apps/a?token=t1&access_token=t2&password=p&reset_token=r&keep=k&token=t3',
    });
    expect(ctx.requests.last(1)[0]?.query).toStrictEqual({
      token: ['[redacted]', '[redacted]'],
      access_token: '[redacted]',
      password: '[redacted]',
      reset_token: '[redacted]',
      keep: 'k',
    });
  });

  it('records how long the request took, in milliseconds to one decimal', async () => {
    const app = testApp();
    const log = new RequestLog();
    registerRequestLog(app, log, true);
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 60));
      return { ok: true };
    });
    await app.inject({ url: '/slow' });
    const [logged] = log.last(1);
    const ms = logged?.duration_ms ?? Number.NaN;
    expect(ms).toBeGreaterThanOrEqual(55);
    expect(ms).toBeLessThan(5_000);
    expect(Math.abs(ms * 10 - Math.round(ms * 10))).toBeLessThan(1e-6);
    await app.close();
  });

  it('no query, no version: an empty query and no functions_version', async () => {
    const { app, ctx } = controlApp();
    await app.inject({ url: '/api/apps/a' });
    await app.inject({ url: '/api/apps/b?' });
    const [first, second] = ctx.requests.last(2);
    expect(first?.query).toStrictEqual({});
    expect(first).not.toHaveProperty('functions_version');
    expect(second?.path).toBe('/api/apps/b');
    expect(second?.query).toStrictEqual({});
  });

  it('leaves out the polled health and request-log routes, but not the other control routes', async () => {
    const { app, ctx } = controlApp();
    await app.inject({ url: '/__harness/health' });
    await app.inject({ url: '/__harness/requests?limit=5' });
    await app.inject({ url: '/__harness/faults' });
    expect(ctx.requests.last(10).map((logged) => logged.path)).toStrictEqual(['/__harness/faults']);
  });

  it('prints one line per request unless quiet', async () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    const loud = controlApp(false);
    await loud.app.inject({ url: '/api/apps/a?token=x' });
    expect(print).toHaveBeenCalledTimes(1);
    expect(print.mock.calls[0]?.[0]).toMatch(/^GET \/api\/apps\/a 200 \d+(\.\d)?ms$/);
    const quiet = controlApp(true);
    await quiet.app.inject({ url: '/api/apps/a' });
    expect(print).toHaveBeenCalledTimes(1);
  });
});
