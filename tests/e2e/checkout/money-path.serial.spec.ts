/**
 * The six money paths of issue 31, end to end in Chromium against `npm start`'s servers and the project's own backend
 * functions: a buyer goes from Pricing ("Get Started Now") through the payment double's page ("Due today £799.00",
 * "then £199.00 per month from" one calendar month on) to PaymentSuccess (the order reference), then the provider's side
 * moves on through the control API (a Direct Debit settles or fails, a renewal fails and the retries run out, the buyer
 * cancels, the bank disputes). Each path checks what the agency sees (the one `Order` of the purchase, its e-mails) and
 * that every event was accepted at its first delivery, whatever order it came in.
 *
 * The double delivers each action's events in a shuffled order; each test replays one order from a seed, so a failure
 * can be replayed. The seeds are chosen for orders the webhook must not depend on: the card's day one delivers the
 * checkout's own event after the paid invoice (the order the old webhook refused with a 409) and after the subscription's
 * `updated` before its `created`; the settled Direct Debit delivers its paid invoice before the session's
 * `async_payment_succeeded`; the retries end with a failed invoice delivered after the subscription was deleted. Serial: the seed is the payment account's, shared by every session; the
 * seed the account had is put back after each test.
 */
import { CURRENCY, MONTHLY_TEXT, PACKAGE, SETUP_PENCE, SETUP_TEXT } from '../../support/spec-figures.ts';
import { HARNESS } from '../support/harness.ts';
import { type APIRequestContext, expect, type Page, test } from '../support/test.ts';
import {
  BUYER_EMAIL,
  control,
  deliveryOrder,
  eventOrderSeed,
  expectEveryDeliveryAcceptedAtOnce,
  expectOrder,
  functionsWarm,
  mailsAbout,
  type PAY_METHODS,
  payOnPage,
  type SessionRecord,
  seedEventOrder,
  sessionRecord,
  startCheckoutAndReadTerms,
  subjectsAbout,
  ukDate,
} from './checkout-support.ts';

const PACKAGE_LABEL = `${PACKAGE.charAt(0).toUpperCase()}${PACKAGE.slice(1)} package`;
const PAID_SUBJECT = `New paid order: ${PACKAGE_LABEL}, ${SETUP_TEXT} today from ${BUYER_EMAIL}`;
const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;

let accountSeed: number | null = null;

test.beforeAll(async ({ request }) => {
  await functionsWarm(request);
  accountSeed = await eventOrderSeed(request);
});

test.afterEach(async ({ request }) => {
  await seedEventOrder(request, accountSeed);
});

/** Notes the order the session's events were delivered in, so that a failure says which order it met. */
function noteDeliveryOrder(record: SessionRecord, when: string): string[] {
  const order = deliveryOrder(record);
  test.info().annotations.push({ type: `delivery order (${when})`, description: order.join(' → ') });
  return order;
}

/** Every event of the session so far was accepted at once; notes the order they came in. */
async function acceptedAtOnce(request: APIRequestContext, sessionId: string, when: string) {
  const record = await sessionRecord(request, sessionId);
  noteDeliveryOrder(record, when);
  expectEveryDeliveryAcceptedAtOnce(record);
  return record;
}

/** Pricing → the pay page (its terms checked) → Pay with `method` → PaymentSuccess, with the delivery order seeded. */
async function buyWithSeed(
  page: Page,
  request: APIRequestContext,
  method: keyof typeof PAY_METHODS,
  seed: number,
): Promise<{ sessionId: string; firstMonthly: string }> {
  await seedEventOrder(request, seed);
  const bought = await startCheckoutAndReadTerms(page);
  await payOnPage(page, bought.sessionId, method);
  return bought;
}

