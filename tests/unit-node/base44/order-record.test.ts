/**
 * The Order's fields: the subscription's as the provider reports them now (status, first monthly charge, fee, period,
 * scheduled or past end), what a session fills in without rewriting, and the day-one payment that only moves forward.
 */
import { describe, expect, it } from 'vitest';
import {
  laterPaymentState,
  missingFields,
  paymentPatch,
  sessionFields,
  subscriptionFields,
} from '../../../base44/functions/stripeWebhook/order-record.ts';
import { subscriptionState } from '../../../base44/functions/stripeWebhook/provider-lookup.ts';
import type { StripeSubscription } from '../../../base44/shared/stripe-client.ts';
import {
  FIRST_RENEWAL_S,
  PURCHASE_S,
  SESSION_ID,
  SUBSCRIPTION_ID,
  subscription,
} from '../../support/provider-events.ts';
import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from '../../support/spec-figures.ts';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const state = (spec: Parameters<typeof subscription>[0] = {}) =>
  subscriptionState(subscription(spec) as unknown as StripeSubscription);

describe('subscriptionState: what the order needs of the provider’s subscription', () => {
  it('reads its status, trial, period, end and one item per recurring price', () => {
    expect(state({ status: 'canceled', endedAtS: 9, reason: 'payment_failed', cancelAtS: 8 })).toStrictEqual({
      id: SUBSCRIPTION_ID,
      status: 'canceled',
      metadata: { package: PACKAGE },
      trialEndS: FIRST_RENEWAL_S,
      currentPeriodEndS: FIRST_RENEWAL_S,
      cancelAtPeriodEnd: false,
      cancelAtS: 8,
      endedAtS: 9,
      cancellationReason: 'payment_failed',
      items: [
        { amount: MONTHLY_PENCE, currency: CURRENCY, interval: 'month', intervalCount: 1, quantity: 1 },
      ],
    });
  });
});

describe('subscriptionFields', () => {
  it('a trialing subscription: its state, the first monthly charge at the trial’s end, the monthly fee', () => {
    expect(subscriptionFields(state())).toStrictEqual({
      subscription_id: SUBSCRIPTION_ID,
      subscription_status: 'trialing',
      cancel_at_period_end: false,
      cancel_at: null,
      current_period_end: iso(FIRST_RENEWAL_S),
      first_renewal_at: iso(FIRST_RENEWAL_S),
      monthly_amount: MONTHLY_PENCE,
      currency: CURRENCY,
      package: PACKAGE,
    });
  });

  it('a scheduled end gives cancel_at; an ended one its end and reason', () => {
    expect(subscriptionFields(state({ cancelAtPeriodEnd: true }))).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: iso(FIRST_RENEWAL_S),
    });
    const ended = subscriptionFields(
      state({ status: 'canceled', endedAtS: PURCHASE_S + 5, reason: 'cancellation_requested' }),
    );
    expect(ended).toMatchObject({ ended_at: iso(PURCHASE_S + 5), end_reason: 'cancellation_requested' });
    expect(subscriptionFields(state())).not.toHaveProperty('ended_at');
    expect(subscriptionFields(state({ trialEndS: null }))).not.toHaveProperty('first_renewal_at');
  });
});

describe('what a session fills in, and the day-one payment', () => {
  const facts = {
    sessionId: SESSION_ID,
    mode: 'subscription',
    paymentStatus: 'paid' as const,
    customerEmail: 'jane@example.co.uk',
    customerName: 'Jane Doe',
    amountTotal: SETUP_PENCE,
    currency: CURRENCY,
  };

  it('sessionFields gives the session, the buyer and what day one charged', () => {
    expect(sessionFields(facts)).toStrictEqual({
      session_id: SESSION_ID,
      customer_email: 'jane@example.co.uk',
      customer_name: 'Jane Doe',
      amount_total: SETUP_PENCE,
      currency: CURRENCY,
    });
    expect(sessionFields({ sessionId: 'cs_1', mode: 'subscription', paymentStatus: 'unpaid' })).toStrictEqual(
      { session_id: 'cs_1' },
    );
  });

  it('missingFields keeps only what the order lacks', () => {
    const order = {
      subscription_id: SUBSCRIPTION_ID,
      status: 'paid' as const,
      customer_email: 'first@example.co.uk',
    };
    expect(missingFields(order, sessionFields(facts))).toStrictEqual({
      session_id: SESSION_ID,
      customer_name: 'Jane Doe',
      amount_total: SETUP_PENCE,
      currency: CURRENCY,
    });
  });

  it('the payment moves from pending to paid or failed, never back, stamped with the event’s time', () => {
    expect(laterPaymentState('pending', 'paid')).toBe('paid');
    expect(laterPaymentState('pending', 'failed')).toBe('failed');
    expect(laterPaymentState('paid', 'pending')).toBe('paid');
    expect(laterPaymentState('failed', 'paid')).toBe('failed');
    const pending = { subscription_id: 's', status: 'pending' as const };
    expect(paymentPatch(pending, 'paid', 10)).toStrictEqual({ status: 'paid', paid_at: iso(10) });
    expect(paymentPatch(pending, 'failed', 11)).toStrictEqual({ status: 'failed', failed_at: iso(11) });
    expect(paymentPatch(pending, 'pending', 12)).toStrictEqual({});
    expect(paymentPatch({ ...pending, status: 'paid' }, 'failed', 13)).toStrictEqual({});
  });
});

describe('subscriptionFields, from what the provider leaves out', () => {
  it('no period end, no reason for an end, no package: none recorded', () => {
    const fields = subscriptionFields({
      ...state({ status: 'canceled', endedAtS: PURCHASE_S + 5 }),
      currentPeriodEndS: null,
      metadata: {},
    });
    expect(fields).toStrictEqual({
      subscription_id: SUBSCRIPTION_ID,
      subscription_status: 'canceled',
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: iso(PURCHASE_S + 5),
      first_renewal_at: iso(FIRST_RENEWAL_S),
      monthly_amount: MONTHLY_PENCE,
      currency: CURRENCY,
    });
  });

  it('no item: no fee and no currency; an item without an amount: its currency only', () => {
    const fields = subscriptionFields({ ...state(), items: [] });
    expect(fields).not.toHaveProperty('monthly_amount');
    expect(fields).not.toHaveProperty('currency');
    const [item] = state().items;
    const unpriced = subscriptionFields({ ...state(), items: [{ ...item!, amount: null, currency: 'eur' }] });
    expect(unpriced).not.toHaveProperty('monthly_amount');
    expect(unpriced).toMatchObject({ currency: 'eur' });
  });

  it('the monthly fee is the item’s price times its quantity', () => {
    const [item] = state().items;
    expect(subscriptionFields({ ...state(), items: [{ ...item!, quantity: 2 }] })).toMatchObject({
      monthly_amount: 2 * MONTHLY_PENCE,
    });
  });
});
