/** The subscription a completed subscription-mode session creates, as the provider answers it. */
import { complete, type Stripe } from '../account/stripe-types.ts';
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

/** Its items are the session's recurring prices, their first period up to the first renewal (billing-terms.ts). */
export function buildSubscription(args: NewSubscription): Subscription {
  const id = `sub_${randomAlphanumeric(24)}`;
  const items = args.lineItems.flatMap((item) =>
    item.price?.recurring
      ? complete<Stripe.SubscriptionItem>('subscription_item', {
          id: `si_${randomAlphanumeric(14)}`,
          ...{ created: args.startS, current_period_start: args.startS, metadata: {}, tax_rates: [] },
          current_period_end: args.terms.firstRenewalS ?? args.startS,
          plan: planOf(item.price),
          price: item.price,
          quantity: item.quantity ?? 1,
          subscription: id,
        })
      : [],
  );
  return complete<Subscription>('subscription', {
    id,
    ...{ billing_schedules: [], default_tax_rates: [], discounts: [] },
    billing_cycle_anchor: args.terms.billingCycleAnchorS ?? args.startS,
    billing_mode: { type: 'classic' },
    cancellation_details: {},
    collection_method: 'charge_automatically',
    created: args.startS,
    currency: args.currency,
    customer: args.customer,
    default_payment_method: args.paymentMethod,
    description: args.description,
    invoice_settings: { issuer: { type: 'self' } },
    items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    managed_payments: {},
    metadata: args.metadata,
    payment_settings: { save_default_payment_method: 'off' },
    start_date: args.startS,
    status: args.status,
    test_clock: args.testClock,
    trial_end: args.terms.trialEndS,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: args.terms.trialEndS === null ? null : args.startS,
  });
}

/** The end of the subscription's current period (its items share one). */
export function currentPeriodEnd(subscription: Subscription): number {
  return subscription.items.data[0]?.current_period_end ?? subscription.billing_cycle_anchor;
}

/** The subscription with its items' current period moved. */
export function withPeriod(subscription: Subscription, startS: number, endS: number): Subscription {
  const data = subscription.items.data.map((item) => ({
    ...item,
    current_period_start: startS,
    current_period_end: endS,
  }));
  return { ...subscription, items: { ...subscription.items, data } };
}

/** What each period charges: the items' prices times their quantities. */
export function recurringAmount(subscription: Subscription): number {
  return subscription.items.data.reduce(
    (sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    0,
  );
}
