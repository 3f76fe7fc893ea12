/**
 * stripeWebhook at its door: signatures, the event's API version, configuration, the platform's token, and what it
 * answers events it does not handle (200, nothing asked or stored) or cannot use (400 with the reason, nothing stored).
 */
import assert from 'node:assert/strict';
import { SETUP_PENCE } from '../support/spec-figures.ts';
import { APP_ID, SERVICE_TOKEN } from './helpers/platform-double.ts';
import { DOUBLE_API_VERSION } from './helpers/provider-double.ts';
import { cardDayOne, checkoutSession, newPurchase, providerHolds } from './helpers/purchase.ts';
import { eventOf } from './helpers/stripe-objects.ts';
import { type Delivery, SECRET_KEY, withWebhook } from './helpers/webhook-setup.ts';

const purchase = newPurchase();
const completed = () => cardDayOne(purchase).events.completed;

Deno.test('stripeWebhook: a paid checkout is read from the provider with the SDK and recorded through the service role', async () => {
  await withWebhook(async ({ platform, provider, deliver }) => {
    providerHolds(provider, cardDayOne(purchase).now);
    const res = await deliver(completed());
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { received: true, order_id: 'order_1' });
    assert.deepEqual(provider.asked(), [`GET /v1/subscriptions/${purchase.subscriptionId}`]);
    const [lookup] = provider.requests;
    assert.equal(lookup?.headers.get('authorization'), `Bearer ${SECRET_KEY}`);
    assert.equal(lookup?.headers.get('stripe-version'), DOUBLE_API_VERSION);
    const calls = platform.requests.map((r) => `${r.method} ${r.path.replace(`/api/apps/${APP_ID}`, '')}`);
    assert.deepEqual(calls, [
      'GET /entities/Order',
      'POST /entities/Order',
      'PUT /entities/Order/order_1',
      'POST /integration-endpoints/Core/SendEmail',
      'PUT /entities/Order/order_1',
    ]);
    // Marked e-mailed only once the e-mail went out: a crash in between re-sends rather than loses it.
    assert.deepEqual(platform.requests[4]?.body, { email_sent: true });
    const firstWrite = platform.requests[2]?.body as Record<string, unknown> | undefined;
    assert.equal(firstWrite?.status, 'paid');
    assert.equal(firstWrite?.email_sent, undefined);
    for (const request of platform.requests) {
      assert.equal(request.headers.get('authorization'), `Bearer ${SERVICE_TOKEN}`);
      assert.equal(request.headers.get('x-app-id'), APP_ID);
    }
  });
});

