/**
 * The subscription a completed session creates: its items are the session's recurring prices (one-time prices are
 * not subscription items), its first period runs to the first renewal, its anchor is the start unless the terms name
 * another, a trial shows as `trial_start`/`trial_end`; the current period's end, a moved period, and what each period
 * charges.
 */
import { describe, expect, it } from 'vitest';
import type { Stripe } from '../../../host-harness/payments/account/stripe-types.ts';
import { chargeTerms } from '../../../host-harness/payments/billing/billing-terms.ts';
import {
  buildSubscription,
  currentPeriodEnd,
  type NewSubscription,
  recurringAmount,
  withPeriod,
} from '../../../host-harness/payments/billing/subscription-object.ts';
import { pricedLine } from '../../../host-harness/payments/checkout/checkout-session.ts';
import { CURRENCY, MONTHLY_PENCE } from '../../support/spec-figures.ts';
import { at, DAY_S, goldRecord, subscriptionData } from './checkout-fixtures.ts';

const START_S = at('2026-01-31T10:00:00Z');
const RENEWAL_S = at('2026-02-28T10:00:00Z');

function args(fields: Partial<NewSubscription> = {}, trialDays: number | null = null): NewSubscription {
  const record = goldRecord(START_S);
  const terms = chargeTerms(
    record.line_items.map(pricedLine),
    trialDays === null ? null : subscriptionData({ trialPeriodDays: trialDays }),
    START_S,
  );
  return {
    customer: 'cus_AbCdEfGhIjKlMn',
    currency: CURRENCY,
    lineItems: record.line_items,
    terms,
    startS: START_S,
    status: 'incomplete',
    metadata: { package: 'gold' },
    description: 'Gold package',
    paymentMethod: 'pm_1',
    testClock: 'clock_1',
    ...fields,
  };
}

describe('buildSubscription', () => {
  it('has the recurring prices as items, a first period to the first renewal and its anchor at the start', () => {
    const input = args();
    const monthly = input.lineItems[1]!;
    const subscription = buildSubscription(input);
    const { items, ...rest } = subscription;
    expect(rest).toStrictEqual({
      id: expect.stringMatching(/^sub_[A-Za-z0-9]{24}$/),
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: START_S,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: 'classic' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: START_S,
      currency: CURRENCY,
      customer: 'cus_AbCdEfGhIjKlMn',
      customer_account: null,
      days_until_due: null,
      default_payment_method: 'pm_1',
      default_source: null,
      default_tax_rates: [],
      description: 'Gold package',
      discounts: [],
      ended_at: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: { enabled: false },
      metadata: { package: 'gold' },
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: START_S,
      status: 'incomplete',
      test_clock: 'clock_1',
      transfer_data: null,
      trial_end: null,
      trial_settings: {
        end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
      },
      trial_start: null,
    });
    expect(items).toStrictEqual({
      object: 'list',
      data: [
        {
          id: expect.stringMatching(/^si_[A-Za-z0-9]{14}$/),
          object: 'subscription_item',
          billing_thresholds: null,
          created: START_S,
          current_period_end: RENEWAL_S,
          current_period_start: START_S,
          current_trial: null,
          discounts: [],
          metadata: {},
          plan: expect.objectContaining({ object: 'plan', id: monthly.price!.id, amount: MONTHLY_PENCE }),
          price: monthly.price,
          quantity: 1,
          subscription: subscription.id,
          tax_rates: [],
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscription.id}`,
    });
  });

  it('in a trial: the trial from the start to its end, which is the first renewal and the anchor', () => {
    const subscription = buildSubscription(args({ status: 'trialing' }, 30));
    const trialEnd = START_S + 30 * DAY_S;
    expect(subscription.status).toBe('trialing');
    expect(subscription.trial_start).toBe(START_S);
    expect(subscription.trial_end).toBe(trialEnd);
    expect(subscription.billing_cycle_anchor).toBe(trialEnd);
    expect(subscription.items.data[0]!.current_period_end).toBe(trialEnd);
  });

  it('counts an item without a quantity as one, and leaves out lines without a price', () => {
    const input = args();
    const [setup, monthly] = input.lineItems;
    const lineItems = [
      { ...setup!, price: null },
      { ...monthly!, quantity: null },
    ] as Stripe.LineItem[];
    const subscription = buildSubscription({ ...input, lineItems });
    expect(subscription.items.data.map((item) => item.quantity)).toEqual([1]);
  });

  it('without recurring prices: no items, the period and the anchor at the start', () => {
    const input = args();
    const setupOnly = chargeTerms([pricedLine(input.lineItems[0]!)], null, START_S);
    const subscription = buildSubscription({ ...input, lineItems: [input.lineItems[0]!], terms: setupOnly });
    expect(subscription.items.data).toEqual([]);
    expect(subscription.billing_cycle_anchor).toBe(START_S);
    expect(currentPeriodEnd(subscription)).toBe(START_S);
  });
});

describe('periods and amounts', () => {
  it('the current period ends where its items’ period ends; moved, every item moves and nothing else', () => {
    const subscription = buildSubscription(args());
    expect(currentPeriodEnd(subscription)).toBe(RENEWAL_S);
    const nextEnd = at('2026-03-31T10:00:00Z');
    const moved = withPeriod(subscription, RENEWAL_S, nextEnd);
    expect(currentPeriodEnd(moved)).toBe(nextEnd);
    expect(moved).toStrictEqual({
      ...subscription,
      items: {
        ...subscription.items,
        data: [
          { ...subscription.items.data[0]!, current_period_start: RENEWAL_S, current_period_end: nextEnd },
        ],
      },
    });
    expect(currentPeriodEnd(subscription)).toBe(RENEWAL_S);
  });

  it('each period charges the items’ prices times their quantities', () => {
    const subscription = buildSubscription(args());
    expect(recurringAmount(subscription)).toBe(MONTHLY_PENCE);
    const item = subscription.items.data[0]!;
    const two = {
      ...subscription,
      items: {
        ...subscription.items,
        data: [
          { ...item, quantity: 3 },
          { ...item, quantity: undefined },
          { ...item, price: { ...item.price, unit_amount: null } },
        ],
      },
    };
    expect(recurringAmount(two)).toBe(4 * MONTHLY_PENCE);
  });
});
