/**
 * The Order's fields: the subscription's as the provider reports them now (status, first monthly charge, fee, period,
 * scheduled or past end), what a session fills in without rewriting, and the day-one payment that only moves forward.
 * And whether an event is this site's purchase at all.
 */
import { describe, expect, it } from 'vitest';
import {
  laterPaymentState,
  missingFields,
  paymentPatch,
  sessionFields,
  subscriptionFields,
} from '../../../base44/functions/stripeWebhook/order-record.ts';
import {
  invoiceVerdict,
  sessionVerdict,
  subscriptionVerdict,
} from '../../../base44/functions/stripeWebhook/ownership.ts';
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

describe('whose purchase an event is', () => {
  it('ours: a subscription naming a package on sale, its one item the package’s monthly fee', () => {
    expect(subscriptionVerdict(state())).toStrictEqual({ ours: true, pkg: PACKAGE });
  });

  it('not ours: no package, an unknown one, another fee, currency or interval, or more items', () => {
    const reasons = [
      state({ metadata: {} }),
      state({ metadata: { package: 'platinum' } }),
      state({ amount: MONTHLY_PENCE + 1 }),
      state({ currency: 'usd' }),
      state({ interval: 'year' }),
      { ...state(), items: [...state().items, ...state().items] },
      { ...state(), items: [] },
    ].map((s) => {
      const verdict = subscriptionVerdict(s);
      return verdict.ours ? null : verdict.reason;
    });
    expect(reasons).toEqual([
      `subscription ${SUBSCRIPTION_ID} names no package in its metadata`,
      `subscription ${SUBSCRIPTION_ID} names package "platinum", not one on sale`,
      `subscription ${SUBSCRIPTION_ID} charges 1 × ${MONTHLY_PENCE + 1} "gbp" every 1 month, not the gold package's ${MONTHLY_PENCE} gbp every 1 month`,
      `subscription ${SUBSCRIPTION_ID} charges 1 × ${MONTHLY_PENCE} "usd" every 1 month, not the gold package's ${MONTHLY_PENCE} gbp every 1 month`,
      `subscription ${SUBSCRIPTION_ID} charges 1 × ${MONTHLY_PENCE} "gbp" every 1 year, not the gold package's ${MONTHLY_PENCE} gbp every 1 month`,
      `subscription ${SUBSCRIPTION_ID} has 2 items, not the package's one`,
      `subscription ${SUBSCRIPTION_ID} has 0 items, not the package's one`,
    ]);
  });

  it('a session: in subscription mode, naming the package, charging its setup in its currency today', () => {
    const session = {
      sessionId: 'cs_1',
      mode: 'subscription',
      paymentStatus: 'paid' as const,
      package: PACKAGE,
      amountTotal: SETUP_PENCE,
      currency: CURRENCY,
    };
    expect(sessionVerdict(session, 'gold')).toStrictEqual({ ours: true, pkg: PACKAGE });
    const reason = (fields: object) => {
      const verdict = sessionVerdict({ ...session, ...fields }, 'gold');
      return verdict.ours ? null : verdict.reason;
    };
    expect(reason({ mode: 'payment' })).toBe('checkout cs_1 is not in subscription mode');
    expect(reason({ package: undefined })).toBe('checkout cs_1 names package "none", not gold');
    expect(reason({ amountTotal: 0 })).toBe(
      `checkout cs_1 charged 0 "gbp" today, not the gold package's ${SETUP_PENCE} gbp`,
    );
    expect(reason({ currency: 'jpy' })).toBe(
      `checkout cs_1 charged ${SETUP_PENCE} "jpy" today, not the gold package's ${SETUP_PENCE} gbp`,
    );
    expect(reason({ amountTotal: undefined, currency: undefined })).toBe(
      `checkout cs_1 charged no amount "no currency" today, not the gold package's ${SETUP_PENCE} gbp`,
    );
  });

  it('an invoice: the setup first, the monthly fee at each renewal, nothing else', () => {
    const invoice = {
      invoiceId: 'in_1',
      subscriptionId: 's',
      billingReason: 'subscription_create',
      amountDue: SETUP_PENCE,
      currency: CURRENCY,
      nextPaymentAttemptS: null,
    };
    expect(invoiceVerdict(invoice, 'gold').ours).toBe(true);
    expect(
      invoiceVerdict({ ...invoice, billingReason: 'subscription_cycle', amountDue: MONTHLY_PENCE }, 'gold')
        .ours,
    ).toBe(true);
    expect(invoiceVerdict({ ...invoice, billingReason: 'subscription_cycle' }, 'gold')).toStrictEqual({
      ours: false,
      reason: `invoice in_1 asks ${SETUP_PENCE} "gbp", not the gold package's ${MONTHLY_PENCE} gbp`,
    });
    expect(invoiceVerdict({ ...invoice, billingReason: 'manual' }, 'gold')).toStrictEqual({
      ours: false,
      reason: `invoice in_1 is for "manual", which this site's subscriptions never bill`,
    });
    expect(invoiceVerdict({ ...invoice, billingReason: null }, 'gold').ours).toBe(false);
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

describe('whose purchase an event is, field by field', () => {
  const withItem = (fields: object) => {
    const built = state();
    return { ...built, items: [{ ...built.items[0]!, ...fields }] };
  };
  const reasonOf = (verdict: ReturnType<typeof subscriptionVerdict>) =>
    verdict.ours ? null : verdict.reason;

  it('a subscription of two at the monthly fee, or every three months, is not ours', () => {
    expect(reasonOf(subscriptionVerdict(withItem({ quantity: 2 })))).toBe(
      `subscription ${SUBSCRIPTION_ID} charges 2 × ${MONTHLY_PENCE} "gbp" every 1 month, not the gold package's ${MONTHLY_PENCE} gbp every 1 month`,
    );
    expect(reasonOf(subscriptionVerdict(withItem({ intervalCount: 3 })))).toBe(
      `subscription ${SUBSCRIPTION_ID} charges 1 × ${MONTHLY_PENCE} "gbp" every 3 month, not the gold package's ${MONTHLY_PENCE} gbp every 1 month`,
    );
  });

  it('says what an item without an amount or interval charges', () => {
    expect(
      reasonOf(subscriptionVerdict(withItem({ amount: null, interval: null, intervalCount: null }))),
    ).toBe(
      `subscription ${SUBSCRIPTION_ID} charges 1 × no amount "gbp" every ? ?, not the gold package's ${MONTHLY_PENCE} gbp every 1 month`,
    );
  });

  it('quotes an unknown package short: its first 40 characters', () => {
    const long = `${'p'.repeat(40)}and more`;
    expect(reasonOf(subscriptionVerdict({ ...state(), metadata: { package: long } }))).toBe(
      `subscription ${SUBSCRIPTION_ID} names package "${'p'.repeat(40)}", not one on sale`,
    );
  });

  it('an invoice for no reason, or in another currency, is not ours', () => {
    const invoice = {
      invoiceId: 'in_1',
      subscriptionId: 's',
      billingReason: null,
      amountDue: SETUP_PENCE,
      currency: CURRENCY,
      nextPaymentAttemptS: null,
    };
    expect(invoiceVerdict(invoice, 'gold')).toStrictEqual({
      ours: false,
      reason: `invoice in_1 is for "no reason", which this site's subscriptions never bill`,
    });
    expect(
      invoiceVerdict({ ...invoice, billingReason: 'subscription_create', currency: 'eur' }, 'gold'),
    ).toStrictEqual({
      ours: false,
      reason: `invoice in_1 asks ${SETUP_PENCE} "eur", not the gold package's ${SETUP_PENCE} gbp`,
    });
  });
});
