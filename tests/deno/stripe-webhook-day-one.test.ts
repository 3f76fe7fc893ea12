/**
 * stripeWebhook on day one of a purchase: every event of it, delivered in any order (the provider guarantees none),
 * is answered 200 (never a 409 waiting for another), and they end in exactly one Order of the subscription with the
 * provider's current subscription state, and exactly one e-mail: "New paid order" for a card or a settled Direct Debit,
 * "Direct Debit failed" for one that failed. Redeliveries change nothing.
 */
import assert from 'node:assert/strict';
import {
  CURRENCY,
  MONTHLY_PENCE,
  MONTHLY_TEXT,
  PACKAGE,
  SETUP_AND_MONTH_TEXT,
  SETUP_PENCE,
  SETUP_TEXT,
} from '../support/spec-figures.ts';
import type { StoredOrder } from './helpers/platform-double.ts';
import {
  BACS_SETTLED_S,
  bacsPurchase,
  cardDayOne,
  checkoutSession,
  FIRST_RENEWAL_S,
  newPurchase,
  PURCHASED_S,
  providerHolds,
  subscription,
} from './helpers/purchase.ts';
import type { Obj } from './helpers/stripe-objects.ts';
import {
  AGENCY_EMAIL,
  iso,
  permutations,
  subjects,
  theOrder,
  type WebhookSetup,
  withWebhook,
} from './helpers/webhook-setup.ts';

const p = newPurchase();
const PAID_SUBJECT = `New paid order: Gold package, ${SETUP_TEXT} today from ${p.email}`;
const FAILED_SUBJECT = `Direct Debit failed: Gold package, ${SETUP_TEXT} from ${p.email}`;

/** The Order every day one of `p` ends in, whatever the order of its events. */
function expectedOrder(fields: Partial<StoredOrder>): StoredOrder {
  return {
    id: 'order_1',
    subscription_id: p.subscriptionId,
    package: PACKAGE,
    session_id: p.sessionId,
    customer_email: p.email,
    customer_name: p.name,
    amount_total: SETUP_PENCE,
    monthly_amount: MONTHLY_PENCE,
    currency: CURRENCY,
    first_renewal_at: iso(FIRST_RENEWAL_S),
    current_period_end: iso(FIRST_RENEWAL_S),
    cancel_at_period_end: false,
    cancel_at: null,
    ...fields,
  } as StoredOrder;
}

const names = (events: Obj[]) => events.map((event) => event.type).join(' → ');

Deno.test('day one, card: each of the 24 orders of its four events makes one paid, trialing Order and one "New paid order" e-mail', async () => {
  const day = cardDayOne(p);
  const orders = permutations(Object.values(day.events));
  assert.equal(orders.length, 24);
  for (const events of orders) {
    await withWebhook(async ({ platform, provider, deliverAll }) => {
      providerHolds(provider, day.now);
      const answers = await deliverAll(events);
      assert.deepEqual(
        answers,
        events.map(() => ({ received: true, order_id: 'order_1' })),
        names(events),
      );
      const order = { ...theOrder(platform) };
      assert.deepEqual(
        order,
        expectedOrder({
          status: 'paid',
          paid_at: iso(PURCHASED_S),
          subscription_status: 'trialing',
          email_sent: true,
        }),
        names(events),
      );
      assert.deepEqual(subjects(platform), [PAID_SUBJECT], names(events));
      const [email] = platform.emails;
      assert.equal(email?.to, AGENCY_EMAIL);
      for (const line of [
        `Paid today: ${SETUP_TEXT} (the one-time setup)`,
        `Then: ${MONTHLY_TEXT} per month from 28 February 2027`,
        'Package: Gold',
        `Subscription: ${p.subscriptionId}`,
      ]) {
        assert.ok(
          email?.body.split('\n').includes(line),
          `${names(events)}: the e-mail says ${line}:\n${email?.body}`,
        );
      }
      assert.ok(!(email?.body ?? '').includes(SETUP_AND_MONTH_TEXT));

      // The provider redelivers all of them: nothing changes, nobody is e-mailed again.
      await deliverAll(events);
      assert.deepEqual(theOrder(platform), order);
      assert.equal(platform.emails.length, 1);
    });
  }
});

