/**
 * The `Order` record (base44/entities/Order.jsonc) and the rules that keep it right whatever order the provider's
 * events arrive in and however often: the day-one payment only moves forward (pending → paid or failed, never back),
 * and the subscription's state is taken from the newest event that reports it (an older delivery never undoes a
 * newer one; a cancelled subscription stays cancelled).
 */
import type { SessionFacts } from './event-content.ts';

export type PaymentState = 'pending' | 'paid' | 'failed';

export interface OrderFields {
  session_id: string;
  status: PaymentState;
  customer_email?: string;
  package?: string;
  amount_total?: number;
  setup_amount?: number;
  monthly_amount?: number;
  currency?: string;
  first_renewal_at?: string;
  paid_at?: string;
  failed_at?: string;
  subscription_id?: string;
  subscription_status?: string;
  current_period_end?: string;
  cancel_at_period_end?: boolean;
  ended_at?: string;
  subscription_event_at?: number;
  subscription_event?: string;
  email_sent?: boolean;
  failure_email_sent?: boolean;
  cancellation_email_sent?: boolean;
  renewal_failures_notified?: string[];
}

export type StoredOrder = OrderFields & { id: string };

export const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The day-one payment's state after `next`: pending gives way to paid or failed; those are final. */
export function laterPaymentState(current: PaymentState, next: PaymentState): PaymentState {
  return current === 'pending' ? next : current;
}

/** The fields a session gives an order (what it sold, for how much, to whom, when the first renewal falls). */
export function sessionFields(session: SessionFacts): Omit<OrderFields, 'status'> {
  const fields: Omit<OrderFields, 'status'> = { session_id: session.sessionId };
  if (session.customerEmail) fields.customer_email = session.customerEmail;
  if (session.package) fields.package = session.package;
  if (session.amountTotal !== undefined) fields.amount_total = session.amountTotal;
  if (session.setupAmount !== undefined) fields.setup_amount = session.setupAmount;
  if (session.monthlyAmount !== undefined) fields.monthly_amount = session.monthlyAmount;
  if (session.currency) fields.currency = session.currency;
  if (session.subscriptionId) fields.subscription_id = session.subscriptionId;
  if (session.firstRenewalS !== undefined) {
    fields.first_renewal_at = isoTime(session.firstRenewalS);
    // Until the subscription reports otherwise, its first period ends at the first renewal.
    fields.current_period_end = fields.first_renewal_at;
  }
  return fields;
}

/** A report of the subscription's state by one event. */
export interface SubscriptionState {
  atS: number;
  source: string;
  status?: string;
  currentPeriodEndS?: number;
  cancelAtPeriodEnd?: boolean;
  endedAtS?: number | null;
}

// Events of the same second: a deletion outranks an update, an update outranks what an invoice implies.
const RANK: Record<string, number> = {
  'invoice.paid': 1,
  'invoice.payment_failed': 1,
  'customer.subscription.updated': 2,
  'customer.subscription.deleted': 3,
};

/** The fields to write for a reported state, or null when the order already holds a newer one. */
export function subscriptionPatch(order: OrderFields, state: SubscriptionState): Partial<OrderFields> | null {
  if (order.subscription_status === 'canceled' && state.status !== 'canceled') return null;
  const at = order.subscription_event_at;
  // Stryker disable next-line ConditionalExpression: without a recorded time both comparisons below are false anyway.
  if (at !== undefined) {
    const rank = RANK[state.source] ?? 0;
    // Stryker disable next-line StringLiteral: any name that is not an event's has no rank.
    const storedRank = RANK[order.subscription_event ?? ''] ?? 0;
    if (state.atS < at || (state.atS === at && rank < storedRank)) return null;
  }
  const patch: Partial<OrderFields> = { subscription_event_at: state.atS, subscription_event: state.source };
  if (state.status) patch.subscription_status = state.status;
  if (state.currentPeriodEndS !== undefined) patch.current_period_end = isoTime(state.currentPeriodEndS);
  if (state.cancelAtPeriodEnd !== undefined) patch.cancel_at_period_end = state.cancelAtPeriodEnd;
  if (state.endedAtS != null) patch.ended_at = isoTime(state.endedAtS);
  return patch;
}
