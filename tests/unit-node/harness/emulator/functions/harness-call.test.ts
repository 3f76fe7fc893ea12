/**
 * The check a function runtime makes before anything of the function runs, the answer it gives a refused call, and the
 * request the function then sees (pure: in Node, whose Request keeps Host).
 */
import { describe, expect, it } from 'vitest';
import {
  CALL_KEY_HEADER,
  callRefusal,
  FORWARDED_LIST_HEADER,
  functionRequest,
  newCallKey,
  refusedCall,
} from '../../../../../host-harness/src/emulator/functions/harness-call.ts';

// Each test makes its own key: a key made while the file is collected would make every mutant of the module static.
describe('the harness call check (what a function runtime accepts)', () => {
  it('makes a new 256-bit key each time, two hex digits a byte', () => {
    // Twenty keys: a byte under 16 written as one digit would show in one of them.
    const keys = Array.from({ length: 20 }, () => newCallKey());
    for (const each of keys) expect(each).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(keys).size).toBe(20);
  });

  it('accepts the key addressed to a loopback name, on any port', () => {
    const key = newCallKey();
    for (const host of ['127.0.0.1:41234', 'localhost:8080', '[::1]:9999', '127.0.0.1']) {
      expect(callRefusal(new Headers({ host, [CALL_KEY_HEADER]: key }), key), host).toBeNull();
    }
  });

  it('refuses the right key sent to a foreign name (DNS rebinding), or with no Host', () => {
    const key = newCallKey();
    for (const host of ['rebound.example:41234', 'localhost.example', '127.0.0.1.nip.io', 'localhost:0']) {
      expect(callRefusal(new Headers({ host, [CALL_KEY_HEADER]: key }), key), host).toBe(
        'its Host is not a loopback name',
      );
    }
    expect(callRefusal(new Headers({ [CALL_KEY_HEADER]: key }), key)).toBe('its Host is not a loopback name');
  });

  it('refuses a missing, shorter, longer or different key', () => {
    const key = newCallKey();
    const host = '127.0.0.1:4000';
    expect(callRefusal(new Headers({ host }), key)).toBe('it carries no harness key');
    for (const given of ['', key.slice(1), `${key}0`, key.replace(/.$/, (c) => (c === '0' ? '1' : '0'))]) {
      expect(callRefusal(new Headers({ host, [CALL_KEY_HEADER]: given }), key), given).toBe(
        'its harness key is wrong',
      );
    }
  });

  it('answers a refused call with a 403 that says nothing of the function', async () => {
    const answer = refusedCall();
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toStrictEqual({
      message: "A function is called only through the emulator's /api/apps/{appId}/functions/{name} route",
      code: 'forbidden',
    });
  });

  it('refuses a key of the right length that differs in its first character, or in all of them', () => {
    const key = 'a'.repeat(64);
    const host = '127.0.0.1:4000';
    expect(callRefusal(new Headers({ host, [CALL_KEY_HEADER]: key }), key)).toBeNull();
    for (const given of [`b${'a'.repeat(63)}`, 'b'.repeat(64), '0'.repeat(64)]) {
      expect(callRefusal(new Headers({ host, [CALL_KEY_HEADER]: given }), key), given).toBe(
        'its harness key is wrong',
      );
    }
  });

  it("hands the function the listed headers and the connection's, never the harness's", () => {
    const key = newCallKey();
    const request = new Request('http://127.0.0.1:4000/api/apps/a/functions/f', {
      method: 'POST',
      headers: {
        host: '127.0.0.1:4000',
        'content-length': '2',
        'base44-app-id': 'a',
        'stripe-signature': 't=1,v1=x',
        'user-agent': 'added by the transport',
        [CALL_KEY_HEADER]: key,
        [FORWARDED_LIST_HEADER]: 'base44-app-id,Stripe-Signature',
      },
      body: '{}',
    });
    const seen = functionRequest(request);
    expect(Object.fromEntries(seen.headers)).toEqual({
      'base44-app-id': 'a',
      'content-length': '2',
      host: '127.0.0.1:4000',
      'stripe-signature': 't=1,v1=x',
    });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe(request.url);
  });

  it('without a list, or with empty names in it, hands over only the connection’s headers', () => {
    const key = newCallKey();
    const headers = {
      host: '127.0.0.1:4000',
      connection: 'keep-alive',
      'base44-app-id': 'a',
      cookie: 'session=1',
      [CALL_KEY_HEADER]: key,
    };
    const bare = functionRequest(new Request('http://127.0.0.1:4000/f', { headers }));
    expect(Object.fromEntries(bare.headers)).toEqual({ host: '127.0.0.1:4000', connection: 'keep-alive' });
    const listed = functionRequest(
      new Request('http://127.0.0.1:4000/f', {
        headers: { ...headers, [FORWARDED_LIST_HEADER]: ',BASE44-APP-ID,' },
      }),
    );
    expect(Object.fromEntries(listed.headers)).toEqual({
      host: '127.0.0.1:4000',
      connection: 'keep-alive',
      'base44-app-id': 'a',
    });
  });
});
