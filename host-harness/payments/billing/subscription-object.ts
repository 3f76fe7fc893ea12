import type { Stripe } from '../account/stripe-types.ts';
import { randomAlphanumeric } from '../server/ids.ts';
import type { ChargeTerms } from './billing-terms.ts';
import { planOf } from './price-object.ts';

export type Subscription = Stripe.Subscription;

export interface NewSubscription {
  customer: string;
  currency: string;
  /** The session's line items; the recurring ones become the subscription's items. */
  lineItems: readonly Stripe.LineItem[];
  terms: ChargeTerms;
  startS: number;
  status: Subscription['status'];
  metadata: Record<string, string>;
  description: string | null;
  paymentMethod: string;
  testClock: string;
}

/**
 * The subscription a completed subscription-mode session creates: its items are the session's recurring prices, its
 * first period runs from the start to the first renewal (the anchor, the trial end, or one period on), and later
 * periods count from `billing_cycle_anchor`.
 */
export function buildSubscription(args: NewSubscription): Subscription {
  const id = `sub_${randomAlphanumeric(24)}`;
  const periodEnd = args.terms.firstRenewalS ?? args.startS;
  const items = args.lineItems.flatMap((item): Stripe.SubscriptionItem[] => {
    const price = item.price;
    if (!price?.recurring) return [];
    return [
      {
        id: `si_${randomAlphanumeric(14)}`,
        object: 'subscription_item',
        billing_thresholds: null,
        created: args.startS,
        current_period_end: periodEnd,
        current_period_start: args.startS,
        current_trial: null,
        discounts: [],
        metadata: {},
        plan: planOf(price),
        price,
        quantity: item.quantity ?? 1,
        subscription: id,
        tax_rates: [],
      },
    ];
  });
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: args.terms.billingCycleAnchorS ?? args.startS,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: args.startS,
    currency: args.currency,
    customer: args.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: args.paymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: args.description,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: { enabled: false },
    metadata: args.metadata,
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
    start_date: args.startS,
    status: args.status,
    test_clock: args.testClock,
    transfer_data: null,
    trial_end: args.terms.trialEndS,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: args.terms.trialEndS === null ? null : args.startS,
  } satisfies Subscription;
}

/** The end of the subscription's current period (its items share one). */
export function currentPeriodEnd(subscription: Subscription): number {
  return subscription.items.data[0]?.current_period_end ?? subscription.billing_cycle_anchor;
}

/** The subscription with its items' current period moved. */
export function withPeriod(subscription: Subscription, startS: number, endS: number): Subscription {
  return {
    ...subscription,
    items: {
      ...subscription.items,
      data: subscription.items.data.map((item) => ({
        ...item,
        current_period_start: startS,
        current_period_end: endS,
      })),
    },
  };
}

/** The recurring amount each period charges: the items' prices times their quantities. */
export function recurringAmount(subscription: Subscription): number {
  return subscription.items.data.reduce(
    (sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    0,
  );
}