test('a. card: one paid Order, one "New paid order" e-mail, the subscription trialing', async ({
  page,
  request,
}) => {
  const { sessionId, firstMonthly } = await buyWithSeed(page, request, 'card', 4);

  const record = await acceptedAtOnce(request, sessionId, 'pay');
  const order = deliveryOrder(record);
  expect(
    order.indexOf('checkout.session.completed'),
    'this seed delivers the session after its paid invoice; if the double shuffles otherwise now, choose another seed',
  ).toBeGreaterThan(order.indexOf('invoice.paid'));
  expect(record.subscription?.status).toBe('trialing');

  await expectOrder(request, sessionId, firstMonthly, {
    status: 'paid',
    subscription_status: 'trialing',
  });
  const mails = await mailsAbout(request, sessionId);
  expect(mails.map((m) => m.subject)).toEqual([PAID_SUBJECT]);
  expect(mails[0]?.body).toContain(`Paid today: ${SETUP_TEXT}`);
  expect(mails[0]?.body).toContain(`Then: ${MONTHLY_TEXT} per month from ${firstMonthly}`);
});

test("a. card, the checkout's own event delivered last: the paid e-mail still names the session (the buyer's order reference)", async ({
  page,
  request,
}) => {
  const { sessionId } = await buyWithSeed(page, request, 'card', 4);
  const order = deliveryOrder(await acceptedAtOnce(request, sessionId, 'pay'));
  expect(
    order.at(-1),
    'this seed delivers the session last; if the double shuffles otherwise now, choose another',
  ).toBe('checkout.session.completed');
  // PaymentSuccess shows the buyer the session's last 12 characters; the agency's e-mail must let it find the order.
  const mails = await mailsAbout(request, sessionId);
  expect(mails.map((m) => m.subject)).toEqual([PAID_SUBJECT]);
  expect(mails[0]?.body).toContain(`Checkout session: ${sessionId}`);
});

test('b. Bacs settled: a pending Order and no e-mail, then settled: paid and one e-mail', async ({
  page,
  request,
}) => {
  const { sessionId, firstMonthly } = await buyWithSeed(page, request, 'bacs', 14);
  await acceptedAtOnce(request, sessionId, 'pay');
  await expectOrder(request, sessionId, firstMonthly, {
    status: 'pending',
    subscription_status: 'incomplete',
  });
  expect(await mailsAbout(request, sessionId)).toEqual([]);

  await control(request, sessionId, 'settle', { outcome: 'succeeded' });
  const record = await acceptedAtOnce(request, sessionId, 'settle');
  expect(record.subscription?.status).toBe('trialing');
  await expectOrder(request, sessionId, firstMonthly, {
    status: 'paid',
    subscription_status: 'trialing',
  });
  expect(await subjectsAbout(request, sessionId)).toEqual([PAID_SUBJECT]);
});

test('c. Bacs failed: the Order failed, the subscription incomplete_expired 23 hours on, one "Direct Debit failed" e-mail', async ({
  page,
  request,
}) => {
  const { sessionId, firstMonthly } = await buyWithSeed(page, request, 'bacs', 3);
  await control(request, sessionId, 'settle', { outcome: 'failed' });
  // The provider keeps the subscription incomplete for 23 hours after the failure, then expires it.
  await control(request, sessionId, 'clock', { to: 'next' });
  const record = await acceptedAtOnce(request, sessionId, 'pay, settle, expiry');
  expect(record.subscription?.status).toBe('incomplete_expired');
  await expectOrder(request, sessionId, firstMonthly, {
    status: 'failed',
    subscription_status: 'incomplete_expired',
  });
  expect(await subjectsAbout(request, sessionId)).toEqual([
    `Direct Debit failed: ${PACKAGE_LABEL}, ${SETUP_TEXT} from ${BUYER_EMAIL}`,
  ]);
});

