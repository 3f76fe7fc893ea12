/**
 * What happens to a checkout session, as the provider does it: paying on the hosted page (a card pays at
 * once; a Bacs Direct Debit completes the session `unpaid`, "Wait for the payment to succeed or fail", and
 * later sends `checkout.session.async_payment_succeeded` or `…async_payment_failed`:
 * docs.stripe.com/billing/subscriptions/ bacs-debit), its subscription's clock moving on, and its expiry.
 */

import type { PaymentMethodType } from '../account/payment-methods.ts';
import { firstDebitConfirmedAt, runUntil } from '../billing/billing-clock.ts';
import { chargeTerms } from '../billing/billing-terms.ts';
import {
  type BillingChange,
  BillingConflict,
  type BillingSettings,
  type PaymentOutcome,
} from '../billing/subscription-ledger.ts';
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
 * The record with a billing change applied; the first invoice's fate decides a Direct Debit session's (the
 * only kind whose first invoice settles after the session completed: `complete` and `unpaid` until then).
 */
function withBilling(record: CheckoutRecord, change: BillingChange): Change {
  const next: CheckoutRecord = { ...record, ...change.ledger };
  const events = [...change.events];
  const first = change.firstInvoice;
  if (first) {
    const succeeded = first.outcome === 'succeeded';
    const session: CheckoutSession = succeeded
      ? { ...record.session, payment_status: 'paid' }
      : record.session;
    next.session = session;
    events.push({
      type: succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
      atS: first.atS,
      object: session,
    });
  }
  return { record: next, events };
}

/**
 * Completes an open session with the method the buyer chose at `nowS`; null when it is not open (a second
 * press of Pay, or one that lost the race to another).
 */
export function completeCheckout(
  record: CheckoutRecord,
  choice: { method: PaymentMethodType; email: string | null },
  nowS: number,
  settings: BillingSettings,
): Change | null {
  const { session } = record;
  if (session.status !== 'open') return null;
  const terms = chargeTerms(record.line_items.map(pricedLine), record.subscription_data, nowS);
  const nothingDue = terms.dueToday === 0;
  const customer = `cus_${randomAlphanumeric(14)}`;
  const email = choice.email ?? session.customer_email;
  const paymentStatus: CheckoutSession['payment_status'] = nothingDue
    ? 'no_payment_required'
    : choice.method === 'bacs_debit'
      ? 'unpaid'
      : 'paid';
  if (session.mode !== 'subscription') {
    if (choice.method === 'bacs_debit')
      throw new BillingConflict(
        'A Bacs Direct Debit in payment mode is not simulated by the local double',
        'not_simulated',
      );
    const completed = completedSession(session, {
      customer,
      subscription: null,
      paymentIntent: `pi_${randomAlphanumeric(24)}`,
      email,
      paymentStatus,
    });
    return {
      record: { ...record, payment_method: choice.method, clock_s: nowS, session: completed },
      events: [{ type: 'checkout.session.completed', atS: nowS, object: completed }],
    };
  }
  const started = startSubscription(
    { ...record, payment_outcome: 'succeeds' },
    {
      customer,
      currency: session.currency ?? 'gbp',
      lineItems: record.line_items,
      terms,
      startS: nowS,
      metadata: record.subscription_data?.metadata ?? {},
      description: record.subscription_data?.description ?? null,
      method: choice.method,
      email,
    },
    settings,
  );
  // Starting a subscription creates it and its first invoice.
  const completed: CheckoutSession = {
    ...completedSession(session, {
      customer,
      subscription: started.ledger.subscription!.id,
      paymentIntent: null,
      email,
      paymentStatus,
    }),
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
): Change {
  const at = firstDebitConfirmedAt(record);
  const paymentOutcome: PaymentOutcome = outcome === 'succeeded' ? 'succeeds' : 'fails';
  return withBilling(record, runUntil({ ...record, payment_outcome: paymentOutcome }, at, settings));
}

/** The subscription's clock moves to `toS`, taking every step due by then. */
export function advanceClock(record: CheckoutRecord, toS: number, settings: BillingSettings): Change {
  if (!record.subscription) throw new BillingConflict('This session has no subscription', 'no_subscription');
  return withBilling(record, runUntil(record, toS, settings));
}

/** Any billing change made elsewhere (a cancellation, a dispute), applied to the session's record. */
export function applyBilling(record: CheckoutRecord, change: BillingChange): Change {
  return withBilling(record, change);
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
