/**
 * The `Order` record (base44/entities/Order.jsonc): one per subscription this site sold, found or created by whichever
 * of its events arrives first ("Find the subscription or save it to your database. invoice.paid may have fired before
 * this", docs.stripe.com/billing/subscriptions/bacs-debit). What an event carries is merged in: the checkout's session
 * and buyer fill what is missing, the day-one payment only moves forward (pending → paid or failed, never back), and
 * the subscription's state is always the provider's current one (provider-lookup.ts), so no delivery order, and no two
 * events of the same second, can leave an older state behind.
 */

import type { SubscriptionState } from './provider-lookup.ts';
import type { SessionFacts } from './provider-objects.ts';

export type PaymentState = 'pending' | 'paid' | 'failed';

export interface OrderDispute {
  id: string;
  amount: number;
  currency: string;
  reason: string;
  created_at: string;
}

export interface OrderFields {
  subscription_id: string;
  status: PaymentState;
  session_id?: string;
  customer_email?: string;
  customer_name?: string;
  package?: string;
  amount_total?: number;
  monthly_amount?: number;
  currency?: string;
  first_renewal_at?: string;
  paid_at?: string;
  failed_at?: string;
  subscription_status?: string;
  current_period_end?: string;
  cancel_at_period_end?: boolean;
  /** When a scheduled cancellation takes effect; null once the provider no longer schedules one. */
  cancel_at?: string | null;
  ended_at?: string;
  end_reason?: string;
  disputed?: boolean;
  disputes?: OrderDispute[];
  email_sent?: boolean;
  failure_email_sent?: boolean;
  cancellation_email_sent?: boolean;
  ended_email_sent?: boolean;
  unpaid_email_sent?: boolean;
  renewal_failures_notified?: string[];
  disputes_notified?: string[];
}

export type StoredOrder = OrderFields & { id: string };

export const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The day-one payment's state after `next`: pending gives way to paid or failed; those are final. */
export function laterPaymentState(current: PaymentState, next: PaymentState): PaymentState {
  return current === 'pending' ? next : current;
}

const isoOrUndefined = (seconds: number | null) => (seconds === null ? undefined : isoTime(seconds));

/**
 * The subscription's fields as the provider reports them now: its status, first monthly charge (the trial's end),
 * monthly fee, current period and how it ends (a withdrawn cancellation clears `cancel_at`).
 */
export function subscriptionFields(state: SubscriptionState): Partial<OrderFields> {
  const [item] = state.items;
  const fields: Partial<OrderFields> = {
    subscription_id: state.id,
    subscription_status: state.status,
    cancel_at_period_end: state.cancelAtPeriodEnd,
    cancel_at: isoOrUndefined(state.cancelAtS) ?? null,
  };
  if (state.currentPeriodEndS !== null) fields.current_period_end = isoTime(state.currentPeriodEndS);
  if (state.endedAtS !== null) {
    fields.ended_at = isoTime(state.endedAtS);
    if (state.cancellationReason) fields.end_reason = state.cancellationReason;
  }
  if (state.trialEndS !== null) fields.first_renewal_at = isoTime(state.trialEndS);
  if (item?.amount != null) fields.monthly_amount = item.amount * item.quantity;
  if (item) fields.currency = item.currency;
  if (state.metadata.package) fields.package = state.metadata.package;
  return fields;
}

/** What a checkout session tells of the order: its id, the buyer, what day one charged. */
export function sessionFields(session: SessionFacts): Partial<OrderFields> {
  const fields: Partial<OrderFields> = { session_id: session.sessionId };
  if (session.customerEmail) fields.customer_email = session.customerEmail;
  if (session.customerName) fields.customer_name = session.customerName;
  if (session.amountTotal !== undefined) fields.amount_total = session.amountTotal;
  if (session.currency) fields.currency = session.currency;
  return fields;
}

/** Only the fields of `patch` the order lacks (what an earlier event recorded is not rewritten). */
export function missingFields(order: OrderFields, patch: Partial<OrderFields>): Partial<OrderFields> {
  return Object.fromEntries(
    Object.entries(patch).filter(([key]) => order[key as keyof OrderFields] === undefined),
  ) as Partial<OrderFields>;
}

/** The patch that records the day-one payment as `next` at `atS` (nothing when it is already final). */
export function paymentPatch(order: OrderFields, next: PaymentState, atS: number): Partial<OrderFields> {
  const status = laterPaymentState(order.status, next);
  // A change is from pending, to paid or failed.
  if (status === order.status) return {};
  return status === 'paid' ? { status, paid_at: isoTime(atS) } : { status, failed_at: isoTime(atS) };
}
