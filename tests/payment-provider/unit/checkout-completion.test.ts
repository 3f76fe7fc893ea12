/**
 * What happens to a checkout session: paying on the hosted page (a card pays at once; a Bacs Direct Debit completes
 * the session unpaid and later sends `checkout.session.async_payment_succeeded` or `…_failed`), its subscription's
 * clock moving on, a change made elsewhere applied to it, and its expiry (its time passing, or Cancel on the page).
 */
import { describe, expect, it } from 'vitest';
import { cancelSubscription } from '../../../host-harness/payments/billing/billing-clock.ts';
import { BillingConflict } from '../../../host-harness/payments/billing/subscription-ledger.ts';
import {
  advanceClock,
  applyBilling,
  type Change,
  cancelOnPage,
  completeCheckout,
  expireIfDue,
  settleFirstDebit,
} from '../../../host-harness/payments/checkout/checkout-completion.ts';
import type { CheckoutRecord } from '../../../host-harness/payments/checkout/checkout-session-store.ts';
import { MONTHLY_PENCE, SETUP_AND_MONTH_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';
import {
  at,
  bought,
  DAY_S,
  goldRecord,
  monthlyPrice,
  settings,
  setupPrice,
  subscriptionData,
} from './checkout-fixtures.ts';

/** Monday 2 March 2026: a first Direct Debit is confirmed on Wednesday 11 March. */
const NOW_S = at('2026-03-02T10:00:00Z');
const CONFIRMED_S = at('2026-03-11T10:00:00Z');
const RENEWAL_S = at('2026-04-02T10:00:00Z');

/** Completes an open session (completeCheckout answers null for one that is not open). */
function complete(...args: Parameters<typeof completeCheckout>): Change {
  const change = completeCheckout(...args);
  if (!change) throw new Error('the session was not completed');
  return change;
}

const types = (change: Change) => change.events.map((event) => event.type);

function conflict(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof BillingConflict) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('no conflict');
}

const paymentMode = (unitAmount = SETUP_PENCE) =>
  goldRecord(NOW_S, {
    mode: 'payment',
    lineItems: [{ price: setupPrice({ unit_amount: unitAmount }), quantity: 1 }],
    subscriptionData: null,
    customerEmail: 'prefilled@example.com',
  });

describe('completeCheckout in payment mode', () => {
  it('a card pays at once: complete and paid, with a customer and a payment, and one event', () => {
    const record = paymentMode();
    const change = complete(record, { method: 'card', email: 'buyer@example.com' }, NOW_S, settings());
    const session = change.record.session;
    expect(session).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      url: null,
      subscription: null,
      customer_details: expect.objectContaining({ email: 'buyer@example.com' }),
    });
    expect(session.customer).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(session.payment_intent).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(change.record.payment_method).toBe('card');
    expect(change.record.clock_s).toBe(NOW_S);
    expect(change.record.subscription).toBeNull();
    expect(change.record.invoices).toEqual([]);
    expect(change.events).toEqual([{ type: 'checkout.session.completed', atS: NOW_S, object: session }]);
  });

  it('the prefilled e-mail when the buyer gave none; nothing due is no payment required', () => {
    const change = complete(paymentMode(0), { method: 'card', email: null }, NOW_S, settings());
    expect(change.record.session.customer_details?.email).toBe('prefilled@example.com');
    expect(change.record.session.payment_status).toBe('no_payment_required');
  });

  it('refuses a Direct Debit, which the double does not simulate in payment mode', () => {
    expect(
      conflict(() => complete(paymentMode(), { method: 'bacs_debit', email: null }, NOW_S, settings())),
    ).toBe('not_simulated: A Bacs Direct Debit in payment mode is not simulated by the local double');
  });
});

