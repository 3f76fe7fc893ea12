/**
 * createCheckout's answers (checkout-answer.ts), with a provider that records the session it is asked for and answers
 * as a test says, and the SDK's own errors: `200 { url }` for the provider's page, 405 for another method, the
 * request's own 415 or 400, a 500 naming a missing setting, a 502 when the provider refuses or answers no page, and a
 * 500 without details for anything else. Failures are logged with their reason, never a token.
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  answerCheckout,
  type CheckoutDeps,
  type CheckoutSdk,
} from '../../../base44/functions/createCheckout/checkout-answer.ts';
import type { ProviderApi } from '../../../base44/shared/env.ts';
import { isProviderError } from '../../../base44/shared/stripe-client.ts';
import { type CapturedLogs, captureLogs } from '../../deno/helpers/captured-logs.ts';
import { testEnv } from '../../deno/helpers/test-env.ts';
import { FIRST_RENEWAL_S, PURCHASE_S } from '../../support/provider-events.ts';
import { PACKAGE } from '../../support/spec-figures.ts';

const VARS = { STRIPE_SECRET_KEY: 'sk_test_1', SITE_ORIGIN: 'https://www.example.co.uk' };
const PAGE = 'https://checkout.stripe.com/c/pay/cs_test_1';
const PROVIDER_REFUSED = { error: 'The payment provider could not start checkout', code: 'provider_error' };

type Params = Parameters<ReturnType<CheckoutSdk['createStripe']>['checkout']['sessions']['create']>[0];

interface Setup {
  sdk: CheckoutSdk;
  deps: CheckoutDeps;
  /** What the provider was asked for, with which key and API. */
  sessions: { secretKey: string; api: ProviderApi; params: Params }[];
  /** The requests the platform was asked who is signed in for. */
  platformAsked: Request[];
}

/**
 * createCheckout with a provider that answers `answer()` and a platform whose signed-in user is `user` (its
 * `auth.me()` answers it; `'never'`: it does not answer).
 */
function setup(answer: () => Promise<{ id: string; url: string | null }>, user: unknown = null): Setup {
  const sessions: Setup['sessions'] = [];
  const platformAsked: Request[] = [];
  const sdk: CheckoutSdk = {
    platformOf(req) {
      platformAsked.push(req);
      return { auth: { me: () => (user === 'never' ? new Promise(() => {}) : Promise.resolve(user)) } };
    },
    createStripe(secretKey, api) {
      return {
        checkout: {
          sessions: {
            create(params) {
              sessions.push({ secretKey, api, params });
              return answer();
            },
          },
        },
      };
    },
    isProviderError,
  };
  return { sdk, sessions, platformAsked, deps: { env: testEnv(VARS), nowS: () => PURCHASE_S } };
}

const opened = () => Promise.resolve({ id: 'cs_test_1', url: PAGE });

function post(body: unknown = { packageName: PACKAGE }, init: RequestInit = {}) {
  return new Request('http://127.0.0.1/functions/createCheckout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
}

async function answer(s: Setup, req: Request = post()) {
  const res = await answerCheckout(req, s.deps, s.sdk);
  return { status: res.status, allow: res.headers.get('allow'), body: await res.json() };
}

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe('a checkout', () => {
  it('asks the provider for the package’s session with the configured key and answers its page', async () => {
    const s = setup(opened);
    s.deps.env = testEnv({ ...VARS, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '4400' });
    expect(await answer(s)).toEqual({ status: 200, allow: null, body: { url: PAGE } });
    expect(s.sessions).toHaveLength(1);
    const [{ secretKey, api, params }] = s.sessions as [Setup['sessions'][number]];
    expect({ secretKey, api }).toStrictEqual({
      secretKey: 'sk_test_1',
      api: { host: '127.0.0.1', port: 4400 },
    });
    expect(params).toMatchObject({
      mode: 'subscription',
      success_url: 'https://www.example.co.uk/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
      expires_at: PURCHASE_S + 3600,
      metadata: { package: PACKAGE },
      subscription_data: { trial_end: FIRST_RENEWAL_S },
    });
    expect(params).not.toHaveProperty('customer_email');
    // An anonymous caller: the platform is not asked.
    expect(s.platformAsked).toEqual([]);
    expect(logs.text()).toBe('');
  });

  it('a signed-in caller’s e-mail is prefilled and their id kept', async () => {
    const s = setup(opened, { id: 'user_1', email: 'jane@example.co.uk' });
    const req = post(undefined, {
      headers: { 'content-type': 'application/json', authorization: 'Bearer user-token-1' },
    });
    expect((await answer(s, req)).status).toBe(200);
    expect(s.platformAsked).toEqual([req]);
    expect(s.sessions[0]?.params).toMatchObject({
      customer_email: 'jane@example.co.uk',
      metadata: { package: PACKAGE, user_id: 'user_1' },
    });
  });

  it('a platform that does not answer in the time given: checkout goes ahead without prefill', async () => {
    const s = setup(opened, 'never');
    s.deps.callerLookupTimeoutMs = 20;
    const req = post(undefined, {
      headers: { 'content-type': 'application/json', authorization: 'Bearer user-token-1' },
    });
    expect(await answer(s, req)).toEqual({ status: 200, allow: null, body: { url: PAGE } });
    expect(s.sessions[0]?.params).not.toHaveProperty('customer_email');
    expect(logs.warnings).toEqual([
      'createCheckout: signed-in user not read, no e-mail prefilled (no answer within 20 ms)',
    ]);
  });

  it('without a clock of its own, counts from now', async () => {
    const s = setup(opened);
    s.deps = { env: s.deps.env };
    const before = Math.floor(Date.now() / 1000);
    expect((await answer(s)).status).toBe(200);
    const after = Math.floor(Date.now() / 1000);
    const expiresAt = s.sessions[0]?.params.expires_at ?? 0;
    expect(Number.isInteger(expiresAt)).toBe(true);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3600);
    expect(expiresAt).toBeLessThanOrEqual(after + 3600);
  });
});

