/**
 * The time bounds of a request on the harness's servers (`serving/server-timeouts.ts`): the defaults of `npm start`,
 * overrides validated, headers within the request bound, and the options of `http.createServer` they become.
 */
import { describe, expect, it } from 'vitest';
import {
  httpServerOptions,
  SERVER_TIMEOUTS,
  type ServerTimeouts,
  serverTimeouts,
} from '../../../../host-harness/src/serving/server-timeouts.ts';

const DEFAULTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, checkIntervalMs: 1_000 };

describe('serverTimeouts', () => {
  it('gives the bounds of npm start by default', () => {
    expect(SERVER_TIMEOUTS).toStrictEqual(DEFAULTS);
    expect(serverTimeouts()).toStrictEqual(DEFAULTS);
    expect(serverTimeouts({})).toStrictEqual(DEFAULTS);
  });

  it('replaces the bounds given, keeping the others, without changing the defaults', () => {
    expect(serverTimeouts({ headersMs: 1, checkIntervalMs: 2 })).toStrictEqual({
      ...DEFAULTS,
      headersMs: 1,
      checkIntervalMs: 2,
    });
    expect(serverTimeouts({ requestMs: 200, headersMs: 200, keepAliveMs: 1 })).toStrictEqual({
      headersMs: 200,
      requestMs: 200,
      keepAliveMs: 1,
      checkIntervalMs: 1_000,
    });
    expect(SERVER_TIMEOUTS).toStrictEqual(DEFAULTS);
  });

  it('refuses a bound that is not a positive whole number of milliseconds, naming it', () => {
    for (const name of ['headersMs', 'requestMs', 'keepAliveMs', 'checkIntervalMs'] as const) {
      for (const value of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100' as unknown as number]) {
        expect(() => serverTimeouts({ [name]: value }), `${name} ${value}`).toThrow(
          `Server timeout ${name} must be a positive whole number of milliseconds`,
        );
      }
    }
  });

  it('refuses a headers bound beyond the request bound', () => {
    expect(() => serverTimeouts({ headersMs: 30_001 })).toThrow(
      'Server timeout headersMs must not exceed requestMs',
    );
    expect(() => serverTimeouts({ requestMs: 9_999 })).toThrow(
      'Server timeout headersMs must not exceed requestMs',
    );
    expect(serverTimeouts({ requestMs: 10_000 }).requestMs).toBe(10_000);
  });
});

describe('httpServerOptions', () => {
  it('maps each bound to its option of http.createServer', () => {
    const timeouts: ServerTimeouts = { headersMs: 1, requestMs: 2, keepAliveMs: 3, checkIntervalMs: 4 };
    expect(httpServerOptions(timeouts)).toStrictEqual({
      headersTimeout: 1,
      requestTimeout: 2,
      keepAliveTimeout: 3,
      connectionsCheckingInterval: 4,
    });
  });
});
