/**
 * stripeWebhook's answers to a delivery (delivery.ts), with the provider's real SDK checking signatures, an in-memory
 * platform behind the service role and a provider that holds one purchase: a bad signature or an event it cannot
 * identify is a 400 that records nothing; an event in any API version is recorded (its object is read from the
 * provider); a type it does not handle, or an event that is not this site's purchase, is acknowledged; only the
 * platform or the provider failing is a 5xx (the provider then delivers again). Each refusal and failure is logged with
 * its reason, for the agency to read.
 */
import { createClientFromRequest } from '@base44/sdk';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  answerDelivery,
  type WebhookDeps,
  type WebhookSdk,
} from '../../../base44/functions/stripeWebhook/delivery.ts';
import type { ProviderApi } from '../../../base44/shared/env.ts';
import { type StripeClient, verifyWebhookEvent } from '../../../base44/shared/stripe-client.ts';
import { type CapturedLogs, captureLogs } from '../../deno/helpers/captured-logs.ts';
import { testEnv } from '../../deno/helpers/test-env.ts';
import {
  event,
  PURCHASE_S,
  SESSION_ID,
  SUBSCRIPTION_ID,
  sessionEvent,
} from '../../support/provider-events.ts';
import { type MemoryPlatform, memoryPlatform } from './memory-platform.ts';
import { type LookupDouble, providerLookup } from './provider-lookup-double.ts';

const SECRET = 'whsec_unit_test';
const AGENCY = 'hello@example.co.uk';
const VARS = { STRIPE_WEBHOOK_SECRET: SECRET, AGENCY_EMAIL: AGENCY, STRIPE_SECRET_KEY: 'sk_test_1' };
const COMPLETED_ID = 'evt_checkout.session.completed';

interface Delivery {
  /** `null`: no Stripe-Signature header; default: signed with SECRET. */
  signature?: string | null;
  secret?: string;
  method?: string;
}

async function request(raw: unknown, delivery: Delivery = {}): Promise<Request> {
  const payload = JSON.stringify(raw);
  const signature =
    delivery.signature === undefined
      ? await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: delivery.secret ?? SECRET })
      : delivery.signature;
  const method = delivery.method ?? 'POST';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  return new Request('http://127.0.0.1/functions/stripeWebhook', {
    method,
    headers,
    body: method === 'GET' ? undefined : payload,
  });
}

interface Setup {
  platform: MemoryPlatform;
  lookup: LookupDouble;
  /** The provider clients made for the lookups: with which key and API. */
  clients: { secretKey: string; api: ProviderApi }[];
  sdk: WebhookSdk;
  deps: WebhookDeps;
}

/** The webhook with the real SDK's signature check, the in-memory platform and a provider double. */
function setup(vars: Record<string, string | undefined> = VARS): Setup {
  const platform = memoryPlatform();
  const lookup = providerLookup({ status: 'trialing' });
  const clients: Setup['clients'] = [];
  const client = { clients } as unknown as StripeClient;
  const sdk: WebhookSdk = {
    verify: verifyWebhookEvent,
    platformOf: () => ({ asServiceRole: platform.serviceRole }),
    createStripe(secretKey, api) {
      clients.push({ secretKey, api });
      return client;
    },
    stripeLookup(stripe) {
      if (stripe !== client) throw new Error('the lookups were given another client');
      return lookup;
    },
  };
  return { platform, lookup, clients, sdk, deps: { env: testEnv(vars) } };
}

async function answer(s: Setup, raw: unknown, delivery?: Delivery) {
  const res = await answerDelivery(await request(raw, delivery), s.deps, s.sdk);
  return { status: res.status, allow: res.headers.get('allow'), body: await res.json() };
}

