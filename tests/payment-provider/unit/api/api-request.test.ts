/**
 * The double's API plumbing read from a request's fields: the secret key (Bearer, or Basic with the key as user name),
 * the API version (`Stripe-Version`, else the account's default; only the versions it renders), form bodies, lists,
 * `limit`, and query parameters it does not filter by.
 */
import { describe, expect, it } from 'vitest';
import {
  formBody,
  limitOf,
  list,
  notFound,
  onlyQuery,
  queryOf,
  requestVersion,
  requireKey,
} from '../../../../host-harness/payments/api/api-request.ts';
import { refusalOf } from '../support/provider-refusal.ts';

const KEY = 'sk_test_harness_local';
const PINNED = '2026-10-28.endive';
const ACACIA = '2025-02-24.acacia';
const basic = (user: string) => `Basic ${Buffer.from(user).toString('base64')}`;
const withAuth = (authorization: string | undefined) => ({
  headers: authorization === undefined ? {} : { authorization },
});

describe('requireKey', () => {
  it("takes the account's secret key as a Bearer token or as Basic auth's user name", () => {
    expect(requireKey(withAuth(`Bearer ${KEY}`))).toBe(KEY);
    expect(requireKey(withAuth(`  bearer   ${KEY}  `))).toBe(KEY);
    expect(requireKey(withAuth(basic(`${KEY}:`)))).toBe(KEY);
    expect(requireKey(withAuth(basic(KEY)))).toBe(KEY);
    expect(requireKey(withAuth(` BASIC ${Buffer.from(`${KEY}:x:y`).toString('base64')} `))).toBe(KEY);
  });

  it('is a 401 without a key', () => {
    const none = {
      status: 401,
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    };
    for (const header of [
      undefined,
      '',
      'Bearer',
      `Token ${KEY}`,
      `Bearer ${KEY} extra`,
      `x Bearer ${KEY}`,
      basic(':pw'),
      'Basic ***',
    ]) {
      expect(
        refusalOf(() => requireKey(withAuth(header))),
        String(header),
      ).toStrictEqual(none);
    }
    expect(
      refusalOf(() => requireKey({ headers: { authorization: [`Bearer ${KEY}`] as unknown as string } })),
    ).toStrictEqual(none);
  });

  it('is a 401 api_key_invalid with another key, showing only its ends', () => {
    expect(refusalOf(() => requireKey(withAuth('Bearer sk_live_0123456789abcdef')))).toStrictEqual({
      status: 401,
      type: 'invalid_request_error',
      message: 'Invalid API Key provided: sk_live_************cdef',
      code: 'api_key_invalid',
    });
    expect(refusalOf(() => requireKey(withAuth('Bearer 123456789'))).message).toBe(
      'Invalid API Key provided: 12345678************6789',
    );
    expect(refusalOf(() => requireKey(withAuth('Bearer 12345678'))).message).toBe(
      'Invalid API Key provided: ****',
    );
    expect(refusalOf(() => requireKey(withAuth(basic('sk_test_other:')))).code).toBe('api_key_invalid');
  });
});

describe('requestVersion', () => {
  const version = (header: string | string[] | undefined) =>
    requestVersion({ headers: header === undefined ? {} : { 'stripe-version': header } }, ACACIA);

  it("answers in the request's Stripe-Version, else the account's default", () => {
    expect(version(undefined)).toBe(ACACIA);
    expect(version(PINNED)).toBe(PINNED);
    expect(version(` ${ACACIA} `)).toBe(ACACIA);
  });

  it('refuses a version the double does not render, naming those it does', () => {
    expect(refusalOf(() => version('2025-03-31.basil'))).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: `Invalid Stripe API version: 2025-03-31.basil (the local double answers in ${PINNED}, ${ACACIA})`,
      code: 'api_version_invalid',
    });
    expect(refusalOf(() => version('')).message).toBe(
      `Invalid Stripe API version:  (the local double answers in ${PINNED}, ${ACACIA})`,
    );
    expect(refusalOf(() => version([PINNED, ACACIA])).code).toBe('api_version_invalid');
    expect(refusalOf(() => version('v'.repeat(60))).message).toBe(
      `Invalid Stripe API version: ${'v'.repeat(40)} (the local double answers in ${PINNED}, ${ACACIA})`,
    );
  });
});

