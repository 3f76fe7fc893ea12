/**
 * stripeWebhook's fulfilment: every event handler is idempotent (a redelivery changes nothing and e-mails nobody)
 * and order independent (the same events in any order, some twice, some together, end in the same Order and the
 * same e-mails). An event refused for now (409: its checkout's event has not been recorded) is delivered again later,
 * as the provider does.
 */
import assert from 'node:assert/strict';
import {
  FIRST_RENEWAL_S,
  invoiceEvent,
  PURCHASE_S,
  SECOND_RENEWAL_S,
  sessionEvent,
  subscriptionEvent,
} from '../support/provider-events.ts';
import { PURCHASE_ORDER } from '../support/purchase-records.ts';
import type { PlatformDouble, SentEmail } from './helpers/platform-double.ts';
import { type WebhookSetup, withWebhook } from './helpers/webhook-setup.ts';

type Event = Record<string, unknown>;
const DAY_S = 86_400;
const SETTLED_S = PURCHASE_S + 3 * DAY_S;
const RETRIED_S = FIRST_RENEWAL_S + 3 * DAY_S;
const CANCELLED_S = RETRIED_S + DAY_S;

const card = {
  completed: sessionEvent('checkout.session.completed'),
  firstInvoice: invoiceEvent(
    'invoice.paid',
    { id: 'in_1', billingReason: 'subscription_create', amount: 79_900, status: 'paid' },
    PURCHASE_S,
  ),
};
const renewalPeriod = { start: FIRST_RENEWAL_S, end: SECOND_RENEWAL_S };
const renewal = {
  failed: invoiceEvent(
    'invoice.payment_failed',
    {
      id: 'in_2',
      billingReason: 'subscription_cycle',
      amount: 19_900,
      period: renewalPeriod,
      status: 'open',
      nextAttemptS: RETRIED_S,
    },
    FIRST_RENEWAL_S,
  ),
  pastDue: subscriptionEvent(
    'customer.subscription.updated',
    { status: 'past_due', periodEndS: SECOND_RENEWAL_S },
    FIRST_RENEWAL_S,
    { status: 'active' },
  ),
  paidOnRetry: invoiceEvent(
    'invoice.paid',
    {
      id: 'in_2',
      billingReason: 'subscription_cycle',
      amount: 19_900,
      period: renewalPeriod,
      status: 'paid',
      attemptCount: 2,
    },
    RETRIED_S,
  ),
  active: subscriptionEvent(
    'customer.subscription.updated',
    { status: 'active', periodEndS: SECOND_RENEWAL_S },
    RETRIED_S,
    { status: 'past_due' },
  ),
};
const cancellation = {
  scheduled: subscriptionEvent(
    'customer.subscription.updated',
    { status: 'active', periodEndS: SECOND_RENEWAL_S, cancelAtPeriodEnd: true, canceledAtS: CANCELLED_S },
    CANCELLED_S,
    { cancel_at_period_end: false },
  ),
  ended: subscriptionEvent(
    'customer.subscription.deleted',
    {
      status: 'canceled',
      periodEndS: SECOND_RENEWAL_S,
      cancelAtPeriodEnd: true,
      canceledAtS: CANCELLED_S,
      endedAtS: SECOND_RENEWAL_S,
    },
    SECOND_RENEWAL_S,
  ),
};
const bacs = {
  completed: sessionEvent('checkout.session.completed', { payment_status: 'unpaid' }),
  succeeded: sessionEvent('checkout.session.async_payment_succeeded', {}, SETTLED_S),
  invoicePaid: invoiceEvent(
    'invoice.paid',
    { id: 'in_1', billingReason: 'subscription_create', amount: 79_900, status: 'paid' },
    SETTLED_S,
  ),
  active: subscriptionEvent(
    'customer.subscription.updated',
    { status: 'active', periodEndS: FIRST_RENEWAL_S },
    SETTLED_S,
    { status: 'incomplete' },
  ),
  failed: sessionEvent('checkout.session.async_payment_failed', { payment_status: 'unpaid' }, SETTLED_S),
  invoiceFailed: invoiceEvent(
    'invoice.payment_failed',
    { id: 'in_1', billingReason: 'subscription_create', amount: 79_900, status: 'open' },
    SETTLED_S,
  ),
  expired: subscriptionEvent(
    'customer.subscription.updated',
    { status: 'incomplete_expired', periodEndS: FIRST_RENEWAL_S, endedAtS: SETTLED_S },
    SETTLED_S,
    { status: 'incomplete' },
  ),
};

/** Delivers events in this order, each refused-for-now one again after the rest, as the provider's retries do. */
async function deliverAll(deliver: WebhookSetup['deliver'], events: Event[]): Promise<void> {
  const queue = [...events];
  for (let rounds = 0; queue.length > 0; rounds++) {
    assert.ok(rounds < 10 * events.length, 'every event is accepted in the end');
    const event = queue.shift()!;
    const res = await deliver(event);
    const answer = await res.json();
    if (res.status === 409) {
      assert.equal(answer.code, 'order_not_recorded');
      queue.push(event);
    } else assert.equal(res.status, 200, JSON.stringify(answer));
  }
}

