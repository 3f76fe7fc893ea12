/**
 * stripeWebhook when the platform or the provider fails: the answer is a 500 (so that the provider delivers the event
 * again), the log says which event failed, and the redelivery then completes the work exactly once: one Order, one
 * e-mail.
 */
import assert from 'node:assert/strict';
import {
  bacsPurchase,
  cardDayOne,
  disputeCreated,
  firstPayment,
  newPurchase,
  objectOf,
  providerHolds,
} from './helpers/purchase.ts';
import { subjects, theOrder, withWebhook } from './helpers/webhook-setup.ts';

const p = newPurchase();
const day = cardDayOne(p);
const NOT_RECORDED = { error: 'The order could not be recorded', code: 'platform_error' };
const providerDown = {
  status: 500,
  body: { error: { type: 'api_error', message: 'Something went wrong on our end' } },
};

Deno.test('platform failure: an e-mail that could not be sent is a 500, and the redelivery sends it once, still with one Order', async () => {
  await withWebhook(
    async ({ platform, provider, deliver, logs }) => {
      providerHolds(provider, day.now);
      const first = await deliver(day.events.completed);
      assert.equal(first.status, 500, 'a 5xx asks the provider to deliver again');
      assert.deepEqual(await first.json(), NOT_RECORDED);
      assert.ok(
        logs.errors.some(
          (line) =>
            line.includes(String(day.events.completed.id)) && line.includes('checkout.session.completed'),
        ),
        logs.text(),
      );
      assert.equal(theOrder(platform).email_sent, undefined);
      assert.equal(platform.emails.length, 0);
      const again = await deliver(day.events.completed);
      assert.equal(again.status, 200);
      await again.body?.cancel();
      assert.equal(theOrder(platform).email_sent, true);
      assert.equal(platform.emails.length, 1);
      // And any other event of the purchase afterwards e-mails nobody.
      const answers = await Promise.all(Object.values(day.events).map((event) => deliver(event)));
      assert.ok(answers.every((answer) => answer.status === 200));
      await Promise.all(answers.map((answer) => answer.body?.cancel()));
      assert.equal(platform.emails.length, 1);
    },
    { platform: { failSendEmail: 1 } },
  );
});

Deno.test('platform failure: an Order that could not be created is a 500, and the redelivery creates one', async () => {
  await withWebhook(
    async ({ platform, provider, deliver }) => {
      providerHolds(provider, day.now);
      const first = await deliver(day.events.invoicePaid);
      assert.equal(first.status, 500);
      assert.deepEqual(await first.json(), NOT_RECORDED);
      assert.equal(platform.orders.length, 0);
      assert.equal(platform.emails.length, 0);
      const again = await deliver(day.events.invoicePaid);
      assert.equal(again.status, 200);
      await again.body?.cancel();
      assert.equal(theOrder(platform).status, 'paid');
      assert.equal(platform.emails.length, 1);
    },
    { platform: { failOrderCreate: 1 } },
  );
});

Deno.test("provider failure: a subscription lookup that fails after the SDK's retries is a 500 with nothing stored; the redelivery succeeds", async () => {
  await withWebhook(async ({ platform, provider, deliver, logs }) => {
    providerHolds(provider, day.now);
    provider.faults.push(providerDown, 'drop', providerDown);
    const res = await deliver(day.events.created);
    assert.equal(res.status, 500);
    assert.deepEqual(await res.json(), NOT_RECORDED);
    assert.deepEqual(
      provider.asked(),
      Array.from({ length: 3 }, () => `GET /v1/subscriptions/${p.subscriptionId}`),
      'one attempt and two retries',
    );
    assert.ok(
      logs.errors.some((line) => line.includes(String(day.events.created.id))),
      logs.text(),
    );
    assert.equal(platform.requests.length, 0, 'nothing was recorded');
    const again = await deliver(day.events.created);
    assert.equal(again.status, 200);
    await again.body?.cancel();
    assert.equal(theOrder(platform).subscription_status, 'trialing');
  });
});

Deno.test('provider failure: one dropped connection is retried by the SDK and the delivery succeeds', async () => {
  await withWebhook(async ({ platform, provider, deliver }) => {
    providerHolds(provider, day.now);
    provider.faults.push('drop');
    const res = await deliver(day.events.completed);
    assert.equal(res.status, 200);
    await res.body?.cancel();
    assert.deepEqual(provider.asked(), [
      `GET /v1/checkout/sessions/${p.sessionId}?expand[0]=line_items`,
      `GET /v1/checkout/sessions/${p.sessionId}?expand[0]=line_items`,
      `GET /v1/subscriptions/${p.subscriptionId}`,
    ]);
    assert.equal(theOrder(platform).status, 'paid');
    assert.equal(platform.emails.length, 1);
  });
});

Deno.test('provider failure: a refused API key is a 500 at once (not retried), with nothing stored', async () => {
  await withWebhook(
    async ({ platform, provider, deliver, logs }) => {
      providerHolds(provider, day.now);
      const res = await deliver(day.events.completed);
      assert.equal(res.status, 500);
      assert.deepEqual(await res.json(), NOT_RECORDED);
      assert.equal(provider.requests.length, 1);
      assert.equal(provider.requests[0]?.headers.get('authorization'), 'Bearer sk_test_rolled_key');
      assert.ok(
        logs.errors.some((line) => line.includes('401')),
        logs.text(),
      );
      assert.equal(platform.requests.length, 0);
    },
    { vars: { STRIPE_SECRET_KEY: 'sk_test_rolled_key' } },
  );
});

Deno.test('provider failure: a dispute whose payment cannot be looked up is a 500; the redelivery flags the Order once', async () => {
  const bacs = bacsPurchase(p);
  await withWebhook(async ({ platform, provider, deliver, deliverAll }) => {
    providerHolds(provider, bacs.succeeded.now, firstPayment(p, p.purchasedS));
    await deliverAll(Object.values(bacs.succeeded.events));
    const dispute = disputeCreated(p, 'du_1test0001', 20);
    providerHolds(provider, objectOf(dispute));
    provider.faults.push(providerDown, providerDown, providerDown);
    const res = await deliver(dispute);
    assert.equal(res.status, 500);
    await res.body?.cancel();
    assert.equal(theOrder(platform).disputed, undefined);
    await deliverAll([dispute, dispute]);
    assert.equal(theOrder(platform).disputed, true);
    assert.equal(subjects(platform).filter((subject) => subject.startsWith('Payment disputed')).length, 1);
  });
});
