/**
 * The provider's test clock for a session's subscription: advancing to the next renewal bills the next period (paid,
 * or failed and retried later, leaving the subscription `past_due`) or ends a subscription set to cancel at period
 * end; cancelling ends it now or schedules the end. Each returns the events the provider sends for it.
 */
import { ConflictError } from '../../core/errors.ts';
import type { Change } from '../checkout/checkout-completion.ts';
import type { CheckoutRecord } from '../checkout/checkout-session-store.ts';
import { isInterval } from './billing-dates.ts';
import { renewalAfter } from './billing-terms.ts';
import { buildInvoice, failedInvoice, type InvoiceLineInput, paidInvoice } from './invoice-object.ts';
import { currentPeriodEnd, type Subscription, withPeriod } from './subscription-object.ts';

/** The provider's Smart Retries try a failed renewal again some days later (the double never does it by itself). */
const RETRY_AFTER_S = 3 * 24 * 60 * 60;
const ENDED = new Set<Subscription['status']>(['canceled', 'incomplete_expired']);

function liveSubscription(record: CheckoutRecord): Subscription {
  const { subscription } = record;
  if (!subscription) throw new ConflictError('This session has no subscription', 'no_subscription');
  if (ENDED.has(subscription.status))
    throw new ConflictError(`The subscription has ended (${subscription.status})`, 'subscription_ended');
  return subscription;
}

function renewalLines(
  record: CheckoutRecord,
  subscription: Subscription,
  startS: number,
  endS: number,
): InvoiceLineInput[] {
  // Subscription items carry the product's id only; the session's line item has its name.
  const nameOf = (priceId: string) =>
    record.line_items.find((line) => line.price?.id === priceId)?.description ?? priceId;
  return subscription.items.data.map((item) => ({
    description: `${item.quantity ?? 1} × ${nameOf(item.price.id)}`,
    amount: (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    quantity: item.quantity ?? 1,
    price: item.price,
    period: { start: startS, end: endS },
    subscriptionItem: item.id,
    proration: false,
  }));
}

/** Moves the clock to the subscription's next renewal and bills it (`paid` or `failed`), or ends it there. */
export function advanceToRenewal(record: CheckoutRecord, renewal: 'paid' | 'failed'): Change {
  const subscription = liveSubscription(record);
  if (subscription.status === 'incomplete')
    throw new ConflictError('The first payment has not settled yet', 'first_payment_pending');
  const at = currentPeriodEnd(subscription);
  if (subscription.cancel_at_period_end) {
    const ended: Subscription = { ...subscription, status: 'canceled', ended_at: at };
    return {
      record: { ...record, subscription: ended, clock_s: at },
      events: [{ type: 'customer.subscription.deleted', object: ended }],
    };
  }
  const item = subscription.items.data[0];
  const recurring = item?.price.recurring;
  if (!item || !recurring || !isInterval(recurring.interval))
    throw new ConflictError('The subscription has no recurring item', 'no_subscription');
  const next = renewalAfter(
    subscription.billing_cycle_anchor,
    at,
    recurring.interval,
    recurring.interval_count,
  );
  const open = buildInvoice({
    subscription,
    customerEmail: record.session.customer_details?.email ?? record.session.customer_email,
    lines: renewalLines(record, subscription, at, next),
    billingReason: 'subscription_cycle',
    createdS: at,
    sequence: record.invoices.length + 1,
    period: { start: item.current_period_start, end: at },
  });
  const paid = renewal === 'paid';
  const invoice = paid ? paidInvoice(open, at) : failedInvoice(open, at + RETRY_AFTER_S);
  const updated: Subscription = {
    ...withPeriod(subscription, at, next),
    status: paid ? 'active' : 'past_due',
    latest_invoice: invoice.id,
  };
  return {
    record: { ...record, subscription: updated, invoices: [...record.invoices, invoice], clock_s: at },
    events: [
      { type: paid ? 'invoice.paid' : 'invoice.payment_failed', object: invoice },
      {
        type: 'customer.subscription.updated',
        object: updated,
        previous: { status: subscription.status, latest_invoice: subscription.latest_invoice },
      },
    ],
  };
}

/** Cancels the subscription at the clock's time: at once, or at the end of the period already paid for. */
export function cancelSubscription(record: CheckoutRecord, when: 'now' | 'period_end', nowS: number): Change {
  const subscription = liveSubscription(record);
  const at = Math.max(record.clock_s ?? nowS, nowS);
  const details = {
    ...(subscription.cancellation_details ?? { comment: null, feedback: null, feedback_option: null }),
    reason: 'cancellation_requested' as const,
  };
  if (when === 'now') {
    const ended: Subscription = {
      ...subscription,
      status: 'canceled',
      canceled_at: at,
      ended_at: at,
      cancellation_details: details,
    };
    return {
      record: { ...record, subscription: ended, clock_s: at },
      events: [{ type: 'customer.subscription.deleted', object: ended }],
    };
  }
  if (subscription.cancel_at_period_end)
    throw new ConflictError('The subscription already ends at the end of its period', 'already_cancelling');
  const cancelling: Subscription = {
    ...subscription,
    cancel_at_period_end: true,
    cancel_at: currentPeriodEnd(subscription),
    canceled_at: at,
    cancellation_details: details,
  };
  return {
    record: { ...record, subscription: cancelling, clock_s: at },
    events: [
      {
        type: 'customer.subscription.updated',
        object: cancelling,
        previous: {
          cancel_at_period_end: false,
          cancel_at: subscription.cancel_at,
          canceled_at: subscription.canceled_at,
          cancellation_details: subscription.cancellation_details,
        },
      },
    ],
  };
}