Deno.test('stripeWebhook: bad or missing signatures are 400 and reach neither the platform nor the provider', async () => {
  await withWebhook(async ({ platform, provider, deliver, logs }) => {
    providerHolds(provider, cardDayOne(purchase).now);
    const event = completed();
    const payload = JSON.stringify(event);
    const cases: [string, Delivery][] = [
      ['wrong secret', { secret: 'whsec_someone_else' }],
      ['tampered body', { sentBody: payload.replace(String(SETUP_PENCE), '1') }],
      ['older than five minutes', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
      ['missing header', { signature: null }],
      ['empty header', { signature: '' }],
      ['not a signature', { signature: 'nonsense' }],
      ['no v1', { signature: `t=${Math.floor(Date.now() / 1000)}` }],
    ];
    for (const [name, delivery] of cases) {
      const res = await deliver(event, delivery);
      assert.equal(res.status, 400, name);
      const answer = await res.json();
      assert.equal(answer.code, 'invalid_signature', name);
      assert.match(answer.error, /Stripe-Signature/, name);
    }
    assert.equal(platform.requests.length, 0);
    assert.equal(provider.requests.length, 0);
    assert.equal(logs.errors.length, 0, 'a forged delivery is not an error of ours');
    // The same event, signed right, goes through.
    assert.equal((await deliver(event)).status, 200);
  });
});

Deno.test('stripeWebhook: an event rendered at another API version is a 400 naming both versions, logged as an error, with nothing stored', async () => {
  await withWebhook(async ({ platform, provider, deliver, logs }) => {
    providerHolds(provider, cardDayOne(purchase).now);
    const session = checkoutSession(purchase, 'paid');
    for (const version of ['2025-03-31.basil', '2024-06-20', '2026-09-30.endive', null]) {
      const event = eventOf('checkout.session.completed', session, purchase.purchasedS, {
        apiVersion: version,
      });
      const res = await deliver(event);
      assert.equal(res.status, 400, String(version));
      const answer = await res.json();
      assert.equal(answer.code, 'unsupported_api_version');
      assert.ok(answer.error.includes(String(event.id)), answer.error);
      assert.ok(answer.error.includes(version ?? '(none)'), answer.error);
      assert.ok(answer.error.includes(DOUBLE_API_VERSION), answer.error);
      const logged = logs.errors.filter((line) => line.includes(String(event.id)));
      assert.equal(logged.length, 1, logs.text());
      assert.ok(
        logged[0]?.includes(version ?? '(none)') && logged[0]?.includes(DOUBLE_API_VERSION),
        logged[0],
      );
    }
    assert.equal(platform.requests.length, 0);
    assert.equal(provider.requests.length, 0);
  });
});

Deno.test('stripeWebhook: event types it does not handle are acknowledged and change nothing', async () => {
  await withWebhook(async ({ platform, provider, deliver }) => {
    for (const type of [
      'payment_intent.succeeded',
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_succeeded',
      'checkout.session.expired',
      'customer.subscription.trial_will_end',
      'x.y',
    ]) {
      const res = await deliver({ ...completed(), type, data: null });
      assert.equal(res.status, 200, type);
      assert.deepEqual(await res.json(), { received: true, ignored: true });
    }
    assert.equal(platform.requests.length, 0);
    assert.equal(provider.requests.length, 0);
  });
});

Deno.test('stripeWebhook: a signed event whose content cannot be used is a 400 with the reason, and stores nothing', async () => {
  await withWebhook(async ({ platform, provider, deliver, logs }) => {
    const event = completed();
    const withObject = (object: unknown) => ({ ...event, data: { object } });
    const session = checkoutSession(purchase, 'paid');
    const invoice = cardDayOne(purchase).invoice;
    const cases: [string, unknown, RegExp][] = [
      ['a null object', withObject(null), /data\.object is not an object/],
      ['no data', { ...event, data: undefined }, /data is not an object/],
      ['no session id', withObject({ ...session, id: undefined }), /data\.object\.id is not text/],
      [
        'a numeric package',
        withObject({ ...session, metadata: { package: 7 } }),
        /metadata\.package is not text/,
      ],
      [
        'an amount as text',
        withObject({ ...session, amount_total: '799' }),
        /amount_total is not a whole number/,
      ],
      ['an odd payment status', withObject({ ...session, payment_status: 'maybe' }), /payment_status/],
      ['another object', withObject({ ...session, object: 'invoice' }), /not a checkout\.session/],
      ['no created time', { ...event, created: 'yesterday' }, /created is not a whole number/],
      [
        'an invoice without an amount due',
        { ...event, type: 'invoice.paid', data: { object: { ...invoice, amount_due: null } } },
        /amount_due is not a whole number/,
      ],
      [
        'a subscription without an id',
        { ...event, type: 'customer.subscription.updated', data: { object: { object: 'subscription' } } },
        /data\.object\.id is not text/,
      ],
      [
        'a dispute that is a charge',
        { ...event, type: 'charge.dispute.created', data: { object: { id: 'ch_1', object: 'charge' } } },
        /not a dispute/,
      ],
    ];
    for (const [name, body, reason] of cases) {
      const res = await deliver(body);
      assert.equal(res.status, 400, name);
      const answer = await res.json();
      assert.equal(answer.code, 'unusable_event', name);
      assert.match(answer.error, reason, name);
    }
    assert.equal(platform.requests.length, 0, 'nothing reached the platform');
    assert.equal(provider.requests.length, 0, 'nothing was asked of the provider');
    assert.equal(
      logs.warnings.filter((line) => line.includes('cannot be used')).length,
      cases.length,
      logs.text(),
    );
    assert.equal(logs.errors.length, 0, 'a refusal is not a failure of ours');
  });
});

Deno.test('stripeWebhook: a missing secret, address or API key is a 500 naming the variable, and nothing is recorded', async () => {
  for (const name of ['STRIPE_WEBHOOK_SECRET', 'AGENCY_EMAIL', 'STRIPE_SECRET_KEY']) {
    await withWebhook(
      async ({ platform, provider, deliver, logs }) => {
        const res = await deliver(completed());
        assert.equal(res.status, 500, name);
        assert.deepEqual(await res.json(), { error: `${name} is not set`, code: 'config_error' });
        assert.equal(platform.requests.length, 0);
        assert.equal(provider.requests.length, 0);
        assert.ok(logs.errors.some((line) => line.includes(name)));
      },
      { vars: { [name]: undefined } },
    );
  }
});

Deno.test('stripeWebhook: without the platform service token nothing is recorded and the answer is a 500', async () => {
  await withWebhook(async ({ platform, provider, deliver }) => {
    providerHolds(provider, cardDayOne(purchase).now);
    const res = await deliver(completed(), { headers: { 'Base44-Service-Authorization': '' } });
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.deepEqual(JSON.parse(text), { error: 'The order could not be recorded', code: 'platform_error' });
    assert.doesNotMatch(text, /\bat /);
    assert.equal(platform.orders.length, 0);
    assert.equal(platform.emails.length, 0);
  });
});

Deno.test('stripeWebhook: any method but POST is 405', async () => {
  await withWebhook(async ({ deliver }) => {
    const res = await deliver(completed(), { method: 'GET' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST');
    await res.body?.cancel();
  });
});
