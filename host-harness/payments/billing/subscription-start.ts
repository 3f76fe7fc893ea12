/**
 * Day one of a subscription bought through Checkout: the subscription is created `incomplete` while its first
 * invoice asks for a payment ("Until the payment succeeds, the invoice status remains open … The subscription
 * status remains `incomplete`"; "If the payment succeeds on a subscription's first invoice or the invoice
 * doesn't require payment, the invoice transitions to status=paid, and the subscription becomes active",
 * docs.stripe.com/billing/invoices/ subscription; in a trial it becomes `trialing`).
 */

import type { PaymentMethodType } from '../account/payment-methods.ts';
import type { Stripe } from '../account/stripe-types.ts';
import { randomAlphanumeric } from '../server/ids.ts';
import { attemptPayment, begin, done, isFirst } from './billing-steps.ts';
import type { ChargeTerms } from './billing-terms.ts';
import { draftInvoice, finalizedInvoice, type InvoiceLineInput } from './invoice-object.ts';
import type { BillingChange, BillingSettings, SubscriptionLedger } from './subscription-ledger.ts';
import { buildSubscription, type Subscription } from './subscription-object.ts';

export interface SubscriptionStart {
  customer: string;
  currency: string;
  /** The session's line items: one-time ones go on the first invoice, recurring ones become the subscription's items. */
  lineItems: readonly Stripe.LineItem[];
  terms: ChargeTerms;
  startS: number;
  metadata: Record<string, string>;
  description: string | null;
  method: PaymentMethodType;
  email: string | null;
}

/** The first invoice's lines: each one-time price in full, each recurring one for its share until the first renewal. */
function firstInvoiceLines(args: SubscriptionStart, subscription: Subscription): InvoiceLineInput[] {
  const lines: InvoiceLineInput[] = [];
  args.lineItems.forEach((item, i) => {
    const price = item.price;
    if (!price) return;
    const amount = args.terms.todayByLine[i] ?? 0;
    const recurring = price.recurring !== null;
    const trial = recurring && args.terms.trialEndS !== null;
    // A recurring price whose time until the anchor is free adds no line ("no 0 USD invoice is generated"); a
    // trial's does, at zero.
    if (recurring && amount === 0 && !trial) return;
    const name = item.description ?? '';
    lines.push({
      description: trial ? `Free trial for ${item.quantity ?? 1} × ${name}` : name,
      amount,
      quantity: item.quantity ?? 1,
      price,
      period: {
        start: args.startS,
        end: recurring ? (args.terms.firstRenewalS ?? args.startS) : args.startS,
      },
      // Every recurring price of the session is an item of the subscription (buildSubscription).
      subscriptionItem: recurring ? subscription.items.data.find((si) => si.price.id === price.id)!.id : null,
      proration: recurring && !trial && amount !== (price.unit_amount ?? 0) * (item.quantity ?? 1),
    });
  });
  return lines;
}

/** Starts the subscription a completed session bought, on `ledger` (empty until now), at `startS`. */
export function startSubscription(
  ledger: SubscriptionLedger,
  args: SubscriptionStart,
  settings: BillingSettings,
): BillingChange {
  const w = begin(ledger, settings);
  const dueToday = args.terms.dueToday > 0;
  const subscription = buildSubscription({
    customer: args.customer,
    currency: args.currency,
    lineItems: args.lineItems,
    terms: args.terms,
    startS: args.startS,
    status: dueToday ? 'incomplete' : args.terms.trialEndS !== null ? 'trialing' : 'active',
    metadata: args.metadata,
    description: args.description,
    paymentMethod: `pm_${randomAlphanumeric(24)}`,
    testClock: `clock_${randomAlphanumeric(24)}`,
  });
  Object.assign(w.ledger, {
    payment_method: args.method,
    customer_email: args.email,
    clock_s: args.startS,
    product_names: Object.fromEntries(
      args.lineItems.flatMap((item) => (item.price ? [[item.price.id, item.description ?? '']] : [])),
    ),
  });
  const draft = draftInvoice({
    subscription,
    customerEmail: args.email,
    lines: firstInvoiceLines(args, subscription),
    billingReason: 'subscription_create',
    createdS: args.startS,
    finalizesAtS: null,
    period: { start: args.startS, end: args.startS },
  });
  const open = finalizedInvoice(draft, args.startS, 1);
  w.ledger.subscription = { ...subscription, latest_invoice: open.id };
  w.ledger.invoices = [open];
  w.events.push(
    { type: 'customer.subscription.created', atS: args.startS, object: subscription },
    { type: 'invoice.created', atS: args.startS, object: draft },
    { type: 'invoice.finalized', atS: args.startS, object: open },
  );
  attemptPayment(w, open, args.startS);
  return done(w);
}

/** The first invoice, once it exists. */
export const firstInvoiceOf = (ledger: SubscriptionLedger) => ledger.invoices.find(isFirst) ?? null;