/** Nothing was recorded, sent or asked of the provider. */
function untouched(s: Setup) {
  expect(s.platform.stored).toEqual([]);
  expect(s.platform.emails).toEqual([]);
  expect(s.lookup.asked).toEqual([]);
}

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe('a purchase’s event', () => {
  it('is recorded through the service role and answered with the order’s id', async () => {
    const s = setup();
    expect(await answer(s, sessionEvent('checkout.session.completed'))).toEqual({
      status: 200,
      allow: null,
      body: { received: true, order_id: 'order_1' },
    });
    expect(s.platform.stored).toMatchObject([
      { id: 'order_1', subscription_id: SUBSCRIPTION_ID, status: 'paid' },
    ]);
    expect(s.platform.emails.map((email) => email.to)).toEqual([AGENCY]);
    expect(logs.text()).toBe('');
  });

  it('asks the provider through its SDK with the configured key and API, unless given another lookup', async () => {
    const s = setup({ ...VARS, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '4400' });
    expect((await answer(s, sessionEvent('checkout.session.completed'))).body).toEqual({
      received: true,
      order_id: 'order_1',
    });
    expect(s.clients).toEqual([{ secretKey: 'sk_test_1', api: { host: '127.0.0.1', port: 4400 } }]);
    // A lookup given in the deps is the one asked; the SDK's is not made.
    const given = setup();
    const other = providerLookup({ status: 'trialing' });
    other.set(null);
    given.deps = { ...given.deps, lookup: other };
    expect((await answer(given, sessionEvent('checkout.session.completed'))).body).toEqual({
      received: true,
      ignored: true,
      reason: `the provider has no subscription ${SUBSCRIPTION_ID}`,
    });
    expect(given.clients).toEqual([]);
    expect(other.calls).toBe(1);
  });

  it('that is not this site’s purchase is acknowledged with the reason, logged, and records nothing', async () => {
    const s = setup();
    s.lookup.set(null);
    expect(await answer(s, sessionEvent('checkout.session.completed'))).toEqual({
      status: 200,
      allow: null,
      body: { received: true, ignored: true, reason: `the provider has no subscription ${SUBSCRIPTION_ID}` },
    });
    expect(s.platform.stored).toEqual([]);
    expect(logs.warnings).toEqual([
      `stripeWebhook: event ${COMPLETED_ID} (checkout.session.completed) is not this site's purchase: the provider has no subscription ${SUBSCRIPTION_ID}`,
    ]);
    expect(logs.errors).toEqual([]);
  });
});

describe('what it acknowledges and changes nothing for', () => {
  it('a type it does not handle: 200, nothing asked of the platform or the provider', async () => {
    const s = setup();
    s.sdk.platformOf = () => {
      throw new Error('the platform was asked');
    };
    expect(await answer(s, event('invoice.finalized', { object: 'invoice' }, PURCHASE_S))).toEqual({
      status: 200,
      allow: null,
      body: { received: true, ignored: true },
    });
    untouched(s);
    expect(logs.text()).toBe('');
  });
});

describe('what it refuses with a 400, recording nothing', () => {
  it('a missing or empty Stripe-Signature', async () => {
    for (const signature of [null, '']) {
      const s = setup();
      expect(await answer(s, sessionEvent('checkout.session.completed'), { signature })).toEqual({
        status: 400,
        allow: null,
        body: { error: 'Missing Stripe-Signature header', code: 'invalid_signature' },
      });
      untouched(s);
    }
    expect(logs.text()).toBe('');
  });

  it('a signature that does not check out: a warning with the first line of the SDK’s reason', async () => {
    const s = setup();
    expect(
      await answer(s, sessionEvent('checkout.session.completed'), { secret: 'whsec_someone_else' }),
    ).toEqual({
      status: 400,
      allow: null,
      body: { error: 'Invalid Stripe-Signature', code: 'invalid_signature' },
    });
    untouched(s);
    expect(logs.warnings).toEqual([
      'stripeWebhook: rejected a delivery (No signatures found matching the expected signature for payload. Are you passing the raw request body you received from Stripe? )',
    ]);
    expect(logs.errors).toEqual([]);
  });

  it('a check that fails with something other than an Error: its text, first line', async () => {
    const s = setup();
    s.sdk.verify = () => Promise.reject('no signature\nmore advice');
    expect((await answer(s, sessionEvent('checkout.session.completed'))).body).toEqual({
      error: 'Invalid Stripe-Signature',
      code: 'invalid_signature',
    });
    expect(logs.warnings).toEqual(['stripeWebhook: rejected a delivery (no signature)']);
  });

  it('an event it cannot identify: the reason, warned, naming the event only by an id that is one', async () => {
    const s = setup();
    const noObject = { ...sessionEvent('checkout.session.completed'), data: { object: { id: '' } } };
    expect(await answer(s, noObject)).toEqual({
      status: 400,
      allow: null,
      body: {
        error: "The event cannot be used: data.object.id is not one of the provider's ids",
        code: 'unusable_event',
      },
    });
    const oversized = { ...sessionEvent('checkout.session.completed'), id: `evt_${'x'.repeat(4_996)}` };
    expect((await answer(s, oversized)).body).toEqual({
      error: "The event cannot be used: id is not one of the provider's ids",
      code: 'unusable_event',
    });
    expect((await answer(s, null)).body).toEqual({
      error: 'The event cannot be used: the event is not an object',
      code: 'unusable_event',
    });
    untouched(s);
    expect(logs.warnings).toEqual([
      `stripeWebhook: event ${COMPLETED_ID} cannot be used (data.object.id is not one of the provider's ids)`,
      "stripeWebhook: an event cannot be used (id is not one of the provider's ids)",
      'stripeWebhook: an event cannot be used (the event is not an object)',
    ]);
    expect(logs.errors).toEqual([]);
  });
});

