/**
 * The double's API plumbing: Basic auth read strictly (the whole header, one or more spaces), the message for a
 * Stripe-Version that is not one text, and the provider's 404 for a URL under `/v1` it does not serve.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { formBody, requestVersion, requireKey } from '../../../../host-harness/payments/api/api-request.ts';
import { RENDERED_VERSIONS } from '../../../../host-harness/payments/webhooks/event-versions.ts';
import { type PaymentsApp, paymentsApp } from '../support/payments-app.ts';
import { refusalOf } from '../support/provider-refusal.ts';

const KEY = 'sk_test_harness_local';
const PINNED = '2026-10-28.endive';
const b64 = (user: string) => Buffer.from(user).toString('base64');
const withAuth = (authorization: string) => ({ headers: { authorization } });
const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";

describe('requireKey with Basic auth', () => {
  it('takes the key after several spaces', () => {
    expect(requireKey(withAuth(`Basic    ${b64(`${KEY}:`)}`))).toBe(KEY);
  });

  it('finds no key when text follows the credentials', () => {
    expect(refusalOf(() => requireKey(withAuth(`Basic ${b64(`${KEY}:`)} extra`)))).toStrictEqual({
      status: 401,
      type: 'invalid_request_error',
      message: NO_KEY,
    });
  });

  it('finds no key when text comes before the scheme', () => {
    expect(refusalOf(() => requireKey(withAuth(`Token Basic ${b64(`${KEY}:`)}`)))).toStrictEqual({
      status: 401,
      type: 'invalid_request_error',
      message: NO_KEY,
    });
  });
});

describe('requestVersion', () => {
  it('quotes an empty version when the header is not one text', () => {
    const headers = { 'stripe-version': [PINNED, PINNED] as unknown as string };
    expect(refusalOf(() => requestVersion({ headers }, PINNED))).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: `Invalid Stripe API version:  (the local double answers in ${RENDERED_VERSIONS.join(', ')})`,
      code: 'api_version_invalid',
    });
  });
});

describe('formBody', () => {
  it('refuses a body sent without a Content-Type', () => {
    expect(refusalOf(() => formBody({ headers: {}, body: 'a=1' }))).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Request bodies must be form-encoded (application/x-www-form-urlencoded)',
    });
  });
});

describe('a URL the double does not serve', () => {
  let app: PaymentsApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("is the provider's 404 naming the method and the path without its query", async () => {
    app = await paymentsApp();
    const answer = await app.provider('GET', '/v1/nothing_here?limit=3');
    expect(answer.status).toBe(404);
    expect(answer.body).toStrictEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Unrecognized request URL (GET: /v1/nothing_here).',
      },
    });
  });
});
