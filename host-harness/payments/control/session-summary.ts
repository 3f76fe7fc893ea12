/** The control API's view of a session: amounts, status, its subscription's life and its events' deliveries. */
import { nextStepAt } from '../billing/billing-clock.ts';
import { chargeTerms } from '../billing/billing-terms.ts';
import { currentPeriodEnd, type Subscription } from '../billing/subscription-object.ts';
import { pricedLine } from '../checkout/checkout-session.ts';
import type { CheckoutRecord } from '../checkout/checkout-session-store.ts';
import { sessionStatus } from '../checkout/session-status.ts';
import { formatAmount, formatDate } from '../pay-page/display-format.ts';
import type { StoredEvent } from '../webhooks/provider-event-store.ts';

const iso = (timeS: number) => new Date(timeS * 1000).toISOString();
const isoOrNull = (timeS: number | null | undefined) => (timeS == null ? null : iso(timeS));

/** The first full recurring charge of a subscription: its trial's end or its anchor when later than its start. */
function firstRenewalOf(subscription: Subscription): number {
  if (subscription.trial_end !== null) return subscription.trial_end;
  if (subscription.billing_cycle_anchor > subscription.start_date) return subscription.billing_cycle_anchor;
  return currentPeriodEnd(subscription);
}

const eventSummary = (event: StoredEvent) => ({
  id: event.id,
  type: event.type,
  created: iso(event.created_s),
  state: event.state,
  delivered: event.state === 'delivered',
  attempt_count: event.attempt_count,
  attempts: event.attempts,
  next_attempt_at: event.next_attempt_ms === null ? null : new Date(event.next_attempt_ms).toISOString(),
});

export function summarize(record: CheckoutRecord, events: StoredEvent[], nowS: number) {
  const { session, subscription } = record;
  const currency = session.currency ?? 'gbp';
  const full = (recurring: boolean) =>
    record.line_items
      .filter((item) => (item.price?.type === 'recurring') === recurring)
      .reduce((total, item) => total + (item.price?.unit_amount ?? 0) * (item.quantity ?? 1), 0);
  const setup = full(false);
  const monthly = full(true);
  const amountTotal = session.amount_total ?? 0;
  const firstRenewal = subscription
    ? firstRenewalOf(subscription)
    : chargeTerms(record.line_items.map(pricedLine), record.subscription_data, nowS).firstRenewalS;
  const completed = events.find((event) => event.type === 'checkout.session.completed');
  const last = completed?.attempts.at(-1);
  return {
    id: session.id,
    package: session.metadata?.package ?? null,
    items: record.line_items.map((item) => item.description ?? ''),
    setup_amount: setup,
    monthly_amount: monthly,
    amount_total: amountTotal,
    currency,
    setup_display: formatAmount(setup, currency),
    monthly_display: formatAmount(monthly, currency),
    total_display: formatAmount(amountTotal, currency),
    first_renewal: isoOrNull(firstRenewal),
    first_renewal_display: firstRenewal === null ? null : formatDate(firstRenewal),
    status: sessionStatus(record),
    payment_method: record.payment_method,
    customer_email: session.customer_details?.email ?? session.customer_email,
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    expires_at: iso(session.expires_at),
    subscription: subscription
      ? {
          id: subscription.id,
          status: subscription.status,
          trial_end: isoOrNull(subscription.trial_end),
          current_period_end: iso(currentPeriodEnd(subscription)),
          cancel_at_period_end: subscription.cancel_at_period_end,
          cancel_at: isoOrNull(subscription.cancel_at),
          ended_at: isoOrNull(subscription.ended_at),
          invoices: record.invoices.map((invoice) => ({
            id: invoice.id,
            billing_reason: invoice.billing_reason,
            status: invoice.status,
            amount_due: invoice.amount_due,
            attempt_count: invoice.attempt_count,
            next_payment_attempt: isoOrNull(invoice.next_payment_attempt),
          })),
          payments: record.charges.map((charge) => ({
            invoice: charge.invoice,
            payment_intent: charge.payment_intent,
            method: charge.method,
            amount: charge.amount,
            status: charge.status,
          })),
          disputes: record.disputes.map((dispute) => ({
            id: dispute.id,
            charge: typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id,
            amount: dispute.amount,
            status: dispute.status,
          })),
        }
      : null,
    clock: isoOrNull(record.clock_s),
    next_step_at: isoOrNull(nextStepAt(record)),
    payment_outcome: record.payment_outcome,
    webhook: completed
      ? {
          event_id: completed.id,
          delivered: completed.state === 'delivered',
          attempts: completed.attempt_count,
          last_status: last?.status ?? null,
          ...(last?.error ? { last_error: last.error } : {}),
        }
      : null,
    events: events.map(eventSummary),
    created_date: record.created_date,
    updated_date: record.updated_date,
  };
}

export type SessionSummary = ReturnType<typeof summarize>;