describe('completeCheckout in subscription mode', () => {
  it('a card: the subscription started and paid, the session complete and paid naming it and its invoice', () => {
    const record = goldRecord(NOW_S, {
      subscriptionData: subscriptionData({ metadata: { package: 'gold' }, description: 'Gold package' }),
    });
    const change = complete(record, { method: 'card', email: 'buyer@example.com' }, NOW_S, settings());
    const { session, subscription, invoices } = change.record;
    expect(session).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      payment_intent: null,
      subscription: subscription!.id,
      invoice: invoices[0]!.id,
      customer: subscription!.customer,
      customer_details: expect.objectContaining({ email: 'buyer@example.com' }),
    });
    expect(subscription).toMatchObject({
      status: 'active',
      metadata: { package: 'gold' },
      description: 'Gold package',
      currency: 'gbp',
      start_date: NOW_S,
    });
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      amount_paid: SETUP_AND_MONTH_PENCE,
      customer_email: 'buyer@example.com',
    });
    expect(change.record.payment_method).toBe('card');
    expect(change.record.line_items).toEqual(record.line_items);
    expect(change.record.app_id).toBe(record.app_id);
    expect(types(change)).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
      'checkout.session.completed',
    ]);
    expect(change.events.at(-1)).toEqual({ type: 'checkout.session.completed', atS: NOW_S, object: session });
  });

  it('a card pays on the page even when the payment method is set to fail (its renewals fail)', () => {
    const record: CheckoutRecord = { ...goldRecord(NOW_S), payment_outcome: 'fails' };
    const change = complete(record, { method: 'card', email: 'buyer@example.com' }, NOW_S, settings());
    expect(change.record.session.payment_status).toBe('paid');
    expect(change.record.payment_outcome).toBe('succeeds');
  });

  it('a Direct Debit: complete but unpaid, its first payment submitted', () => {
    const change = complete(
      goldRecord(NOW_S),
      { method: 'bacs_debit', email: 'b@example.com' },
      NOW_S,
      settings(),
    );
    expect(change.record.session).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(change.record.subscription!.status).toBe('incomplete');
    expect(change.record.charges).toEqual([
      expect.objectContaining({ method: 'bacs_debit', status: 'processing' }),
    ]);
    expect(types(change)).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'checkout.session.completed',
    ]);
  });

  it('without subscription data: no metadata, no description; a session without a currency in pounds', () => {
    const record = goldRecord(NOW_S, { subscriptionData: null });
    const noCurrency = { ...record, session: { ...record.session, currency: null } };
    const { subscription } = complete(noCurrency, { method: 'card', email: null }, NOW_S, settings()).record;
    expect(subscription).toMatchObject({ metadata: {}, description: null, currency: 'gbp' });
  });

  it('nothing due (a trial, nothing one-time): no payment required, trialing', () => {
    const record = goldRecord(NOW_S, {
      lineItems: [{ price: monthlyPrice(), quantity: 1 }],
      subscriptionData: subscriptionData({ trialPeriodDays: 14 }),
    });
    const change = complete(record, { method: 'card', email: null }, NOW_S, settings());
    expect(change.record.session.payment_status).toBe('no_payment_required');
    expect(change.record.subscription).toMatchObject({ status: 'trialing', trial_end: NOW_S + 14 * DAY_S });
  });

  it('charges what the terms say at the moment of paying, not when the session was created', () => {
    const record = goldRecord(NOW_S, {
      lineItems: [{ price: monthlyPrice(), quantity: 1 }],
      subscriptionData: subscriptionData({ trialPeriodDays: 14 }),
    });
    const later = NOW_S + 3_600;
    const change = complete(record, { method: 'card', email: null }, later, settings());
    expect(change.record.subscription!.trial_end).toBe(later + 14 * DAY_S);
  });
});

describe('a session that is not open', () => {
  it('is not completed again: a second press of Pay, or one that lost the race, changes nothing', () => {
    const paid = bought(goldRecord(NOW_S), NOW_S);
    expect(completeCheckout(paid, { method: 'card', email: null }, NOW_S + 1, settings())).toBeNull();
    const expired = expireIfDue(goldRecord(NOW_S), NOW_S + DAY_S)!.record;
    expect(completeCheckout(expired, { method: 'card', email: null }, NOW_S + DAY_S, settings())).toBeNull();
    const cancelled = cancelOnPage(goldRecord(NOW_S), NOW_S)!.record;
    expect(completeCheckout(cancelled, { method: 'bacs_debit', email: null }, NOW_S, settings())).toBeNull();
  });
});