Deno.test("day one, card: the subscription state is the provider's now, not the one an event carries", async () => {
  const day = cardDayOne(p);
  await withWebhook(async ({ platform, provider, deliverAll }) => {
    // The first event arrives while the provider still has the subscription incomplete; it also holds the checkout
    // that created it, which the webhook asks for while the order lacks it.
    providerHolds(provider, subscription(p, { status: 'incomplete' }), checkoutSession(p, 'paid'));
    await deliverAll([day.events.created]);
    assert.equal(theOrder(platform).subscription_status, 'incomplete');
    assert.equal(theOrder(platform).status, 'pending');
    assert.equal(platform.emails.length, 0);
    providerHolds(provider, day.now);
    // An older snapshot (the created event, `incomplete`) delivered again later does not put it back.
    await deliverAll([day.events.invoicePaid, day.events.created]);
    assert.equal(theOrder(platform).subscription_status, 'trialing');
    assert.equal(theOrder(platform).status, 'paid');
    assert.deepEqual(subjects(platform), [PAID_SUBJECT]);
    assert.equal(theOrder(platform).session_id, p.sessionId);
    // Each event's object is read by its id; the checkout that started the subscription is asked for once, while the
    // order lacks it.
    assert.deepEqual(provider.asked(), [
      `GET /v1/subscriptions/${p.subscriptionId}`,
      `GET /v1/checkout/sessions?subscription=${p.subscriptionId}&limit=1`,
      `GET /v1/invoices/${p.firstInvoiceId}`,
      `GET /v1/subscriptions/${p.subscriptionId}`,
      `GET /v1/subscriptions/${p.subscriptionId}`,
    ]);
  });
});

/**
 * The orders a Direct Debit purchase's events can arrive in: day one's two in either order, then the settlement's
 * three (days later) in any order; and a day-one event retried late, after the settlement.
 */
function bacsOrders(dayOne: Obj[], settled: Obj[]): Obj[][] {
  const inBatches = permutations(dayOne).flatMap((first) =>
    permutations(settled).map((then) => [...first, ...then]),
  );
  const late = dayOne.map((event, i) => [...dayOne.filter((_, j) => j !== i), ...settled, event]);
  return [...inBatches, ...late];
}

/** Delivers the events one by one; the provider holds day one's state until the first of the outcome's events. */
async function deliverSettling(
  { provider, deliverAll }: WebhookSetup,
  dayOneNow: Obj[],
  outcome: { now: Obj[]; events: Record<string, Obj> },
  events: Obj[],
): Promise<void> {
  providerHolds(provider, dayOneNow);
  for (const event of events) {
    if (Object.values(outcome.events).includes(event)) providerHolds(provider, outcome.now);
    await deliverAll([event]);
  }
}

Deno.test('day one, Direct Debit: pending with no e-mail until it settles, then paid with one "New paid order", in every order', async () => {
  const bacs = bacsPurchase(p);
  // Before the debit is confirmed, in either order.
  for (const events of permutations(Object.values(bacs.dayOne.events))) {
    await withWebhook(async ({ platform, provider, deliverAll }) => {
      providerHolds(provider, bacs.dayOne.now);
      await deliverAll(events);
      assert.deepEqual(
        { ...theOrder(platform) },
        expectedOrder({ status: 'pending', subscription_status: 'incomplete' }),
        names(events),
      );
      assert.equal(platform.emails.length, 0);
    });
  }
  const orders = bacsOrders(Object.values(bacs.dayOne.events), Object.values(bacs.succeeded.events));
  assert.equal(orders.length, 14);
  for (const events of orders) {
    await withWebhook(async (setup) => {
      const { platform } = setup;
      await deliverSettling(setup, bacs.dayOne.now, bacs.succeeded, events);
      assert.deepEqual(
        { ...theOrder(platform) },
        expectedOrder({
          status: 'paid',
          paid_at: iso(BACS_SETTLED_S),
          subscription_status: 'trialing',
          email_sent: true,
        }),
        names(events),
      );
      assert.deepEqual(subjects(platform), [PAID_SUBJECT], names(events));
    });
  }
});

Deno.test('day one, Direct Debit failed: failed with one "Direct Debit failed" e-mail and no other, in every order, the expiry 23 hours later', async () => {
  const bacs = bacsPurchase(p);
  const { expired } = bacs.failed.events;
  const orders = bacsOrders(Object.values(bacs.dayOne.events), Object.values(bacs.failed.events));
  assert.equal(orders.length, 14);
  for (const events of orders) {
    await withWebhook(async ({ platform, provider, deliverAll }) => {
      // The bank's refusal leaves the subscription incomplete and its invoice open; the expiry voids and ends them.
      providerHolds(provider, bacs.dayOne.now);
      let hasExpired = false;
      for (const event of events) {
        hasExpired ||= event === expired;
        if (hasExpired) providerHolds(provider, bacs.failed.now);
        else if (Object.values(bacs.failed.events).includes(event)) providerHolds(provider, bacs.failing.now);
        await deliverAll([event]);
      }
      const firstReport = events.find((event) => Object.values(bacs.failed.events).includes(event));
      assert.deepEqual(
        { ...theOrder(platform) },
        expectedOrder({
          status: 'failed',
          failed_at: iso(firstReport === expired ? bacs.failed.expiredS : BACS_SETTLED_S),
          subscription_status: 'incomplete_expired',
          ended_at: iso(bacs.failed.expiredS),
          failure_email_sent: true,
        }),
        names(events),
      );
      assert.deepEqual(subjects(platform), [FAILED_SUBJECT], names(events));
      const body = platform.emails[0]?.body ?? '';
      assert.ok(body.split('\n').includes(`Amount that failed: ${SETUP_TEXT}`), body);
      await deliverAll(events);
      assert.equal(platform.emails.length, 1);
    });
  }
});

