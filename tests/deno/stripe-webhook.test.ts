/**
 * stripeWebhook over the wire: signature checks, the Order and e-mail a paid checkout becomes, and idempotence under
 * repeated, concurrent and partly failed deliveries, as the platform double records them.
 */
import assert from 'node:assert/strict';
import { APP_ID, SERVICE_TOKEN } from './helpers/platform-double.ts';
import {
  AGENCY_EMAIL,
  COMPLETED_AT,
  completedEvent,
  type Delivery,
  withWebhook,
} from './helpers/webhook-setup.ts';

Deno.test('stripeWebhook: a paid checkout becomes one Order and one e-mail to the agency, through the service role', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    const res = await deliver(completedEvent());
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { received: true, order_id: 'order_1' });

    assert.deepEqual(platform.orders, [
      {
        id: 'order_1',
        session_id: 'cs_test_paid_1',
        customer_email: 'jane@example.co.uk',
        package: 'gold',
        amount_total: 99_800,
        setup_amount: 79_900,
        monthly_amount: 19_900,
        currency: 'gbp',
        status: 'paid',
        paid_at: new Date(COMPLETED_AT * 1000).toISOString(),
        email_sent: true,
      },
    ]);
    assert.equal(platform.emails.length, 1);
    const [email] = platform.emails;
    assert.equal(email?.to, AGENCY_EMAIL);
    assert.match(email?.subject ?? '', /Gold package/);
    assert.match(email?.subject ?? '', /£998\.00/);
    for (const text of [
      'Jane Doe <jane@example.co.uk>',
      'Package: Gold',
      '£998.00',
      '£799.00',
      '£199.00 per month',
    ]) {
      assert.ok(email?.body.includes(text), `the e-mail says ${text}:\n${email?.body}`);
    }
    assert.ok(email?.body.includes('cs_test_paid_1'));

    const calls = platform.requests.map((r) => `${r.method} ${r.path.replace(`/api/apps/${APP_ID}`, '')}`);
    assert.deepEqual(calls, [
      'GET /entities/Order',
      'POST /entities/Order',
      'POST /integration-endpoints/Core/SendEmail',
      'PUT /entities/Order/order_1',
    ]);
    assert.deepEqual(JSON.parse(platform.requests[0]?.query.get('q') ?? ''), {
      session_id: 'cs_test_paid_1',
    });
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
    const event = completedEvent();
    const payload = JSON.stringify(event);
    const cases: [string, Delivery][] = [
      ['wrong secret', { secret: 'whsec_someone_else' }],
      ['tampered body', { sentBody: payload.replace('99800', '1') }],
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
    assert.equal(platform.orders.length, 0);
  });
});

Deno.test('stripeWebhook: the same event delivered twice records one order and sends one e-mail', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    const first = await deliver(completedEvent());
    const second = await deliver(completedEvent());
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    assert.deepEqual(await second.json(), { received: true, order_id: 'order_1' });
    assert.equal(platform.orders.length, 1);
    assert.equal(platform.emails.length, 1);
    assert.equal(
      platform.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/entities/Order')).length,
      1,
    );
  });
});

Deno.test('stripeWebhook: two deliveries of one session at the same moment record one order and one e-mail', async () => {
  await withWebhook(
    async ({ platform, deliver }) => {
      const answers = await Promise.all([
        deliver(completedEvent({}, 'evt_1')),
        deliver(completedEvent({}, 'evt_1')),
        deliver(completedEvent({}, 'evt_1')),
      ]);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200, 200],
      );
      assert.equal(platform.orders.length, 1);
      assert.equal(platform.emails.length, 1);
    },
    {},
    { filterDelayMs: 50 },
  );
});