describe('after a Direct Debit purchase', () => {
  const pending = () => bought(goldRecord(NOW_S), NOW_S, 'bacs_debit');

  it('confirmed: the session paid, checkout.session.async_payment_succeeded at the confirmation', () => {
    const change = settleFirstDebit(pending(), 'succeeded', settings());
    expect(change.record.session.payment_status).toBe('paid');
    expect(change.record.subscription!.status).toBe('active');
    expect(change.record.clock_s).toBe(CONFIRMED_S);
    expect(types(change)).toEqual([
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
      'checkout.session.async_payment_succeeded',
    ]);
    expect(change.events.at(-1)).toEqual({
      type: 'checkout.session.async_payment_succeeded',
      atS: CONFIRMED_S,
      object: change.record.session,
    });
  });

  it('failed: the session still unpaid, checkout.session.async_payment_failed, the subscription expired 23 hours on', () => {
    const record = pending();
    const change = settleFirstDebit(record, 'failed', settings());
    expect(change.record.session).toEqual(record.session);
    expect(change.record.subscription!.status).toBe('incomplete');
    const later = advanceClock(change.record, CONFIRMED_S + 23 * 60 * 60, settings());
    expect(later.record.subscription!.status).toBe('incomplete_expired');
    expect(later.events.map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.voided',
    ]);
    expect(change.record.payment_outcome).toBe('fails');
    expect(change.events.at(-1)).toEqual({
      type: 'checkout.session.async_payment_failed',
      atS: CONFIRMED_S,
      object: record.session,
    });
  });

  it('refuses to settle when no Direct Debit is waiting', () => {
    const paid = bought(goldRecord(NOW_S), NOW_S, 'card');
    expect(conflict(() => settleFirstDebit(paid, 'succeeded', settings()))).toBe(
      'not_pending: This session has no Direct Debit waiting to settle',
    );
  });

  it('the clock moving past the confirmation settles it too', () => {
    const change = advanceClock(pending(), CONFIRMED_S + DAY_S, settings());
    expect(change.record.session.payment_status).toBe('paid');
    expect(change.record.clock_s).toBe(CONFIRMED_S + DAY_S);
  });
});

describe('advanceClock and applyBilling', () => {
  it('moves a card subscription’s clock: renewals, and no event about the session', () => {
    const record = bought(goldRecord(NOW_S), NOW_S, 'card');
    const change = advanceClock(record, RENEWAL_S + 3_600, settings());
    expect(types(change)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    expect(change.record.invoices[1]).toMatchObject({ amount_paid: MONTHLY_PENCE });
    expect(change.record.session).toEqual(record.session);
    expect(change.record.line_items).toEqual(record.line_items);
  });

  it('refuses to move the clock of a session without a subscription', () => {
    expect(conflict(() => advanceClock(goldRecord(NOW_S), RENEWAL_S, settings()))).toBe(
      'no_subscription: This session has no subscription',
    );
  });

  it('applies a change made elsewhere, with its events', () => {
    const record = bought(goldRecord(NOW_S), NOW_S, 'card');
    const cancelled = cancelSubscription(record, 'now', NOW_S + DAY_S, settings());
    const change = applyBilling(record, cancelled);
    expect(change.record.subscription!.status).toBe('canceled');
    expect(change.record.session).toEqual(record.session);
    expect(change.events).toEqual(cancelled.events);
  });
});

describe('expiry', () => {
  it('an open session expires once its expires_at is reached, dated then', () => {
    const record = goldRecord(NOW_S);
    const expiresAt = record.session.expires_at;
    expect(expireIfDue(record, expiresAt - 1)).toBeNull();
    const change = expireIfDue(record, expiresAt + 60)!;
    expect(change.record.session).toMatchObject({ status: 'expired', url: null });
    expect(change.record.cancelled).toBe(false);
    expect(change.events).toEqual([
      { type: 'checkout.session.expired', atS: expiresAt, object: change.record.session },
    ]);
    expect(expireIfDue(record, expiresAt)?.record.session.status).toBe('expired');
  });

  it('a completed or expired session does not expire again', () => {
    const record = goldRecord(NOW_S);
    const late = record.session.expires_at + 1;
    expect(expireIfDue(bought(record, NOW_S), late)).toBeNull();
    expect(expireIfDue(expireIfDue(record, late)!.record, late)).toBeNull();
  });

  it('Cancel on the page expires an open session there and then, marked cancelled; nothing else', () => {
    const record = goldRecord(NOW_S);
    const change = cancelOnPage(record, NOW_S + 60)!;
    expect(change.record).toEqual({
      ...record,
      cancelled: true,
      session: { ...record.session, status: 'expired', url: null },
    });
    expect(change.events).toEqual([
      { type: 'checkout.session.expired', atS: NOW_S + 60, object: change.record.session },
    ]);
    expect(cancelOnPage(change.record, NOW_S + 120)).toBeNull();
    expect(cancelOnPage(bought(record, NOW_S), NOW_S + 120)).toBeNull();
  });
});