Deno.test("day one, Direct Debit failed: each of the provider's three reports alone ends the Order failed with one e-mail", async () => {
  const bacs = bacsPurchase(p);
  for (const [name, report] of Object.entries(bacs.failed.events)) {
    await withWebhook(async ({ platform, provider, deliverAll }) => {
      providerHolds(provider, bacs.dayOne.now);
      await deliverAll([bacs.dayOne.events.completed]);
      providerHolds(provider, report === bacs.failed.events.expired ? bacs.failed.now : bacs.failing.now);
      await deliverAll([report, report]);
      assert.equal(theOrder(platform).status, 'failed', name);
      assert.deepEqual(subjects(platform), [FAILED_SUBJECT], name);
    });
  }
});

Deno.test('day one: the payment state only moves forward (a redelivered unpaid checkout or an older failure leaves a paid Order paid)', async () => {
  const bacs = bacsPurchase(p);
  await withWebhook(async ({ platform, provider, deliverAll }) => {
    providerHolds(provider, bacs.succeeded.now);
    await deliverAll([
      bacs.succeeded.events.asyncSucceeded,
      bacs.dayOne.events.completed,
      bacs.dayOne.events.created,
    ]);
    assert.equal(theOrder(platform).status, 'paid');
    assert.equal(theOrder(platform).paid_at, iso(BACS_SETTLED_S));
    // A failure of the first invoice delivered after its success (an earlier attempt, redelivered late).
    await deliverAll([bacs.failed.events.invoiceFailed]);
    assert.equal(theOrder(platform).status, 'paid');
    assert.equal(theOrder(platform).failed_at, undefined);
    assert.deepEqual(subjects(platform), [PAID_SUBJECT]);
  });
  await withWebhook(async ({ platform, provider, deliverAll }) => {
    providerHolds(provider, bacs.failed.now);
    await deliverAll([bacs.failed.events.asyncFailed, bacs.dayOne.events.completed]);
    assert.equal(theOrder(platform).status, 'failed');
  });
});

Deno.test('day one: deliveries of one purchase arriving together record one Order and send one e-mail', async () => {
  const day = cardDayOne(p);
  await withWebhook(
    async ({ platform, provider, deliver }) => {
      providerHolds(provider, day.now);
      const events = Object.values(day.events);
      const answers = await Promise.all([...events, ...events].map((event) => deliver(event)));
      assert.deepEqual(
        answers.map((answer) => answer.status),
        Array.from({ length: 8 }, () => 200),
      );
      await Promise.all(answers.map((answer) => answer.body?.cancel()));
      assert.equal(theOrder(platform).status, 'paid');
      assert.deepEqual(subjects(platform), [PAID_SUBJECT]);
    },
    { platform: { filterDelayMs: 30 } },
  );
});

Deno.test('day one: two purchases each get their Order and their e-mail', async () => {
  const other = newPurchase(2);
  const mine = cardDayOne(p);
  const theirs = cardDayOne(other);
  await withWebhook(
    async ({ platform, provider, deliver }) => {
      providerHolds(provider, mine.now, theirs.now);
      const answers = await Promise.all(
        [...Object.values(mine.events), ...Object.values(theirs.events)].map((event) => deliver(event)),
      );
      assert.ok(answers.every((answer) => answer.status === 200));
      await Promise.all(answers.map((answer) => answer.body?.cancel()));
      assert.deepEqual(
        platform.orders.map((order) => order.session_id).sort(),
        [p.sessionId, other.sessionId].sort(),
      );
      assert.ok(platform.orders.every((order) => order.status === 'paid' && order.email_sent === true));
      assert.deepEqual(
        [...subjects(platform)].sort(),
        [PAID_SUBJECT, `New paid order: Gold package, ${SETUP_TEXT} today from ${other.email}`].sort(),
      );
    },
    { platform: { filterDelayMs: 10 } },
  );
});
