/**
 * Who is buying (signed-in-caller.ts): a signed-in caller's id and e-mail as the platform's `auth.me()` answers them,
 * kept only when usable; and no prefill, never a failed checkout, for an anonymous caller, a header the platform's SDK
 * refuses, a platform error or a platform that does not answer in time. The log says why, never the token.
 */
import { createClientFromRequest } from '@base44/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  findSignedInCaller,
  type PlatformClientOf,
} from '../../../base44/functions/createCheckout/signed-in-caller.ts';
import { type CapturedLogs, captureLogs } from '../../deno/helpers/captured-logs.ts';

const TOKEN = 'user-token-1';

function request(
  headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}`, 'Base44-App-Id': 'app_1' },
) {
  return new Request('http://127.0.0.1/functions/createCheckout', { method: 'POST', headers });
}

/** A platform whose `auth.me()` answers with `me()`; the requests it was made for. */
function platform(me: () => Promise<unknown>) {
  const made: Request[] = [];
  const platformOf: PlatformClientOf = (req) => {
    made.push(req);
    return { auth: { me } };
  };
  return { made, platformOf };
}

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => {
  logs.restore();
  vi.useRealTimers();
});

describe('a signed-in caller', () => {
  it('is the platform’s user for the request: its id and e-mail', async () => {
    const { made, platformOf } = platform(async () => ({
      id: 'user_1',
      email: 'jane@example.co.uk',
      role: 'user',
    }));
    const req = request();
    expect(await findSignedInCaller(req, platformOf)).toStrictEqual({
      id: 'user_1',
      email: 'jane@example.co.uk',
    });
    expect(made).toEqual([req]);
    expect(logs.text()).toBe('');
  });

  it('keeps only an id that is text and an e-mail that is an address', async () => {
    const cases: [unknown, object][] = [
      [{ id: '', email: 'jane' }, {}],
      [{ id: 7, email: 7 }, {}],
      [{ id: 'user_2' }, { id: 'user_2' }],
      [{ email: 'jane@example.co.uk' }, { email: 'jane@example.co.uk' }],
      // An address nobody could read as it is (a character that does not show) is left for the buyer to type.
      [{ id: 'user_3', email: 'jane\u200B@example.co.uk' }, { id: 'user_3' }],
      [{ email: 'jane@example.co.uk\u3164' }, {}],
    ];
    for (const [user, caller] of cases) {
      const { platformOf } = platform(async () => user);
      expect(await findSignedInCaller(request(), platformOf), JSON.stringify(user)).toStrictEqual(caller);
    }
  });
});

describe('no prefill, and checkout goes ahead', () => {
  it('for an anonymous caller, without asking the platform', async () => {
    const { made, platformOf } = platform(async () => ({ id: 'user_1' }));
    expect(await findSignedInCaller(request({ 'Base44-App-Id': 'app_1' }), platformOf)).toBeNull();
    expect(made).toEqual([]);
    expect(logs.text()).toBe('');
  });

  it('for a header the platform’s SDK refuses, with its reason logged and the token not', async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { Authorization: `Basic ${TOKEN}`, 'Base44-App-Id': 'app_1' },
        'Invalid authorization header format. Expected "Bearer <token>"',
      ],
      [
        { Authorization: `Bearer ${TOKEN}` },
        'Base44-App-Id header is required, but is was not found on the request',
      ],
    ];
    for (const [headers, reason] of cases) {
      logs.warnings.length = 0;
      expect(await findSignedInCaller(request(headers), createClientFromRequest)).toBeNull();
      expect(logs.warnings).toEqual([
        `createCheckout: signed-in user not read, no e-mail prefilled (${reason})`,
      ]);
    }
    expect(logs.text()).not.toContain(TOKEN);
  });

  it('for a platform error: its status and message in the log, as far as it has them', async () => {
    const cases: [unknown, string][] = [
      [Object.assign(new Error('Unauthorized'), { status: 401 }), '401 Unauthorized'],
      [{ status: 500 }, '500 unknown error'],
      [{ status: '502', message: 'Bad gateway' }, 'Bad gateway'],
      [new Error('socket hang up'), 'socket hang up'],
      ['down', 'down'],
      [null, 'null'],
    ];
    for (const [error, reason] of cases) {
      const { platformOf } = platform(() => Promise.reject(error));
      logs.warnings.length = 0;
      expect(await findSignedInCaller(request(), platformOf)).toBeNull();
      expect(logs.warnings).toEqual([
        `createCheckout: signed-in user not read, no e-mail prefilled (${reason})`,
      ]);
    }
  });

  it('for a platform that does not answer within the time given', async () => {
    const { platformOf } = platform(() => new Promise(() => {}));
    const started = performance.now();
    expect(await findSignedInCaller(request(), platformOf, 20)).toBeNull();
    expect(performance.now() - started).toBeGreaterThanOrEqual(19);
    expect(logs.warnings).toEqual([
      'createCheckout: signed-in user not read, no e-mail prefilled (no answer within 20 ms)',
    ]);
  });

  it('for a platform that does not answer within 2 seconds by default; a timely answer leaves no timer behind', async () => {
    vi.useFakeTimers();
    const slow = platform(() => new Promise(() => {}));
    let settled = false;
    const found = findSignedInCaller(request(), slow.platformOf).then((caller) => {
      settled = true;
      return caller;
    });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await found).toBeNull();
    expect(logs.warnings).toEqual([
      'createCheckout: signed-in user not read, no e-mail prefilled (no answer within 2000 ms)',
    ]);
    const quick = platform(async () => ({ id: 'user_1' }));
    expect(await findSignedInCaller(request(), quick.platformOf)).toStrictEqual({ id: 'user_1' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
