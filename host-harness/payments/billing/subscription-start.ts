/**
 * Day one of a subscription bought through Checkout: created `incomplete` while its first invoice asks for a payment,
 * then `trialing` or `active` once it is paid (RULES.md, `subscription-starts-incomplete`, `one-time-on-first-invoice`).
 */
import type { PaymentMethodType } from '../account/payment-methods.ts';
import { randomAlphanumeric } from '../server/ids.ts';
import { attemptPayment, begin, done, isFirst } from './billing-steps.ts';
import { draftInvoice, finalizedInvoice, type InvoiceLineInput } from './invoice-object.ts';
import type { BillingChange, BillingSettings, SubscriptionLedger } from './subscription-ledger.ts';
import { buildSubscription, type NewSubscription, type Subscription } from './subscription-object.ts';

export type SubscriptionStart = Omit<NewSubscription, 'status' | 'paymentMethod' | 'testClock'> & {
  method: PaymentMethodType;
  email: string | null;
};

/** The first invoice's lines: each one-time price in full, each recurring one for its share until the first renewal. */
function firstInvoiceLines(args: SubscriptionStart, subscription: Subscription): InvoiceLineInput[] {
  const { terms, startS } = args;
  return args.lineItems.flatMap((item, i) => {
    const price = item.price;
    if (!price) return [];
    const amount = terms.todayByLine[i] ?? 0;
    const quantity = item.quantity ?? 1;
    const recurring = price.recurring !== null;
    const trial = recurring && terms.trialEndS !== null;
    // A recurring price whose time until the anchor is free adds no line ("no 0 USD invoice is generated"); a
    // trial's does, at zero.
    if (recurring && amount === 0 && !trial) return [];
    const name = item.description ?? '';
    return {
      description: trial ? `Free trial for ${quantity} × ${name}` : name,
      amount,
      quantity,
      price,
      period: { start: startS, end: recurring ? (terms.firstRenewalS ?? startS) : startS },
      // Every recurring price of the session is an item of the subscription (buildSubscription).
      subscriptionItem: recurring ? subscription.items.data.find((si) => si.price.id === price.id)!.id : null,
      proration: recurring && !trial && amount !== (price.unit_amount ?? 0) * quantity,
    };
  });
}

/** Starts the subscription a completed session bought, on `ledger` (empty until now), at `startS`. */
export function startSubscription(
  ledger: SubscriptionLedger,
  args: SubscriptionStart,
  settings: BillingSettings,
): BillingChange {
  const w = begin(ledger, settings);
  const { startS, terms, method, email, ...rest } = args;
  const subscription = buildSubscription({
    ...rest,
    startS,
    terms,
    status: terms.dueToday > 0 ? 'incomplete' : terms.trialEndS !== null ? 'trialing' : 'active',
    paymentMethod: `pm_${randomAlphanumeric(24)}`,
    testClock: `clock_${randomAlphanumeric(24)}`,
  });
  const names = args.lineItems.flatMap((item) =>
    item.price ? [[item.price.id, item.description ?? '']] : [],
  );
  Object.assign(w.ledger, {
    ...{ payment_method: method, customer_email: email, clock_s: startS },
    product_names: Object.fromEntries(names),
  });
  const draft = draftInvoice({
    subscription,
    customerEmail: email,
    lines: firstInvoiceLines(args, subscription),
    billingReason: 'subscription_create',
    createdS: startS,
    finalizesAtS: null,
    period: { start: startS, end: startS },
  });
  const open = finalizedInvoice(draft, startS, 1);
  w.ledger.subscription = { ...subscription, latest_invoice: open.id };
  w.ledger.invoices = [open];
  w.events.push(
    { type: 'customer.subscription.created', atS: startS, object: subscription },
    { type: 'invoice.created', atS: startS, object: draft },
    { type: 'invoice.finalized', atS: startS, object: open },
  );
  attemptPayment(w, open, startS);
  return done(w);
}

/** The first invoice, once it exists. */
export const firstInvoiceOf = (ledger: SubscriptionLedger) => ledger.invoices.find(isFirst) ?? null;
