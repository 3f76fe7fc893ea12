/**
 * stripeWebhook after day one: failed renewals (one e-mail per invoice, however many attempts), cancellations
 * (scheduled with cancel_at_period_end or cancel_at, or ended by request: one e-mail), the end after failed payments
 * (one e-mail), a subscription left unpaid (one e-mail), and a bank's dispute (the Order flagged, one e-mail per
 * dispute). The subscription's state is always the provider's current one; redeliveries e-mail nobody again.
 */
import assert from 'node:assert/strict';
import { MONTHLY_TEXT, SETUP_PENCE, SETUP_TEXT } from '../support/spec-figures.ts';
import {
  BACS_SETTLED_S,
  bacsPurchase,
  cardDayOne,
  DAY_S,
  disputeCreated,
  FIRST_RENEWAL_S,
  firstPayment,
  newPurchase,
  type Purchase,
  providerHolds,
  renewalInvoice,
  renewalInvoiceId,
  SECOND_RENEWAL_S,
  subscription,
} from './helpers/purchase.ts';
import { eventOf, type Obj } from './helpers/stripe-objects.ts';
import { iso, subjects, theOrder, type WebhookSetup, withWebhook } from './helpers/webhook-setup.ts';

const p = newPurchase();
const HOUR_S = 3_600;
const PAID = `New paid order: Gold package, ${SETUP_TEXT} today from ${p.email}`;
const RENEWAL_FAILED = `Renewal payment failed: Gold package, ${MONTHLY_TEXT} from ${p.email}`;
const CANCELLED = `Subscription cancelled: Gold package of ${p.email}`;
const ENDED = `Subscription ended after failed payments: Gold package of ${p.email}`;
const UNPAID = `Subscription unpaid: Gold package of ${p.email}`;

/** Day one of a card purchase, recorded: a paid Order and its e-mail. */
async function paidOrder({ provider, deliverAll }: WebhookSetup, purchase: Purchase = p): Promise<void> {
  const day = cardDayOne(purchase);
  providerHolds(provider, day.now);
  await deliverAll([day.events.completed]);
}

/** The subscription after its trial: active in the period from the first renewal to the second. */
const afterTrial = (state: Parameters<typeof subscription>[1]) =>
  subscription(p, { periodStartS: FIRST_RENEWAL_S, periodEndS: SECOND_RENEWAL_S, ...state });

/** A failed attempt at the first monthly invoice; `next`: when the provider tries again (null: it will not). */
function renewalFailed(attempt: number, createdS: number, next: number | null): Obj {
  const invoice = renewalInvoice(p, {
    number: 2,
    periodStartS: FIRST_RENEWAL_S,
    periodEndS: SECOND_RENEWAL_S,
    status: 'open',
    attemptCount: attempt,
    nextPaymentAttemptS: next,
    createdS: FIRST_RENEWAL_S + HOUR_S,
  });
  return eventOf('invoice.payment_failed', invoice, createdS);
}

const lines = (body: string | undefined) => (body ?? '').split('\n');