Deno.test('stripeWebhook: different sessions each get their order and e-mail', async () => {
  await withWebhook(
    async ({ platform, deliver }) => {
      const answers = await Promise.all([
        deliver(completedEvent({ id: 'cs_test_a' }, 'evt_a')),
        deliver(
          completedEvent(
            { id: 'cs_test_b', customer_details: { email: 'bob@example.com', name: null } },
            'evt_b',
          ),
        ),
      ]);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200],
      );
      assert.deepEqual(platform.orders.map((o) => o.session_id).sort(), ['cs_test_a', 'cs_test_b']);
      assert.equal(platform.emails.length, 2);
      assert.ok(platform.emails.some((e) => e.body.includes('Paid by: bob@example.com')));
    },
    {},
    { filterDelayMs: 20 },
  );
});

Deno.test('stripeWebhook: an e-mail that failed is sent on redelivery, still with one order', async () => {
  await withWebhook(
    async ({ platform, deliver, logs }) => {
      const first = await deliver(completedEvent());
      assert.equal(first.status, 500, 'a 5xx asks the provider to deliver again');
      assert.deepEqual(await first.json(), {
        error: 'The order could not be recorded',
        code: 'platform_error',
      });
      assert.match(logs.text(), /cs_test_paid_1/);
      assert.equal(platform.orders.length, 1);
      assert.equal(platform.orders[0]?.email_sent, false);
      assert.equal(platform.emails.length, 0);

      const again = await deliver(completedEvent());
      assert.equal(again.status, 200);
      assert.equal(platform.orders.length, 1);
      assert.equal(platform.orders[0]?.email_sent, true);
      assert.equal(platform.emails.length, 1);
    },
    {},
    { failSendEmail: 1 },
  );
});

Deno.test('stripeWebhook: an order already recorded and e-mailed by an earlier delivery is left alone', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    platform.orders.push({ id: 'order_9', session_id: 'cs_test_paid_1', status: 'paid', email_sent: true });
    const res = await deliver(completedEvent());
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { received: true, order_id: 'order_9' });
    assert.equal(platform.orders.length, 1);
    assert.equal(platform.emails.length, 0);
    assert.deepEqual(
      platform.requests.map((r) => r.method),
      ['GET'],
    );
  });
});

Deno.test('stripeWebhook: other event types and unpaid completions are acknowledged and ignored', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    const events = [
      { ...completedEvent(), type: 'payment_intent.succeeded' },
      { ...completedEvent(), type: 'customer.subscription.created' },
      { ...completedEvent(), type: 'checkout.session.expired' },
      completedEvent({ payment_status: 'unpaid' }),
    ];
    for (const event of events) {
      const res = await deliver(event);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { received: true, ignored: true });
    }
    assert.equal(platform.requests.length, 0);
  });
});

Deno.test('stripeWebhook: a missing secret or address is a 500 naming the variable, and nothing is recorded', async () => {
  for (const name of ['STRIPE_WEBHOOK_SECRET', 'AGENCY_EMAIL']) {
    await withWebhook(
      async ({ platform, deliver }) => {
        const res = await deliver(completedEvent());
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
      const res = await deliver(completedEvent());
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { received: true, order_id: 'order_1' });
      assert.equal(platform.orders.length, 1);
      const forged = await deliver(completedEvent(), { secret: 'whsec_someone_else' });
      assert.equal(forged.status, 400);
      assert.equal((await forged.json()).code, 'invalid_signature');
    },
    { STRIPE_SECRET_KEY: undefined },
  );
});

Deno.test('stripeWebhook: without the platform service token nothing is recorded and the answer is a 500', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    const res = await deliver(completedEvent(), { headers: { 'Base44-Service-Authorization': '' } });
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.deepEqual(JSON.parse(text), { error: 'The order could not be recorded', code: 'platform_error' });
    assert.doesNotMatch(text, /\bat /);
    assert.equal(platform.requests.length, 0);
  });
});

Deno.test('stripeWebhook: any method but POST is 405', async () => {
  await withWebhook(async ({ deliver }) => {
    const res = await deliver(completedEvent(), { method: 'GET' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'POST');
    await res.body?.cancel();
  });
});
