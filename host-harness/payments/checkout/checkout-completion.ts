/**
 * What happens to a checkout session: paid on the hosted page (a Bacs Direct Debit completes it `unpaid` until the
 * bank answers, docs.stripe.com/billing/subscriptions/bacs-debit), its subscription's clock moving on, its expiry.
 */
import type { PaymentMethodType } from '../account/payment-methods.ts';
import { firstDebitConfirmedAt, runUntil } from '../billing/billing-clock.ts';
import { chargeTerms } from '../billing/billing-terms.ts';
import { type BillingChange, BillingConflict, type BillingSettings } from '../billing/subscription-ledger.ts';
import { startSubscription } from '../billing/subscription-start.ts';
import { randomAlphanumeric } from '../server/ids.ts';
import type { EventSpec } from '../webhooks/provider-event.ts';
import { type CheckoutSession, completedSession, expiredSession, pricedLine } from './checkout-session.ts';
import type { CheckoutRecord } from './checkout-session-store.ts';

/** A session changed by an action, and the events the provider sends for it. */
export interface Change {
  record: CheckoutRecord;
  events: EventSpec[];
}

/**
 * A billing change (the clock, a cancellation, a dispute) applied to the session; the first invoice's fate decides a
 * Direct Debit session's, the only kind whose first invoice settles after the session completed.
 */
export function applyBilling(
  record: CheckoutRecord,
  { ledger, events, firstInvoice }: BillingChange,
): Change {
  const next: CheckoutRecord = { ...record, ...ledger };
  if (!firstInvoice) return { record: next, events };
  const succeeded = firstInvoice.outcome === 'succeeded';
  next.session = succeeded ? { ...record.session, payment_status: 'paid' } : record.session;
  const type = `checkout.session.async_payment_${succeeded ? 'succeeded' : 'failed'}` as const;
  return { record: next, events: [...events, { type, atS: firstInvoice.atS, object: next.session }] };
}

/** Completes an open session with the buyer's method at `nowS`; null when it is not open (a second press of Pay). */
export function completeCheckout(
  record: CheckoutRecord,
  choice: { method: PaymentMethodType; email: string | null },
  nowS: number,
  settings: BillingSettings,
): Change | null {
  const { session } = record;
  if (session.status !== 'open') return null;
  const terms = chargeTerms(record.line_items.map(pricedLine), record.subscription_data, nowS);
  const customer = `cus_${randomAlphanumeric(14)}`;
  const email = choice.email ?? session.customer_email;
  const bacs = choice.method === 'bacs_debit';
  const paymentStatus = terms.dueToday === 0 ? 'no_payment_required' : bacs ? 'unpaid' : 'paid';
  const completion = { customer, email, paymentStatus } as const;
  if (session.mode !== 'subscription') {
    if (bacs)
      throw new BillingConflict(
        'A Bacs Direct Debit in payment mode is not simulated by the local double',
        'not_simulated',
      );
    const paymentIntent = `pi_${randomAlphanumeric(24)}`;
    const completed = completedSession(session, { ...completion, subscription: null, paymentIntent });
    return {
      record: { ...record, payment_method: choice.method, clock_s: nowS, session: completed },
      events: [{ type: 'checkout.session.completed', atS: nowS, object: completed }],
    };
  }
  const data = record.subscription_data;
  const started = startSubscription(
    { ...record, payment_outcome: 'succeeds' },
    {
      ...{ customer, currency: session.currency ?? 'gbp', lineItems: record.line_items, terms, startS: nowS },
      ...{
        metadata: data?.metadata ?? {},
        description: data?.description ?? null,
        method: choice.method,
        email,
      },
    },
    settings,
  );
  // Starting a subscription creates it and its first invoice.
  const subscription = started.ledger.subscription!.id;
  const completed: CheckoutSession = {
    ...completedSession(session, { ...completion, subscription, paymentIntent: null }),
    invoice: started.ledger.invoices[0]!.id,
  };
  return {
    record: { ...record, ...started.ledger, session: completed },
    events: [...started.events, { type: 'checkout.session.completed', atS: nowS, object: completed }],
  };
}

/** The first Direct Debit of a session is confirmed by the bank, `succeeded` or `failed` (the clock moves there). */
export function settleFirstDebit(
  record: CheckoutRecord,
  outcome: 'succeeded' | 'failed',
  settings: BillingSettings,
) {
  const ready = { ...record, payment_outcome: outcome === 'succeeded' ? 'succeeds' : 'fails' } as const;
  return applyBilling(record, runUntil(ready, firstDebitConfirmedAt(record), settings));
}

/** The subscription's clock moves to `toS`, taking every step due by then. */
export function advanceClock(record: CheckoutRecord, toS: number, settings: BillingSettings): Change {
  if (!record.subscription) throw new BillingConflict('This session has no subscription', 'no_subscription');
  return applyBilling(record, runUntil(record, toS, settings));
}

/** An open session whose `expires_at` has passed expires (`checkout.session.expired`); null when it has not. */
export function expireIfDue(record: CheckoutRecord, nowS: number): Change | null {
  const { session } = record;
  if (session.status !== 'open' || session.expires_at > nowS) return null;
  const expired = expiredSession(session);
  return {
    record: { ...record, session: expired },
    events: [{ type: 'checkout.session.expired', atS: session.expires_at, object: expired }],
  };
}

/** The buyer left through Cancel: the double expires the session there and then. */
export function cancelOnPage(record: CheckoutRecord, nowS: number): Change | null {
  if (record.session.status !== 'open') return null;
  const expired = expiredSession(record.session);
  return {
    record: { ...record, cancelled: true, session: expired },
    events: [{ type: 'checkout.session.expired', atS: nowS, object: expired }],
  };
}
