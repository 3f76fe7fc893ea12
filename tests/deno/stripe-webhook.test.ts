/**
 * stripeWebhook at its door: signatures, configuration, the platform's token, and what it answers events it does not
 * handle (200, nothing stored) or cannot use (400 with the reason, nothing stored, never a 500).
 */
import assert from 'node:assert/strict';
import { FIRST_RENEWAL_S, PURCHASE_S, sessionEvent, subscriptionEvent } from '../support/provider-events.ts';
import { PURCHASE_ORDER } from '../support/purchase-records.ts';
import { APP_ID, SERVICE_TOKEN } from './helpers/platform-double.ts';
import { AGENCY_EMAIL, type Delivery, withWebhook } from './helpers/webhook-setup.ts';

const paid = () => sessionEvent('checkout.session.completed');

Deno.test('stripeWebhook: a paid checkout becomes one Order and one e-mail to the agency, through the service role', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    const res = await deliver(paid());
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { received: true, order_id: 'order_1' });
    assert.deepEqual(platform.orders, [
      {
        id: 'order_1',
        ...PURCHASE_ORDER,
        current_period_end: '2027-02-28T09:50:00.000Z',
        status: 'paid',
        paid_at: new Date(PURCHASE_S * 1000).toISOString(),
        email_sent: true,
      },
    ]);
    assert.equal(platform.emails.length, 1);
    const [email] = platform.emails;
    assert.equal(email?.to, AGENCY_EMAIL);
    assert.equal(email?.subject, 'New paid order: Gold package, £799.00 today from jane@example.co.uk');
    for (const text of [
      'Paid by: Jane Doe <jane@example.co.uk>',
      'Package: Gold',
      'Paid today: £799.00 (the one-time setup)',
      'Then: £199.00 per month from 28 February 2027',
      'Checkout session: cs_test_paid_1',
    ]) {
      assert.ok(email?.body.includes(text), `the e-mail says ${text}:\n${email?.body}`);
    }
    assert.doesNotMatch(email?.body ?? '', /998/);

    const calls = platform.requests.map((r) => `${r.method} ${r.path.replace(`/api/apps/${APP_ID}`, '')}`);
    assert.deepEqual(calls, [
      'GET /entities/Order',
      'POST /entities/Order',
      'POST /integration-endpoints/Core/SendEmail',
      'PUT /entities/Order/order_1',
    ]);
    // Created as not yet e-mailed, marked once the e-mail went out: a crash in between re-sends rather than loses it.
    assert.equal((platform.requests[1]?.body as { email_sent?: boolean } | undefined)?.email_sent, false);
    assert.deepEqual(platform.requests[3]?.body, { email_sent: true });
    for (const request of platform.requests) {
      assert.equal(request.headers.get('authorization'), `Bearer ${SERVICE_TOKEN}`);
      assert.equal(request.headers.get('x-app-id'), APP_ID);
    }
  });
});

Deno.test('stripeWebhook: bad or missing signatures are 400 and reach nothing', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    const event = paid();
    const payload = JSON.stringify(event);
    const cases: [string, Delivery][] = [
      ['wrong secret', { secret: 'whsec_someone_else' }],
      ['tampered body', { sentBody: payload.replace('79900', '1') }],
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
  });
});

Deno.test('stripeWebhook: event types it does not handle are acknowledged and change nothing', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    for (const type of [
      'payment_intent.succeeded',
      'customer.subscription.created',
      'checkout.session.expired',
      'x.y',
    ]) {
      const res = await deliver({ ...paid(), type, data: null });
      assert.equal(res.status, 200, type);
      assert.deepEqual(await res.json(), { received: true, ignored: true });
    }
    assert.equal(platform.requests.length, 0);
  });
});

Deno.test('stripeWebhook: a subscription this site did not sell is acknowledged and changes nothing', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    const foreign = subscriptionEvent(
      'customer.subscription.deleted',
      { status: 'canceled', periodEndS: FIRST_RENEWAL_S, metadata: {} },
      PURCHASE_S,
    );
    const res = await deliver(foreign);
    assert.deepEqual(await res.json(), { received: true, ignored: true });
    assert.equal(platform.requests.length, 0);
  });
});

Deno.test('stripeWebhook: a signed event whose content cannot be used is a 400 with the reason, and stores nothing', async () => {
  await withWebhook(async ({ platform, deliver, logs }) => {
    const withObject = (object: unknown) => ({ ...paid(), data: { object } });
    const session = (paid().data as { object: Record<string, unknown> }).object;
    const cases: [string, unknown, RegExp][] = [
      ['a null object', withObject(null), /data\.object is not an object/],
      ['no data', { ...paid(), data: undefined }, /data is not an object/],
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
      ['no created time', { ...paid(), created: 'yesterday' }, /created is not a whole number/],
      [
        'an invoice without lines',
        { ...paid(), type: 'invoice.paid', data: { object: { id: 'in_1', object: 'invoice' } } },
        /lines is not an object/,
      ],
      [
        'a subscription without a status',
        {
          ...subscriptionEvent('customer.subscription.updated', { status: 'active', periodEndS: 1 }, 1),
          data: {
            object: { id: 'sub_1', object: 'subscription', cancel_at_period_end: false, items: { data: [] } },
          },
        },
        /data\.object\.status is not text/,
      ],
      ['not an object at all', [1, 2, 3], /the event is not an object/],
    ];
    for (const [name, event, reason] of cases) {
      const res = await deliver(event);
      assert.equal(res.status, 400, name);
      const answer = await res.json();
      assert.equal(answer.code, 'unusable_event', name);
      assert.match(answer.error, reason, name);
    }
    assert.equal(platform.requests.length, 0, 'nothing reached the platform');
    assert.equal(logs.errors.length, 0, 'no error was logged: a refusal is not a failure');
  });
});

Deno.test('stripeWebhook: a missing secret or address is a 500 naming the variable, and nothing is recorded', async () => {
  for (const name of ['STRIPE_WEBHOOK_SECRET', 'AGENCY_EMAIL']) {
    await withWebhook(
      async ({ platform, deliver }) => {
        const res = await deliver(paid());
        assert.equal(res.status, 500, name);
        assert.deepEqual(await res.json(), { error: `${name} is not set`, code: 'config_error' });
        assert.equal(platform.requests.length, 0);
      },
      { [name]: undefined },
    );
  }
});

Deno.test('stripeWebhook: verifying and recording need no provider API key (STRIPE_SECRET_KEY unset)', async () => {
  await withWebhook(
    async ({ platform, deliver }) => {
      const res = await deliver(paid());
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { received: true, order_id: 'order_1' });
      assert.equal(platform.orders.length, 1);
      const forged = await deliver(paid(), { secret: 'whsec_someone_else' });
      assert.equal(forged.status, 400);
      assert.equal((await forged.json()).code, 'invalid_signature');
    },
    { STRIPE_SECRET_KEY: undefined },
  );
});

Deno.test('stripeWebhook: without the platform service token nothing is recorded and the answer is a 500', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    const res = await deliver(paid(), { headers: { 'Base44-Service-Authorization': '' } });
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.deepEqual(JSON.parse(text), { error: 'The order could not be recorded', code: 'platform_error' });
    assert.doesNotMatch(text, /\bat /);
    assert.equal(platform.requests.length, 0);
  });
});

Deno.test('stripeWebhook: any method but POST is 405', async () => {
  await withWebhook(async ({ deliver }) => {
    const res = await deliver(paid(), { method: 'GET' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST');
    await res.body?.cancel();
  });
});