Deno.test('renewal failed: one e-mail per failed invoice, whatever the attempts; the Order follows the provider (past_due, then active)', async () => {
  await withWebhook(async (setup) => {
    const { platform, provider, deliverAll, deliverAsSent } = setup;
    await paidOrder(setup);
    const firstAttempt = renewalFailed(1, FIRST_RENEWAL_S + HOUR_S, FIRST_RENEWAL_S + 3 * DAY_S);
    const secondAttempt = renewalFailed(2, FIRST_RENEWAL_S + 3 * DAY_S, FIRST_RENEWAL_S + 8 * DAY_S);
    const pastDue = afterTrial({ status: 'past_due' });
    providerHolds(provider, pastDue);
    await deliverAsSent([
      firstAttempt,
      eventOf('customer.subscription.updated', pastDue, FIRST_RENEWAL_S + HOUR_S, {
        previous: { status: 'trialing' },
      }),
      secondAttempt,
      firstAttempt,
    ]);
    const order = theOrder(platform);
    assert.equal(order.subscription_status, 'past_due');
    assert.equal(order.current_period_end, iso(SECOND_RENEWAL_S));
    assert.equal(order.first_renewal_at, iso(FIRST_RENEWAL_S), "the first renewal stays the trial's end");
    assert.deepEqual(order.renewal_failures_notified, [renewalInvoiceId(p, 2)]);
    assert.deepEqual(subjects(platform), [PAID, RENEWAL_FAILED]);
    const email = lines(platform.emails[1]?.body);
    assert.ok(
      email.includes(
        `The monthly payment of ${MONTHLY_TEXT} due on 28 February 2027 failed. The subscription is past due.`,
      ),
      email.join('\n'),
    );
    assert.ok(email.includes('The payment provider tries again on 3 March 2027.'), email.join('\n'));
    assert.ok(email.includes(`Invoice: ${renewalInvoiceId(p, 2)}`), email.join('\n'));

    // The retry pays it; the next month's Direct Debit fails and is not retried: a second e-mail, for that invoice.
    const active = afterTrial({ status: 'active' });
    providerHolds(provider, active);
    const paidOnRetry = renewalInvoice(p, {
      number: 2,
      periodStartS: FIRST_RENEWAL_S,
      periodEndS: SECOND_RENEWAL_S,
      status: 'paid',
      attemptCount: 2,
      nextPaymentAttemptS: null,
      createdS: FIRST_RENEWAL_S + HOUR_S,
    });
    await deliverAsSent([eventOf('invoice.paid', paidOnRetry, FIRST_RENEWAL_S + 3 * DAY_S)]);
    assert.equal(theOrder(platform).subscription_status, 'active');
    const nextFailure = renewalInvoice(p, {
      number: 3,
      periodStartS: SECOND_RENEWAL_S,
      periodEndS: SECOND_RENEWAL_S + 31 * DAY_S,
      status: 'open',
      attemptCount: 1,
      nextPaymentAttemptS: null,
      createdS: SECOND_RENEWAL_S + HOUR_S,
    });
    const nextFailed = eventOf('invoice.payment_failed', nextFailure, SECOND_RENEWAL_S + 5 * DAY_S);
    // The first month's failed attempt, delivered again late, finds its invoice paid now: no e-mail for it.
    await deliverAsSent([nextFailed]);
    await deliverAll([firstAttempt, nextFailed]);
    assert.deepEqual(theOrder(platform).renewal_failures_notified, [
      renewalInvoiceId(p, 2),
      renewalInvoiceId(p, 3),
    ]);
    assert.deepEqual(subjects(platform), [PAID, RENEWAL_FAILED, RENEWAL_FAILED]);
    const second = lines(platform.emails[2]?.body);
    assert.ok(
      second.includes(
        'The payment provider will not try again by itself (a Direct Debit is not retried); contact the buyer.',
      ),
      second.join('\n'),
    );
    assert.ok(second.includes(`Invoice: ${renewalInvoiceId(p, 3)}`), second.join('\n'));
  });
});

Deno.test('cancelled at the period end: one e-mail when it is scheduled, none when it ends, in either order', async () => {
  const cancelledS = FIRST_RENEWAL_S + 10 * DAY_S;
  const scheduled = afterTrial({
    status: 'active',
    cancelAtPeriodEnd: true,
    cancelAtS: SECOND_RENEWAL_S,
    canceledAtS: cancelledS,
    cancellationReason: 'cancellation_requested',
  });
  const ended = afterTrial({
    status: 'canceled',
    cancelAtPeriodEnd: true,
    cancelAtS: SECOND_RENEWAL_S,
    canceledAtS: cancelledS,
    endedAtS: SECOND_RENEWAL_S,
    cancellationReason: 'cancellation_requested',
  });
  const updated = eventOf('customer.subscription.updated', scheduled, cancelledS, {
    previous: { cancel_at_period_end: false, cancel_at: null, canceled_at: null },
  });
  const deleted = eventOf('customer.subscription.deleted', ended, SECOND_RENEWAL_S);
  // In order: the provider holds the scheduled state, then the ended one.
  await withWebhook(async (setup) => {
    const { platform, provider, deliverAll } = setup;
    await paidOrder(setup);
    providerHolds(provider, scheduled);
    await deliverAll([updated, updated]);
    assert.equal(theOrder(platform).cancel_at_period_end, true);
    assert.equal(theOrder(platform).cancel_at, iso(SECOND_RENEWAL_S));
    assert.equal(theOrder(platform).subscription_status, 'active');
    assert.deepEqual(subjects(platform), [PAID, CANCELLED]);
    assert.ok(
      lines(platform.emails[1]?.body).includes(
        'The monthly subscription was cancelled. It ends on 28 March 2027 and does not renew.',
      ),
      platform.emails[1]?.body,
    );
    providerHolds(provider, ended);
    await deliverAll([deleted, updated]);
    const order = theOrder(platform);
    assert.equal(order.subscription_status, 'canceled');
    assert.equal(order.ended_at, iso(SECOND_RENEWAL_S));
    assert.equal(order.end_reason, 'cancellation_requested');
    assert.deepEqual(subjects(platform), [PAID, CANCELLED]);
  });
  // Delivered late, after it ended: the same one e-mail.
  await withWebhook(async (setup) => {
    const { platform, provider, deliverAll } = setup;
    await paidOrder(setup);
    providerHolds(provider, ended);
    await deliverAll([deleted, updated]);
    assert.deepEqual(subjects(platform), [PAID, CANCELLED]);
    assert.ok(lines(platform.emails[1]?.body).some((line) => line.includes('It ends on 28 March 2027')));
  });
});