test('d. a renewal fails: past_due and one e-mail; the retries run out: canceled and one more e-mail', async ({
  page,
  request,
}) => {
  const { sessionId, firstMonthly } = await buyWithSeed(page, request, 'card', 7);

  const failed = await control(request, sessionId, 'advance', { renewal: 'failed' });
  await acceptedAtOnce(request, sessionId, 'pay, renewal');
  expect(failed.subscription?.status).toBe('past_due');
  await expectOrder(request, sessionId, firstMonthly, {
    status: 'paid',
    subscription_status: 'past_due',
  });
  const renewalFailed = `Renewal payment failed: ${PACKAGE_LABEL}, ${MONTHLY_TEXT} from ${BUYER_EMAIL}`;
  expect(await subjectsAbout(request, sessionId)).toEqual([PAID_SUBJECT, renewalFailed]);

  // Past the account's retry window, counted from the first failed attempt (where the clock now is).
  const { retries } = (await (await request.get(`${HARNESS}/__harness/payments/settings`)).json()) as {
    retries: { days: number };
  };
  const firstFailureS = Date.parse(failed.clock ?? '') / 1000;
  const ended = await control(request, sessionId, 'clock', {
    to: firstFailureS + retries.days * DAY_S + HOUR_S,
  });
  await acceptedAtOnce(request, sessionId, 'pay, renewal, retries');
  expect(ended.subscription?.status).toBe('canceled');
  await expectOrder(request, sessionId, firstMonthly, {
    status: 'paid',
    subscription_status: 'canceled',
    end_reason: 'payment_failed',
  });
  expect(await subjectsAbout(request, sessionId)).toEqual([
    PAID_SUBJECT,
    renewalFailed,
    `Subscription ended after failed payments: ${PACKAGE_LABEL} of ${BUYER_EMAIL}`,
  ]);
});

test('e. cancel at the period end: one "Subscription cancelled" e-mail and cancel_at set; at the end: canceled, no second e-mail', async ({
  page,
  request,
}) => {
  const { sessionId, firstMonthly } = await buyWithSeed(page, request, 'card', 12);

  const scheduled = await control(request, sessionId, 'cancel', { at: 'period_end' });
  await acceptedAtOnce(request, sessionId, 'pay, cancel');
  const periodEnd = scheduled.subscription?.current_period_end ?? '';
  expect(ukDate(Date.parse(periodEnd))).toBe(firstMonthly);
  await expectOrder(request, sessionId, firstMonthly, {
    status: 'paid',
    subscription_status: 'trialing',
    cancel_at: new Date(Date.parse(periodEnd)).toISOString(),
  });
  const cancelled = `Subscription cancelled: ${PACKAGE_LABEL} of ${BUYER_EMAIL}`;
  const mails = await mailsAbout(request, sessionId);
  expect(mails.map((m) => m.subject)).toEqual([PAID_SUBJECT, cancelled]);
  expect(mails[1]?.body).toContain(`It ends on ${firstMonthly} and does not renew.`);

  const ended = await control(request, sessionId, 'clock', { to: Date.parse(periodEnd) / 1000 + HOUR_S });
  await acceptedAtOnce(request, sessionId, 'pay, cancel, period end');
  expect(ended.subscription?.status).toBe('canceled');
  await expectOrder(request, sessionId, firstMonthly, {
    status: 'paid',
    subscription_status: 'canceled',
    ended_at: expect.any(String),
  });
  expect(await subjectsAbout(request, sessionId)).toEqual([PAID_SUBJECT, cancelled]);
});

test('f. dispute: a settled Direct Debit disputed by the bank flags the Order, with one "Payment disputed" e-mail', async ({
  page,
  request,
}) => {
  const { sessionId, firstMonthly } = await buyWithSeed(page, request, 'bacs', 8);
  await control(request, sessionId, 'settle', { outcome: 'succeeded' });
  expect(await subjectsAbout(request, sessionId)).toEqual([PAID_SUBJECT]);

  const disputed = await control(request, sessionId, 'dispute');
  await acceptedAtOnce(request, sessionId, 'pay, settle, dispute');
  const [dispute] = disputed.subscription?.disputes ?? [];
  expect(dispute).toMatchObject({ id: expect.stringMatching(/^du_/), amount: SETUP_PENCE });
  await expectOrder(request, sessionId, firstMonthly, {
    status: 'paid',
    disputed: true,
    disputes: [expect.objectContaining({ id: dispute?.id, amount: SETUP_PENCE, currency: CURRENCY })],
  });
  expect(await subjectsAbout(request, sessionId)).toEqual([
    PAID_SUBJECT,
    `Payment disputed: ${SETUP_TEXT} of ${PACKAGE_LABEL} from ${BUYER_EMAIL}`,
  ]);
});