describe('whatever API version the event is rendered in', () => {
  it('another version, or none: recorded from the provider’s objects, like any other', async () => {
    for (const version of ['2025-02-24.acacia', '2025-03-31.basil', null]) {
      const s = setup();
      const rendered = { ...sessionEvent('checkout.session.completed'), api_version: version };
      expect(await answer(s, rendered), String(version)).toEqual({
        status: 200,
        allow: null,
        body: { received: true, order_id: 'order_1' },
      });
      expect(s.platform.stored).toMatchObject([{ status: 'paid' }]);
      expect(s.lookup.asked.slice(0, 2)).toEqual([
        `checkout ${SESSION_ID}`,
        `subscription ${SUBSCRIPTION_ID}`,
      ]);
    }
    expect(logs.text()).toBe('');
  });
});

describe('what it answers with a 5xx, for the provider to deliver again', () => {
  it('no platform access: 500, logged with the reason', async () => {
    // The platform's own SDK, given a request without the headers the platform's forwarding adds.
    const s = setup();
    s.sdk.platformOf = createClientFromRequest;
    const noAccess = {
      status: 500,
      allow: null,
      body: { error: 'The order could not be recorded', code: 'platform_error' },
    };
    expect(await answer(s, sessionEvent('checkout.session.completed'))).toEqual(noAccess);
    untouched(s);
    expect(logs.errors).toEqual([
      'stripeWebhook: no platform access (Base44-App-Id header is required, but is was not found on the request)',
    ]);
    s.sdk.platformOf = () => {
      throw 'no token';
    };
    expect(await answer(s, sessionEvent('checkout.session.completed'))).toEqual(noAccess);
    expect(logs.errors[1]).toBe('stripeWebhook: no platform access (no token)');
  });

  it('the platform or the provider failing: 500, logged with the status it gave', async () => {
    const cases: [unknown, string][] = [
      [
        Object.assign(new Error('Mail service unavailable'), { status: 503, statusCode: 502 }),
        '503 Mail service unavailable',
      ],
      [
        Object.assign(new Error('An error occurred with our connection'), { statusCode: 502 }),
        '502 An error occurred with our connection',
      ],
      [new Error('connection refused'), 'no status connection refused'],
      ['refused', 'no status refused'],
      [undefined, 'no status undefined'],
      [null, 'no status null'],
    ];
    for (const [thrown, logged] of cases) {
      const s = setup();
      s.lookup.subscription = () => Promise.reject(thrown);
      logs.errors.length = 0;
      expect(await answer(s, sessionEvent('checkout.session.completed'))).toEqual({
        status: 500,
        allow: null,
        body: { error: 'The order could not be recorded', code: 'platform_error' },
      });
      expect(s.platform.stored).toEqual([]);
      expect(logs.errors).toEqual([
        `stripeWebhook: event ${COMPLETED_ID} (checkout.session.completed) failed (${logged})`,
      ]);
    }
  });

  it('a failed e-mail after the order was recorded: 500, and the redelivery sends it', async () => {
    const s = setup();
    s.platform.failSendEmail = 1;
    expect((await answer(s, sessionEvent('checkout.session.completed'))).status).toBe(500);
    expect(s.platform.stored).toMatchObject([{ status: 'paid' }]);
    expect(s.platform.emails).toEqual([]);
    expect((await answer(s, sessionEvent('checkout.session.completed'))).status).toBe(200);
    expect(s.platform.emails).toHaveLength(1);
  });
});

describe('at the door', () => {
  it('any method but POST is 405 with Allow: POST', async () => {
    const s = setup();
    expect(await answer(s, null, { method: 'GET' })).toEqual({
      status: 405,
      allow: 'POST',
      body: { error: 'Use POST', code: 'method_not_allowed' },
    });
    untouched(s);
  });

  it('a missing setting is a 500 naming it, logged, before the signature is checked', async () => {
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'AGENCY_EMAIL', 'STRIPE_SECRET_KEY']) {
      const s = setup({ ...VARS, [name]: undefined });
      logs.errors.length = 0;
      expect(await answer(s, sessionEvent('checkout.session.completed'), { signature: null })).toEqual({
        status: 500,
        allow: null,
        body: { error: `${name} is not set`, code: 'config_error' },
      });
      untouched(s);
      expect(logs.errors).toEqual([`stripeWebhook: ${name} is not set`]);
    }
  });

  it('anything else that goes wrong is a 500 without its details', async () => {
    const s = setup();
    s.deps = {
      env: {
        get() {
          throw new TypeError('the environment cannot be read');
        },
      },
    };
    expect(await answer(s, sessionEvent('checkout.session.completed'))).toEqual({
      status: 500,
      allow: null,
      body: { error: 'The event could not be processed', code: 'internal_error' },
    });
    untouched(s);
    expect(logs.errors).toHaveLength(1);
    expect(logs.errors[0]).toMatch(
      /^stripeWebhook: unexpected error TypeError: the environment cannot be read/,
    );
  });
});