Deno.test('cancelled with cancel_at a later date: one e-mail naming that date', async () => {
  const cancelAtS = Date.UTC(2027, 4, 15, 12, 0, 0) / 1000;
  const scheduled = afterTrial({ status: 'active', cancelAtS, canceledAtS: FIRST_RENEWAL_S + DAY_S });
  await withWebhook(async (setup) => {
    const { platform, provider, deliverAll } = setup;
    await paidOrder(setup);
    providerHolds(provider, scheduled);
    const updated = eventOf('customer.subscription.updated', scheduled, FIRST_RENEWAL_S + DAY_S, {
      previous: { cancel_at: null },
    });
    await deliverAll([updated, updated]);
    assert.equal(theOrder(platform).cancel_at, iso(cancelAtS));
    assert.equal(theOrder(platform).cancel_at_period_end, false);
    assert.deepEqual(subjects(platform), [PAID, CANCELLED]);
    assert.ok(lines(platform.emails[1]?.body).some((line) => line.includes('It ends on 15 May 2027')));
  });
});

Deno.test('cancelled now, by request: one e-mail naming the day it ended', async () => {
  const endedS = FIRST_RENEWAL_S + 4 * DAY_S;
  const ended = afterTrial({
    status: 'canceled',
    canceledAtS: endedS,
    endedAtS: endedS,
    cancellationReason: 'cancellation_requested',
  });
  await withWebhook(async (setup) => {
    const { platform, provider, deliverAll } = setup;
    await paidOrder(setup);
    providerHolds(provider, ended);
    const deleted = eventOf('customer.subscription.deleted', ended, endedS);
    await deliverAll([deleted, deleted]);
    const order = theOrder(platform);
    assert.equal(order.subscription_status, 'canceled');
    assert.equal(order.cancel_at, null);
    assert.equal(order.ended_at, iso(endedS));
    assert.equal(order.end_reason, 'cancellation_requested');
    assert.deepEqual(subjects(platform), [PAID, CANCELLED]);
    assert.ok(lines(platform.emails[1]?.body).some((line) => line.includes('It ends on 4 March 2027')));
  });
});

