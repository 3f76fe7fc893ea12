/**
 * What paying on the hosted page does, and what a Direct Debit's settlement does days later, as the provider does it:
 * the changed session, subscription and invoices, and the events it sends for them.
 */
import { ConflictError } from '../../core/errors.ts';
import { randomAlphanumeric } from '../../core/ids.ts';
import { type ChargeTerms, chargeTerms } from '../billing/billing-terms.ts';
import {
  buildInvoice,
  failedInvoice,
  type Invoice,
  type InvoiceLineInput,
  paidInvoice,
} from '../billing/invoice-object.ts';
import { buildSubscription, type Subscription } from '../billing/subscription-object.ts';
import type { EventSpec } from '../webhooks/provider-event.ts';
import { type CheckoutSession, completedSession, pricedLine } from './checkout-session.ts';
import type { CheckoutRecord } from './checkout-session-store.ts';
import type { PaymentMethodType } from './payment-methods.ts';

/** A session changed by an action, and the events the provider sends for it (in the order it creates them). */
export interface Change {
  record: CheckoutRecord;
  events: EventSpec[];
}

/** The first invoice's lines: each one-time price in full, each recurring one for its share until the first renewal. */
function firstInvoiceLines(
  record: CheckoutRecord,
  subscription: Subscription,
  terms: ChargeTerms,
  startS: number,
) {
  const lines: InvoiceLineInput[] = [];
  record.line_items.forEach((item, i) => {
    const price = item.price;
    if (!price) return;
    const amount = terms.todayByLine[i] ?? 0;
    const recurring = price.recurring !== null;
    // A recurring price whose time until the anchor is free adds no line (the provider makes no zero line for it);
    // a trial does (the provider shows the trial period at zero).
    if (recurring && amount === 0 && terms.trialEndS === null) return;
    lines.push({
      description: item.description ?? '',
      amount,
      quantity: item.quantity ?? 1,
      price,
      period: { start: startS, end: recurring ? (terms.firstRenewalS ?? startS) : startS },
      subscriptionItem: recurring
        ? (subscription.items.data.find((si) => si.price.id === price.id)?.id ?? null)
        : null,
      proration: recurring && amount !== (price.unit_amount ?? 0) * (item.quantity ?? 1),
    });
  });
  return lines;
}

/**
 * Completes an open session with the method the buyer chose at `nowS`. A card pays at once; Bacs Direct Debit
 * completes the session `unpaid`, its subscription `incomplete` and its first invoice open until it settles; nothing
 * due is `no_payment_required`.
 */
export function completeCheckout(
  record: CheckoutRecord,
  choice: { method: PaymentMethodType; email: string | null },
  nowS: number,
): Change {
  const { session } = record;
  const terms = chargeTerms(record.line_items.map(pricedLine), record.subscription_data, nowS);
  const nothingDue = terms.dueToday === 0;
  const settlesLater = choice.method === 'bacs_debit' && !nothingDue;
  const paymentStatus: CheckoutSession['payment_status'] = nothingDue
    ? 'no_payment_required'
    : settlesLater
      ? 'unpaid'
      : 'paid';
  const customer = `cus_${randomAlphanumeric(14)}`;
  const email = choice.email ?? session.customer_email;
  const common = {
    payment_method: choice.method,
    settlement: settlesLater ? ('pending' as const) : null,
    clock_s: nowS,
  };

  if (session.mode !== 'subscription') {
    const completed = completedSession(session, {
      customer,
      subscription: null,
      paymentIntent: `pi_${randomAlphanumeric(24)}`,
      email,
      paymentStatus,
    });
    return {
      record: { ...record, ...common, session: completed },
      events: [{ type: 'checkout.session.completed', object: completed }],
    };
  }

  let subscription = buildSubscription({
    customer,
    currency: session.currency ?? 'gbp',
    lineItems: record.line_items,
    terms,
    startS: nowS,
    status: settlesLater ? 'incomplete' : terms.trialEndS !== null ? 'trialing' : 'active',
    metadata: record.subscription_data?.metadata ?? {},
    description: record.subscription_data?.description ?? null,
    paymentMethod: `pm_${randomAlphanumeric(24)}`,
    testClock: `clock_${randomAlphanumeric(24)}`,
  });
  const lines = firstInvoiceLines(record, subscription, terms, nowS);
  let invoice: Invoice | null = null;
  if (lines.length > 0) {
    const open = buildInvoice({
      subscription,
      customerEmail: email,
      lines,
      billingReason: 'subscription_create',
      createdS: nowS,
      sequence: 1,
      period: { start: nowS, end: nowS },
    });
    // A Direct Debit is attempted at once and stays open while the bank processes it.
    invoice = settlesLater ? { ...open, attempted: true } : paidInvoice(open, nowS);
    subscription = { ...subscription, latest_invoice: invoice.id };
  }
  const completed: CheckoutSession = {
    ...completedSession(session, {
      customer,
      subscription: subscription.id,
      paymentIntent: null,
      email,
      paymentStatus,
    }),
    invoice: invoice?.id ?? null,
  };
  const events: EventSpec[] = [];
  if (invoice && invoice.status === 'paid') events.push({ type: 'invoice.paid', object: invoice });
  events.push({ type: 'checkout.session.completed', object: completed });
  return {
    record: { ...record, ...common, session: completed, subscription, invoices: invoice ? [invoice] : [] },
    events,
  };
}

/**
 * Settles a Direct Debit that completed unpaid: on success the first invoice is paid, the session `paid` and the
 * subscription active; on failure the invoice stays unpaid and the subscription, never started, expires.
 */
export function settleDirectDebit(
  record: CheckoutRecord,
  outcome: 'succeeded' | 'failed',
  nowS: number,
): Change {
  if (record.settlement !== 'pending')
    throw new ConflictError('This session has no Direct Debit waiting to settle', 'not_pending');
  const at = Math.max(record.clock_s ?? nowS, nowS);
  const succeeded = outcome === 'succeeded';
  const session: CheckoutSession = succeeded ? { ...record.session, payment_status: 'paid' } : record.session;
  const next: CheckoutRecord = { ...record, session, settlement: outcome, clock_s: at };
  const sessionEvent: EventSpec = {
    type: succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
    object: session,
  };
  const { subscription } = record;
  const first = record.invoices[0];
  if (!subscription || !first) return { record: next, events: [sessionEvent] };

  const invoice = succeeded ? paidInvoice(first, at) : failedInvoice(first, null);
  const updated: Subscription = succeeded
    ? { ...subscription, status: subscription.trial_end ? 'trialing' : 'active' }
    : { ...subscription, status: 'incomplete_expired', ended_at: at };
  return {
    record: { ...next, subscription: updated, invoices: [invoice, ...record.invoices.slice(1)] },
    events: [
      { type: succeeded ? 'invoice.paid' : 'invoice.payment_failed', object: invoice },
      sessionEvent,
      { type: 'customer.subscription.updated', object: updated, previous: { status: subscription.status } },
    ],
  };
}
