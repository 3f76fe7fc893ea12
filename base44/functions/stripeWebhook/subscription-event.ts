/**
 * A subscription's life after day one, from its invoices and its own events: the order keeps the newest state the
 * provider reported (active, past_due, canceled, the end of the period paid for); the agency hears once per failed
 * renewal and once per cancellation. Events of subscriptions this site did not sell are acknowledged and ignored;
 * an event for an order not recorded yet (its checkout's event is still on its way) is refused for now, and the
 * provider delivers it again later.
 */
import type {
  InvoiceEventType,
  InvoiceFacts,
  SubscriptionEventType,
  SubscriptionFacts,
} from './event-content.ts';
import { cancellationEmail, renewalFailedEmail } from './order-emails.ts';
import { type StoredOrder, type SubscriptionState, subscriptionPatch } from './order-record.ts';
import { type Orders, serialized } from './orders.ts';

export type SubscriptionOutcome =
  | { kind: 'applied'; order: StoredOrder }
  | { kind: 'not_ours' }
  | { kind: 'no_order' };

async function withOrder(
  orders: Orders,
  subscriptionId: string,
  work: (order: StoredOrder) => Promise<StoredOrder>,
): Promise<SubscriptionOutcome> {
  const found = await orders.bySubscription(subscriptionId);
  if (!found) return { kind: 'no_order' };
  return serialized(found.session_id, async () => {
    const order = (await orders.bySession(found.session_id)) ?? found;
    return { kind: 'applied', order: await work(order) };
  });
}

async function applyState(
  orders: Orders,
  order: StoredOrder,
  state: SubscriptionState,
): Promise<StoredOrder> {
  const patch = subscriptionPatch(order, state);
  return patch ? orders.update(order, patch) : order;
}

export function applyInvoiceEvent(
  orders: Orders,
  agencyEmail: string,
  event: { type: InvoiceEventType; createdS: number; invoice: InvoiceFacts },
): Promise<SubscriptionOutcome> {
  const { invoice } = event;
  if (!invoice.subscriptionId || !invoice.ours) return Promise.resolve({ kind: 'not_ours' });
  const renewal = invoice.billingReason === 'subscription_cycle';
  const base = { atS: event.createdS, source: event.type };
  // A paid invoice means the subscription is in good standing until the period it billed ends (an invoice that bills
  // none leaves the recorded end: subscriptionPatch writes no undefined end); a renewal that failed makes it past due.
  // The first invoice's failure (a Direct Debit) is the session's, not a renewal's.
  const state: SubscriptionState | null =
    event.type === 'invoice.paid'
      ? { ...base, status: 'active', currentPeriodEndS: invoice.periodEndS }
      : renewal
        ? { ...base, status: 'past_due' }
        : null;
  return withOrder(orders, invoice.subscriptionId, async (found) => {
    let order = state ? await applyState(orders, found, state) : found;
    if (event.type === 'invoice.payment_failed' && renewal) {
      const notified = order.renewal_failures_notified ?? [];
      if (!notified.includes(invoice.invoiceId))
        order = await orders.notifyOnce(
          order,
          { renewal_failures_notified: [...notified, invoice.invoiceId] },
          renewalFailedEmail(order, agencyEmail, {
            invoiceId: invoice.invoiceId,
            amount: invoice.amountDue,
            currency: invoice.currency,
            dueS: event.createdS,
            nextAttemptS: invoice.nextPaymentAttemptS,
          }),
        );
    }
    return order;
  });
}

export function applySubscriptionEvent(
  orders: Orders,
  agencyEmail: string,
  event: { type: SubscriptionEventType; createdS: number; subscription: SubscriptionFacts },
): Promise<SubscriptionOutcome> {
  const { subscription } = event;
  if (!subscription.ours) return Promise.resolve({ kind: 'not_ours' });
  const deleted = event.type === 'customer.subscription.deleted';
  const state: SubscriptionState = {
    atS: event.createdS,
    source: event.type,
    status: deleted ? 'canceled' : subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    endedAtS: subscription.endedAtS,
    currentPeriodEndS: subscription.currentPeriodEndS,
  };
  return withOrder(orders, subscription.subscriptionId, async (found) => {
    let order = await applyState(orders, found, state);
    // One e-mail per cancellation, whether it was first seen scheduled or done.
    if (deleted || subscription.cancelAtPeriodEnd) {
      const ends = deleted
        ? (subscription.endedAtS ?? event.createdS)
        : (subscription.cancelAtS ?? subscription.currentPeriodEndS ?? null);
      order = await orders.notifyOnce(
        order,
        { cancellation_email_sent: true },
        cancellationEmail(order, agencyEmail, ends),
      );
    }
    return order;
  });
}
