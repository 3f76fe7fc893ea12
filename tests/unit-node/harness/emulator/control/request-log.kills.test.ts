/** The request log: at most 500 entries, and each request's duration in milliseconds to one decimal. */
import { describe, expect, it } from 'vitest';
import {
  type LoggedRequest,
  RequestLog,
  registerRequestLog,
} from '../../../../../host-harness/src/emulator/control/request-log.ts';
import { testApp } from '../test-app.ts';

function entry(n: number): LoggedRequest {
  return { method: 'GET', path: `/r${n}`, query: {}, status: 200, headers: [], duration_ms: 1, date: 'd' };
}

describe('RequestLog', () => {
  it('keeps exactly the last 500 entries', () => {
    const log = new RequestLog();
    for (let n = 1; n <= 500; n++) log.add(entry(n));
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
  it('logs how long the request took, in milliseconds to one decimal', async () => {
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
});