interface Outcome {
  orders: Record<string, unknown>[];
  emails: SentEmail[];
}

function outcomeOf(platform: PlatformDouble): Outcome {
  return {
    orders: platform.orders.map(({ id: _, ...fields }) => fields),
    emails: [...platform.emails].sort((a, b) => a.subject.localeCompare(b.subject)),
  };
}

async function outcomeFor(events: Event[], filterDelayMs = 0): Promise<Outcome> {
  let outcome: Outcome | undefined;
  await withWebhook(
    async ({ platform, deliver }) => {
      await deliverAll(deliver, events);
      outcome = outcomeOf(platform);
    },
    {},
    { filterDelayMs },
  );
  return outcome!;
}

/** Deterministic shuffles (a small LCG), so that a failure names an order that can be replayed. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

const subjects = (outcome: Outcome) => outcome.emails.map((e) => e.subject);

Deno.test('orders: a card purchase, a failed renewal paid on retry, and a cancellation, in any order and twice over', async () => {
  const lifecycle = [
    card.completed,
    card.firstInvoice,
    renewal.failed,
    renewal.pastDue,
    renewal.paidOnRetry,
    renewal.active,
    cancellation.scheduled,
    cancellation.ended,
  ];
  const expected = await outcomeFor(lifecycle);
  assert.deepEqual(expected.orders, [
    {
      ...PURCHASE_ORDER,
      current_period_end: '2027-03-28T09:50:00.000Z',
      status: 'paid',
      paid_at: new Date(PURCHASE_S * 1000).toISOString(),
      email_sent: true,
      subscription_status: 'canceled',
      subscription_event: 'customer.subscription.deleted',
      subscription_event_at: SECOND_RENEWAL_S,
      cancel_at_period_end: true,
      ended_at: '2027-03-28T09:50:00.000Z',
      renewal_failures_notified: ['in_2'],
      cancellation_email_sent: true,
    },
  ]);
  assert.deepEqual(subjects(expected), [
    'New paid order: Gold package, £799.00 today from jane@example.co.uk',
    'Renewal payment failed: Gold package, £199.00 from jane@example.co.uk',
    'Subscription cancelled: Gold package of jane@example.co.uk',
  ]);
  const failure = expected.emails.find((e) => e.subject.startsWith('Renewal'))!;
  assert.match(failure.body, /The monthly payment of £199\.00 due on 28 February 2027 failed/);
  assert.match(failure.body, /tries again on 3 March 2027/);
  assert.match(
    expected.emails.find((e) => e.subject.startsWith('Subscription'))!.body,
    /It ends on 28 March 2027 and does not renew/,
  );

  const twice = [...lifecycle, ...lifecycle];
  for (const order of [
    [...lifecycle].reverse(),
    ...[1, 2, 3, 4, 5, 6].map((seed) => shuffled(twice, seed)),
  ]) {
    assert.deepEqual(await outcomeFor(order), expected, order.map((e) => e.id).join(' → '));
  }
});

Deno.test('orders: a Direct Debit is pending with no e-mail until it settles, then paid with one, in every order', async () => {
  const pending = await outcomeFor([bacs.completed]);
  assert.equal(pending.orders[0]?.status, 'pending');
  assert.equal(pending.orders[0]?.email_sent, false);
  assert.equal(pending.orders[0]?.paid_at, undefined);
  assert.deepEqual(pending.emails, []);

  const events = [bacs.completed, bacs.succeeded, bacs.invoicePaid, bacs.active];
  const expected = await outcomeFor(events);
  assert.deepEqual(subjects(expected), [
    'New paid order: Gold package, £799.00 today from jane@example.co.uk',
  ]);
  assert.deepEqual(
    { ...expected.orders[0] },
    {
      ...expected.orders[0],
      status: 'paid',
      paid_at: new Date(SETTLED_S * 1000).toISOString(),
      subscription_status: 'active',
      current_period_end: '2027-02-28T09:50:00.000Z',
    },
  );
  for (const order of permutations(events))
    assert.deepEqual(await outcomeFor([...order, ...order]), expected);
});

Deno.test('orders: a failed Direct Debit is failed with one e-mail, and no renewal e-mail, in every order', async () => {
  const events = [bacs.completed, bacs.failed, bacs.invoiceFailed, bacs.expired];
  const expected = await outcomeFor(events);
  assert.equal(expected.orders[0]?.status, 'failed');
  assert.equal(expected.orders[0]?.subscription_status, 'incomplete_expired');
  assert.equal(expected.orders[0]?.failed_at, new Date(SETTLED_S * 1000).toISOString());
  assert.deepEqual(subjects(expected), [
    'Direct Debit failed: Gold package, £799.00 from jane@example.co.uk',
  ]);
  for (const order of permutations(events))
    assert.deepEqual(await outcomeFor([...order, ...order]), expected);
  // A settlement's outcome is final: a late success cannot undo a failure, nor the other way round.
  const late = await outcomeFor([bacs.completed, bacs.failed, bacs.succeeded]);
  assert.equal(late.orders[0]?.status, 'failed');
});

Deno.test('orders: each failed renewal e-mails once; a newer state is never undone by an older delivery', async () => {
  const thirdPeriod = { start: SECOND_RENEWAL_S, end: SECOND_RENEWAL_S + 31 * DAY_S };
  const secondFailure = invoiceEvent(
    'invoice.payment_failed',
    { id: 'in_3', billingReason: 'subscription_cycle', amount: 19_900, period: thirdPeriod, status: 'open' },
    SECOND_RENEWAL_S,
  );
  const outcome = await outcomeFor([
    card.completed,
    renewal.failed,
    renewal.paidOnRetry,
    renewal.failed,
    renewal.pastDue,
    secondFailure,
  ]);
  const [order] = outcome.orders;
  assert.deepEqual(order?.renewal_failures_notified, ['in_2', 'in_3']);
  assert.equal(order?.subscription_status, 'past_due');
  assert.equal(outcome.emails.filter((e) => e.subject.startsWith('Renewal payment failed')).length, 2);
  assert.match(outcome.emails.at(-1)!.body, /will not try again by itself/);

  // The retry that paid is newer than the failure and the past_due update delivered after it.
  const recovered = await outcomeFor([
    card.completed,
    renewal.paidOnRetry,
    renewal.active,
    renewal.failed,
    renewal.pastDue,
  ]);
  assert.equal(recovered.orders[0]?.subscription_status, 'active');
  assert.equal(recovered.orders[0]?.subscription_event_at, RETRIED_S);
});

Deno.test('orders: a subscription event before its checkout is recorded is refused for now, and stores nothing', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    const early = await deliver(renewal.pastDue);
    assert.equal(early.status, 409);
    assert.deepEqual(await early.json(), {
      error: 'No order records this subscription yet; deliver the event again later',
      code: 'order_not_recorded',
    });
    assert.equal(platform.orders.length, 0);
    assert.equal(platform.emails.length, 0);
    assert.equal((await deliver(card.completed)).status, 200);
    assert.equal((await deliver(renewal.pastDue)).status, 200);
    assert.equal(platform.orders[0]?.subscription_status, 'past_due');
  });
});

Deno.test('orders: deliveries of one checkout arriving together record one order and send one e-mail', async () => {
  await withWebhook(
    async ({ platform, deliver }) => {
      const answers = await Promise.all([
        deliver(bacs.completed),
        deliver(bacs.succeeded),
        deliver(bacs.completed),
        deliver(bacs.succeeded),
      ]);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200, 200, 200],
      );
      assert.equal(platform.orders.length, 1);
      assert.equal(platform.orders[0]?.status, 'paid');
      assert.equal(platform.emails.length, 1);
    },
    {},
    { filterDelayMs: 30 },
  );
});

Deno.test('orders: different checkouts each get their order and e-mail', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    const other = sessionEvent(
      'checkout.session.completed',
      { id: 'cs_test_b', subscription: 'sub_b', customer_details: { email: 'bob@example.com', name: null } },
      PURCHASE_S,
      'evt_b',
    );
    await Promise.all([deliver(card.completed), deliver(other)]);
    assert.deepEqual(platform.orders.map((o) => o.session_id).sort(), ['cs_test_b', 'cs_test_paid_1']);
    assert.equal(platform.emails.length, 2);
    assert.ok(platform.emails.some((e) => e.body.includes('Paid by: bob@example.com')));
  });
});

Deno.test('orders: an e-mail that failed is sent on redelivery, still with one order', async () => {
  await withWebhook(
    async ({ platform, deliver, logs }) => {
      const first = await deliver(card.completed);
      assert.equal(first.status, 500, 'a 5xx asks the provider to deliver again');
      assert.deepEqual(await first.json(), {
        error: 'The order could not be recorded',
        code: 'platform_error',
      });
      assert.match(logs.text(), /checkout\.session\.completed/);
      assert.equal(platform.orders.length, 1);
      assert.equal(platform.orders[0]?.email_sent, false);
      assert.equal((await deliver(card.completed)).status, 200);
      assert.equal(platform.orders.length, 1);
      assert.equal(platform.orders[0]?.email_sent, true);
      assert.equal(platform.emails.length, 1);
    },
    {},
    { failSendEmail: 1 },
  );
});

Deno.test('orders: an order recorded and e-mailed by an earlier delivery is read and left alone', async () => {
  await withWebhook(async ({ platform, deliver }) => {
    await deliver(card.completed);
    const before = platform.requests.length;
    const res = await deliver(card.completed);
    assert.deepEqual(await res.json(), { received: true, order_id: 'order_1' });
    assert.deepEqual(
      platform.requests.slice(before).map((r) => r.method),
      ['GET'],
    );
  });
});
