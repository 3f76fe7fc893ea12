/**
 * stripeWebhook at its door: signatures, configuration, the platform's token, events in any API version (recorded from
 * the objects the provider holds), and what it answers events it does not handle (200, nothing asked or stored) or
 * cannot identify (400 with the reason, nothing stored; an oversized id among them).
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
    // The checkout is read by its id with its line items (what it sold), then its subscription.
    assert.deepEqual(provider.asked(), [
      `GET /v1/checkout/sessions/${purchase.sessionId}?expand[0]=line_items`,
      `GET /v1/subscriptions/${purchase.subscriptionId}`,
    ]);
    for (const lookup of provider.requests) {
      assert.equal(lookup.headers.get('authorization'), `Bearer ${SECRET_KEY}`);
      assert.equal(lookup.headers.get('stripe-version'), DOUBLE_API_VERSION);
    }
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

Deno.test('stripeWebhook: an event rendered at another API version, or at none, is recorded from what the provider holds', async () => {
  for (const version of ['2025-02-24.acacia', '2025-03-31.basil', '2024-06-20', null]) {
    await withWebhook(async ({ platform, provider, deliverAll, logs }) => {
      providerHolds(provider, cardDayOne(purchase).now);
      // As an endpoint at an older version renders it: the invoice's subscription at the top, no `parent`.
      const { parent: _, ...old } = cardDayOne(purchase).invoice;
      const invoicePaid = eventOf(
        'invoice.paid',
        { ...old, subscription: purchase.subscriptionId },
        purchase.purchasedS,
        {
          apiVersion: version,
        },
      );
      const session = eventOf(
        'checkout.session.completed',
        checkoutSession(purchase, 'paid'),
        purchase.purchasedS,
        {
          apiVersion: version,
        },
      );
      await deliverAll([invoicePaid, session, invoicePaid]);
      assert.equal(platform.orders.length, 1, String(version));
      assert.equal(platform.orders[0]?.status, 'paid', String(version));
      assert.equal(platform.orders[0]?.session_id, purchase.sessionId, String(version));
      assert.equal(platform.emails.length, 1, String(version));
      for (const request of provider.requests)
        assert.equal(request.headers.get('stripe-version'), DOUBLE_API_VERSION);
      assert.equal(logs.errors.length, 0, logs.text());
    });
  }
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

Deno.test('stripeWebhook: a signed event it cannot identify is a 400 with the reason, and stores nothing', async () => {
  await withWebhook(async ({ platform, provider, deliver, logs }) => {
    const event = completed();
    const withObject = (object: unknown) => ({ ...event, data: { object } });
    const session = checkoutSession(purchase, 'paid');
    const NOT_AN_ID = "is not one of the provider's ids";
    const cases: [string, unknown, string][] = [
      ['a null object', withObject(null), `data.object.id ${NOT_AN_ID}`],
      ['no data', { ...event, data: undefined }, `data.object.id ${NOT_AN_ID}`],
      ['no session id', withObject({ ...session, id: undefined }), `data.object.id ${NOT_AN_ID}`],
      ['a numeric session id', withObject({ ...session, id: 7 }), `data.object.id ${NOT_AN_ID}`],
      ['no created time', { ...event, created: 'yesterday' }, 'created is not a whole number'],
      ['no event id', { ...event, id: undefined }, `id ${NOT_AN_ID}`],
      ['no type', { ...event, type: 7 }, 'type is not text'],
      [
        'a subscription without an id',
        { ...event, type: 'customer.subscription.updated', data: { object: { object: 'subscription' } } },
        `data.object.id ${NOT_AN_ID}`,
      ],
      [
        'a 5,000-character subscription id',
        {
          ...event,
          type: 'customer.subscription.updated',
          data: { object: { id: `sub_${'x'.repeat(4_996)}`, object: 'subscription' } },
        },
        `data.object.id ${NOT_AN_ID}`,
      ],
      ['a 5,000-character event id', { ...event, id: `evt_${'x'.repeat(4_996)}` }, `id ${NOT_AN_ID}`],
    ];
    for (const [name, body, reason] of cases) {
      const res = await deliver(body);
      assert.equal(res.status, 400, name);
      assert.deepEqual(
        await res.json(),
        { error: `The event cannot be used: ${reason}`, code: 'unusable_event' },
        name,
      );
    }
    assert.equal(platform.requests.length, 0, 'nothing reached the platform');
    assert.equal(provider.requests.length, 0, 'nothing was asked of the provider');
    const warned = logs.warnings.filter((line) => line.includes('cannot be used'));
    assert.equal(warned.length, cases.length, logs.text());
    assert.ok(
      warned.every((line) => line.length < 200),
      'no oversized id reaches the log',
    );
    assert.equal(logs.errors.length, 0, 'a refusal is not a failure of ours');
  });
});

Deno.test("stripeWebhook: what the event's snapshot says beyond its ids is not read: the provider's object is", async () => {
  await withWebhook(async ({ platform, provider, deliver }) => {
    providerHolds(provider, cardDayOne(purchase).now);
    const event = completed();
    const odd = {
      ...event,
      data: {
        object: { id: purchase.sessionId, object: 'invoice', amount_total: '799', metadata: { package: 7 } },
      },
    };
    const res = await deliver(odd);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { received: true, order_id: 'order_1' });
    assert.equal(platform.orders[0]?.status, 'paid');
    assert.equal(platform.orders[0]?.amount_total, SETUP_PENCE);
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