describe('formBody', () => {
  const FORM = 'application/x-www-form-urlencoded';

  it('takes a form-encoded body, whatever its parameters or case', () => {
    for (const type of [FORM, `${FORM}; charset=utf-8`, FORM.toUpperCase()]) {
      expect(formBody({ body: 'mode=payment', headers: { 'content-type': type } }), type).toBe(
        'mode=payment',
      );
    }
  });

  it('takes an empty or missing body of any type', () => {
    expect(formBody({ body: '', headers: { 'content-type': 'application/json' } })).toBe('');
    expect(formBody({ body: undefined, headers: {} })).toBe('');
    expect(formBody({ body: { mode: 'payment' }, headers: { 'content-type': 'application/json' } })).toBe('');
  });

  it('refuses a body of another type', () => {
    for (const headers of [
      { 'content-type': 'application/json' },
      { 'content-type': `text/plain; x=${FORM}` },
      { 'content-type': `${FORM}x` },
      {},
    ]) {
      expect(
        refusalOf(() => formBody({ body: 'mode=payment', headers })),
        JSON.stringify(headers),
      ).toStrictEqual({
        status: 400,
        type: 'invalid_request_error',
        message: 'Request bodies must be form-encoded (application/x-www-form-urlencoded)',
      });
    }
  });
});

describe('lists and queries', () => {
  it('reads the query of a URL, or none', () => {
    expect([...queryOf({ url: '/v1/checkout/sessions?limit=3&subscription=sub_1' })]).toStrictEqual([
      ['limit', '3'],
      ['subscription', 'sub_1'],
    ]);
    expect([...queryOf({ url: '/v1/checkout/sessions' })]).toStrictEqual([]);
  });

  it("answers a list in the provider's shape", () => {
    expect(list('/v1/x', [1, 2])).toStrictEqual({
      object: 'list',
      data: [1, 2],
      has_more: false,
      url: '/v1/x',
    });
    expect(list('/v1/x', [], true)).toStrictEqual({ object: 'list', data: [], has_more: true, url: '/v1/x' });
  });

  it('limit: 10 by default, 1 to 100', () => {
    expect(limitOf(new URLSearchParams())).toBe(10);
    expect(limitOf(new URLSearchParams('limit=1'))).toBe(1);
    expect(limitOf(new URLSearchParams('limit=100'))).toBe(100);
    expect(limitOf(new URLSearchParams('limit=007'))).toBe(7);
    for (const raw of ['0', '101', '0100', '', '-1', '1.5', 'ten', ' 5', '5 ', 'x5', '5x']) {
      expect(
        refusalOf(() => limitOf(new URLSearchParams({ limit: raw }))),
        raw,
      ).toStrictEqual({
        status: 400,
        type: 'invalid_request_error',
        message: 'Invalid integer: limit must be 1 to 100',
        param: 'limit',
      });
    }
  });

  it('refuses a query parameter the route does not filter by, naming it', () => {
    expect(() =>
      onlyQuery(new URLSearchParams('limit=3&subscription=sub_1'), ['subscription', 'limit'], 'x'),
    ).not.toThrow();
    expect(
      refusalOf(() => onlyQuery(new URLSearchParams('limit=3&status=open'), ['limit'], 'sessions')),
    ).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'status is not simulated by the local double when listing sessions',
      param: 'status',
    });
    const long = 'q'.repeat(120);
    expect(refusalOf(() => onlyQuery(new URLSearchParams({ [long]: '1' }), [], 'disputes'))).toMatchObject({
      message: `${'q'.repeat(100)} is not simulated by the local double when listing disputes`,
      param: long,
    });
  });

  it("notFound: a 404 resource_missing naming the object and the id's first 100 characters", () => {
    expect(
      refusalOf(() => {
        throw notFound('checkout.session', 'cs_missing', 'session');
      }),
    ).toStrictEqual({
      status: 404,
      type: 'invalid_request_error',
      message: "No such checkout.session: 'cs_missing'",
      param: 'session',
      code: 'resource_missing',
    });
    expect(notFound('invoice', 'i'.repeat(150), 'invoice').message).toBe(
      `No such invoice: '${'i'.repeat(100)}'`,
    );
  });
});