Deno.test('ended after failed payments: one renewal e-mail and one "ended" e-mail (no "cancelled"), whichever event comes first', async () => {
  const endedS = FIRST_RENEWAL_S + 14 * DAY_S;
  const pastDue = afterTrial({ status: 'past_due' });
  const ended = afterTrial({
    status: 'canceled',
    canceledAtS: endedS,
    endedAtS: endedS,
    cancellationReason: 'payment_failed',
  });
  const events = [
    renewalFailed(1, FIRST_RENEWAL_S + HOUR_S, FIRST_RENEWAL_S + 3 * DAY_S),
    eventOf('customer.subscription.updated', pastDue, FIRST_RENEWAL_S + HOUR_S, {
      previous: { status: 'active' },
    }),
    renewalFailed(8, endedS, null),
    eventOf('customer.subscription.deleted', ended, endedS),
  ];
  // Each event first (rotations), and all of them backwards.
  const orders = [
    ...events.map((_, i) => [...events.slice(i), ...events.slice(0, i)]),
    [...events].reverse(),
  ];
  for (const order of orders) {
    await withWebhook(async (setup) => {
      const { platform, provider, deliverAsSent } = setup;
      await paidOrder(setup);
      providerHolds(provider, ended);
      await deliverAsSent(order);
      const recorded = theOrder(platform);
      assert.equal(recorded.subscription_status, 'canceled');
      assert.equal(recorded.end_reason, 'payment_failed');
      assert.equal(recorded.ended_at, iso(endedS));
      assert.deepEqual([...subjects(platform)].sort(), [ENDED, PAID, RENEWAL_FAILED].sort());
      const endedEmail = platform.emails.find((email) => email.subject === ENDED);
      assert.ok(
        lines(endedEmail?.body).some((line) => line.includes('(14 March 2027)')),
        endedEmail?.body,
      );
    });
  }
});

Deno.test('left unpaid after failed payments: one "unpaid" e-mail', async () => {
  const unpaid = afterTrial({ status: 'unpaid' });
  await withWebhook(async (setup) => {
    const { platform, provider, deliverAsSent } = setup;
    await paidOrder(setup);
    providerHolds(provider, unpaid);
    const updated = eventOf('customer.subscription.updated', unpaid, FIRST_RENEWAL_S + 14 * DAY_S, {
      previous: { status: 'past_due' },
    });
    await deliverAsSent([updated, renewalFailed(8, FIRST_RENEWAL_S + 14 * DAY_S, null), updated]);
    assert.equal(theOrder(platform).subscription_status, 'unpaid');
    assert.deepEqual([...subjects(platform)].sort(), [PAID, RENEWAL_FAILED, UNPAID].sort());
  });
});

Deno.test('dispute: a bank takes back the settled Direct Debit: the Order is flagged and the agency e-mailed once per dispute', async () => {
  const bacs = bacsPurchase(p);
  await withWebhook(async ({ platform, provider, deliverAll, deliverAsSent }) => {
    providerHolds(provider, bacs.succeeded.now, firstPayment(p, BACS_SETTLED_S));
    await deliverAll(Object.values(bacs.succeeded.events));
    const before = provider.requests.length;
    const dispute = disputeCreated(p, 'du_1test0001', 20);
    const [answer] = await deliverAsSent([dispute]);
    assert.deepEqual(answer, { received: true, order_id: 'order_1' });
    assert.deepEqual(provider.asked().slice(before), [
      'GET /v1/disputes/du_1test0001',
      `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=${p.paymentIntentId}&limit=1`,
      `GET /v1/invoices/${p.firstInvoiceId}`,
      `GET /v1/subscriptions/${p.subscriptionId}`,
    ]);
    const order = theOrder(platform);
    assert.equal(order.disputed, true);
    assert.deepEqual(order.disputes, [
      {
        id: 'du_1test0001',
        amount: SETUP_PENCE,
        currency: 'gbp',
        reason: 'debit_not_authorized',
        created_at: iso(p.purchasedS + 20 * DAY_S),
      },
    ]);
    assert.equal(order.status, 'paid', 'the day-one payment stays paid: the dispute is recorded beside it');
    const disputed = `Payment disputed: ${SETUP_TEXT} of Gold package from ${p.email}`;
    assert.deepEqual(subjects(platform), [PAID, disputed]);
    const body = lines(platform.emails[1]?.body);
    assert.ok(body.includes('Dispute: du_1test0001'), body.join('\n'));
    assert.ok(
      body.some((line) => line.includes('reason: debit_not_authorized')),
      body.join('\n'),
    );

    await deliverAll([dispute]);
    assert.equal(platform.emails.length, 2);
    assert.equal((theOrder(platform).disputes as unknown[]).length, 1);
    // Another dispute of the same order: recorded beside the first, and e-mailed.
    await deliverAsSent([disputeCreated(p, 'du_2test0001', 40, 'insufficient_funds')]);
    assert.deepEqual(
      (theOrder(platform).disputes as { id: string }[]).map((known) => known.id),
      ['du_1test0001', 'du_2test0001'],
    );
    assert.deepEqual(subjects(platform), [PAID, disputed, disputed]);
  });
});
