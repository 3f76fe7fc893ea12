/**
 * stripeWebhook over the wire: signed deliveries (WebCrypto HMAC, as the provider signs) to the function's handler,
 * with the platform double recording every entity and e-mail call the function makes through the service role.
 */
import assert from 'node:assert/strict';
import { handleStripeWebhook } from '../../base44/functions/stripeWebhook/handler.ts';
import { captureLogs } from './helpers/captured-logs.ts';
import {
  APP_ID,
  type PlatformDouble,
  type PlatformOptions,
  SERVICE_TOKEN,
  startPlatformDouble,
} from './helpers/platform-double.ts';
import { testEnv } from './helpers/test-env.ts';
import { signPayload } from './helpers/webhook-signature.ts';

const WEBHOOK_SECRET = 'whsec_deno_test';
const AGENCY_EMAIL = 'hello@fieldstonedigital.co.uk';
const COMPLETED_AT = Math.floor(Date.now() / 1000) - 5;

function completedEvent(session: Record<string, unknown> = {}, id = 'evt_1'): Record<string, unknown> {
  return {
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: COMPLETED_AT,
    livemode: false,
    data: {
      object: {
        id: 'cs_test_paid_1',
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 99_800,
        currency: 'gbp',
        customer_email: null,
        customer_details: { email: 'jane@example.co.uk', name: 'Jane Doe' },
        metadata: { package: 'gold', setup_amount: '79900', monthly_amount: '19900' },
        success_url: 'http://localhost:4401/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:4401/Pricing',
        ...session,
      },
    },
  };
}

interface Delivery {
  secret?: string;
  timestamp?: number;
  signature?: string | null;
  /** The body sent, when it differs from the one signed. */
  sentBody?: string;
  headers?: Record<string, string>;
  method?: string;
}

interface Setup {
  platform: PlatformDouble;
  logs: ReturnType<typeof captureLogs>;
  deliver(event: unknown, delivery?: Delivery): Promise<Response>;
}

async function withWebhook(
  run: (setup: Setup) => Promise<void>,
  vars: Record<string, string | undefined> = {},
  platformOptions: PlatformOptions = {},
): Promise<void> {
  const platform = startPlatformDouble(platformOptions);
  const logs = captureLogs();
  const env = testEnv({
    STRIPE_SECRET_KEY: 'sk_test_deno',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    AGENCY_EMAIL,
    ...vars,
  });
  const deliver: Setup['deliver'] = async (event, delivery = {}) => {
    const payload = JSON.stringify(event);
    const signature =
      delivery.signature === undefined
        ? await signPayload(payload, delivery.secret ?? WEBHOOK_SECRET, delivery.timestamp)
        : delivery.signature;
    // What the platform's forwarding adds to the provider's plain POST (no user token).
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Base44-App-Id': APP_ID,
      'Base44-Api-Url': platform.url,
      'Base44-Service-Authorization': `Bearer ${SERVICE_TOKEN}`,
      ...delivery.headers,
    };
    if (signature !== null) headers['Stripe-Signature'] = signature;
    const method = delivery.method ?? 'POST';
    const req = new Request('http://127.0.0.1/functions/stripeWebhook', {
      method,
      headers,
      body: method === 'GET' ? undefined : (delivery.sentBody ?? payload),
    });
    return await handleStripeWebhook(req, { env });
  };
  try {
    await run({ platform, logs, deliver });
  } finally {
    logs.restore();
    await platform.close();
  }
}

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
      'Gold package',
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
    assert.equal(
      platform.requests[1]?.body && (platform.requests[1].body as { email_sent: boolean }).email_sent,
      false,
    );
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
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'AGENCY_EMAIL']) {
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