describe('the provider failing', () => {
  it('a session answered without a page: 502, logged with the session’s id', async () => {
    // A url that is not text is no page either (the SDK's type says text or null; the provider's answer decides).
    for (const url of [null, '', 42 as unknown as string]) {
      const s = setup(() => Promise.resolve({ id: 'cs_test_9', url }));
      logs.errors.length = 0;
      expect(await answer(s)).toEqual({ status: 502, allow: null, body: PROVIDER_REFUSED });
      expect(logs.errors).toEqual(["createCheckout: the provider's session cs_test_9 has no url"]);
    }
  });

  it('the SDK’s error (a refusal, a lost connection): 502, the provider’s reason in the log only', async () => {
    const cases: [Error, string][] = [
      [
        new Stripe.errors.StripeInvalidRequestError({ message: 'No such price: price_x', statusCode: 400 }),
        'createCheckout: the payment provider refused the session (StripeInvalidRequestError, 400): No such price: price_x',
      ],
      [
        new Stripe.errors.StripeConnectionError({
          message: 'An error occurred with our connection to Stripe.',
        }),
        'createCheckout: the payment provider refused the session (StripeConnectionError, no status): An error occurred with our connection to Stripe.',
      ],
    ];
    for (const [error, logged] of cases) {
      const s = setup(() => Promise.reject(error));
      logs.errors.length = 0;
      expect(await answer(s)).toEqual({ status: 502, allow: null, body: PROVIDER_REFUSED });
      expect(logs.errors).toEqual([logged]);
    }
  });

  it('an error of ours on the way: 500 without its details', async () => {
    const s = setup(() => Promise.reject(new TypeError('session is not a function')));
    expect(await answer(s)).toEqual({
      status: 500,
      allow: null,
      body: { error: 'Checkout could not be started', code: 'internal_error' },
    });
    expect(logs.errors).toHaveLength(1);
    expect(logs.errors[0]).toMatch(/^createCheckout: unexpected error TypeError: session is not a function/);
  });
});

describe('refused before the provider is asked', () => {
  it('any method but POST: 405 with Allow: POST', async () => {
    const s = setup(opened);
    expect(await answer(s, new Request('http://127.0.0.1/functions/createCheckout'))).toEqual({
      status: 405,
      allow: 'POST',
      body: { error: 'Use POST', code: 'method_not_allowed' },
    });
    expect(s.sessions).toEqual([]);
  });

  it('a request that is not JSON, or names no package on sale: its own status and message', async () => {
    const s = setup(opened);
    expect(
      await answer(s, post({ packageName: PACKAGE }, { headers: { 'content-type': 'text/plain' } })),
    ).toEqual({
      status: 415,
      allow: null,
      body: {
        error: 'Send the request as JSON: its Content-Type must be application/json',
        code: 'unsupported_media_type',
      },
    });
    expect(await answer(s, post({ packageName: 'platinum' }))).toEqual({
      status: 400,
      allow: null,
      body: { error: 'Unknown packageName: the packages on sale are gold', code: 'invalid_request' },
    });
    expect(s.sessions).toEqual([]);
  });

  it('a missing setting: 500 naming it, logged', async () => {
    for (const name of ['STRIPE_SECRET_KEY', 'SITE_ORIGIN']) {
      const s = setup(opened);
      s.deps.env = testEnv({ ...VARS, [name]: undefined });
      logs.errors.length = 0;
      expect(await answer(s)).toEqual({
        status: 500,
        allow: null,
        body: { error: `${name} is not set`, code: 'config_error' },
      });
      expect(s.sessions).toEqual([]);
      expect(logs.errors).toEqual([`createCheckout: ${name} is not set`]);
    }
  });

  it('an environment that cannot be read: 500 without its details', async () => {
    const s = setup(opened);
    s.deps.env = {
      get() {
        throw new TypeError('the environment cannot be read');
      },
    };
    expect(await answer(s)).toEqual({
      status: 500,
      allow: null,
      body: { error: 'Checkout could not be started', code: 'internal_error' },
    });
    expect(s.sessions).toEqual([]);
    expect(logs.errors[0]).toMatch(
      /^createCheckout: unexpected error TypeError: the environment cannot be read/,
    );
  });
});
