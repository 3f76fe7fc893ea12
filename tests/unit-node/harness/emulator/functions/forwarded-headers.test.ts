/**
 * The headers the harness sends a function (as the platform does): its app id, API URL and service token always; the
 * caller's token, the functions version, the body's type and a provider's signature only when well formed; nothing
 * else of the caller's request (cookies, forwarding headers).
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN } from '../../../../../host-harness/src/emulator/auth/seeded-accounts.ts';
import { forwardedHeaders } from '../../../../../host-harness/src/emulator/functions/forwarded-headers.ts';

const APP = 'app_1';
const API = 'http://127.0.0.1:4400';
const PLATFORM = {
  'Base44-App-Id': APP,
  'Base44-Api-Url': API,
  'Base44-Service-Authorization': `Bearer ${SERVICE_TOKEN}`,
};
const printable = (length: number) => 'x'.repeat(length);

describe('forwardedHeaders', () => {
  it('always the app id, the API URL and the service token; nothing of the caller’s but what is listed', () => {
    expect(
      forwardedHeaders(
        {
          cookie: 'session=1',
          host: 'localhost:4400',
          'x-forwarded-for': '10.0.0.1',
          'base44-service-authorization': 'Bearer forged',
        },
        APP,
        API,
      ),
    ).toStrictEqual(PLATFORM);
  });

  it('the caller’s token, the functions version, the body’s type and the signature when sent', () => {
    expect(
      forwardedHeaders(
        {
          authorization: 'Bearer user-token_1.x~',
          'base44-functions-version': 'prod 2',
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': 't=1,v1=abc',
        },
        APP,
        API,
      ),
    ).toStrictEqual({
      ...PLATFORM,
      Authorization: 'Bearer user-token_1.x~',
      'Base44-Functions-Version': 'prod 2',
      'Content-Type': 'application/json; charset=utf-8',
      'Stripe-Signature': 't=1,v1=abc',
    });
  });

  it('a token only in the exact `Bearer <token>` form, of printable characters, up to 4096 of them', () => {
    expect(forwardedHeaders({ authorization: `Bearer ${printable(4096)}` }, APP, API).Authorization).toBe(
      `Bearer ${printable(4096)}`,
    );
    expect(forwardedHeaders({ authorization: 'Bearer t' }, APP, API).Authorization).toBe('Bearer t');
    for (const authorization of [
      `Bearer ${printable(4097)}`,
      'Bearer ',
      'Bearer a b',
      'Bearer \u00e9',
      'bearer token',
      'Basic dXNlcjpwYXNz',
      ' Bearer token',
      'xBearer token',
      'Bearer token\n',
      '',
    ]) {
      expect(forwardedHeaders({ authorization }, APP, API), authorization).toStrictEqual(PLATFORM);
    }
  });

  it('a functions version of 1 to 64 printable characters', () => {
    expect(forwardedHeaders({ 'base44-functions-version': printable(64) }, APP, API)).toStrictEqual({
      ...PLATFORM,
      'Base44-Functions-Version': printable(64),
    });
    expect(forwardedHeaders({ 'base44-functions-version': 'v' }, APP, API)['Base44-Functions-Version']).toBe(
      'v',
    );
    for (const version of [printable(65), 'v\t1', 'v\u00e91', 'v1\n', '\nv1', '']) {
      expect(forwardedHeaders({ 'base44-functions-version': version }, APP, API), version).toStrictEqual(
        PLATFORM,
      );
    }
  });

  it('a signature of 1 to 4096 printable characters', () => {
    expect(forwardedHeaders({ 'stripe-signature': printable(4096) }, APP, API)['Stripe-Signature']).toBe(
      printable(4096),
    );
    expect(forwardedHeaders({ 'stripe-signature': 't' }, APP, API)['Stripe-Signature']).toBe('t');
    for (const signature of [printable(4097), 't=1,\u0000v1=x', 't=1\n', '\nt=1', '']) {
      expect(forwardedHeaders({ 'stripe-signature': signature }, APP, API), signature).toStrictEqual(
        PLATFORM,
      );
    }
  });

  it('a header sent more than once is not forwarded', () => {
    expect(
      forwardedHeaders(
        {
          authorization: ['Bearer a', 'Bearer b'] as unknown as string,
          'content-type': ['text/plain', 'application/json'] as unknown as string,
        },
        APP,
        API,
      ),
    ).toStrictEqual(PLATFORM);
  });
});
