/**
 * A subscription's life after day one, on its test clock: what the provider does at each moment, and the
 * events it sends.
 */
import type { Stripe } from '../account/stripe-types.ts';
import { businessDaysAfter, isInterval, periodBoundary } from './billing-dates.ts';
import {
  attemptPayment,
  begin,
  DAY_S,
  done,
  ENDED,
  endSubscription,
  expireFirst,
  finalize,
  giveUp,
  invoiceOf,
  isFirst,
  live,
  renew,
  settle,
  updateSubscription,
  type Work,
} from './billing-steps.ts';
import { bacsDispute } from './payment-objects.ts';
import {
  type BillingChange,
  BillingConflict,
  type BillingSettings,
  type InvoiceStep,
  type SubscriptionLedger,
} from './subscription-ledger.ts';
import { currentPeriodEnd, type Subscription } from './subscription-object.ts';

const TRIAL_NOTICE_S = 3 * DAY_S;
/** Statuses whose periods renew. */
const RENEWING = new Set<Subscription['status']>(['trialing', 'active', 'past_due', 'unpaid']);
/** More steps than this in one move of the clock is a mistake (years of daily renewals), not a subscription. */
export const MAX_STEPS = 5_000;
/** How many periods from its anchor a scheduled end (`cancel_at`) may lie: a hundred years of monthly periods. */
export const MAX_CANCEL_PERIODS = 1_200;

/** A step of the clock: one for an invoice, or one that follows from the subscription. */
type Step =
  | InvoiceStep
  | { atS: number; kind: 'trial_notice' }
  | { atS: number; kind: 'scheduled_end' }
  | { atS: number; kind: 'renewal' };

/**
 * Every step still to take, soonest first; at one moment: invoices' steps, then the notice, the end, the
 * renewal.
 */
function agenda(ledger: SubscriptionLedger): Step[] {
  const steps: Step[] = [...ledger.steps];
  const subscription = ledger.subscription;
  if (subscription && !ENDED.has(subscription.status)) {
    const trialEnd = subscription.status === 'trialing' ? subscription.trial_end : null;
    if (trialEnd !== null && !ledger.trial_notice_sent)
      steps.push({
        atS: Math.max(trialEnd - TRIAL_NOTICE_S, subscription.start_date),
        kind: 'trial_notice',
      });
    if (subscription.cancel_at !== null) steps.push({ atS: subscription.cancel_at, kind: 'scheduled_end' });
    // A scheduled end falls on a period's end: taken first, it leaves nothing to renew.
    if (RENEWING.has(subscription.status))
      steps.push({ atS: currentPeriodEnd(subscription), kind: 'renewal' });
  }
  return steps.sort((a, b) => a.atS - b.atS);
}

/** When the clock next has something to do; null when nothing is planned. */
export function nextStepAt(ledger: SubscriptionLedger): number | null {
  return agenda(ledger)[0]?.atS ?? null;
}

function takeStep(w: Work, step: Step): void {
  switch (step.kind) {
    case 'trial_notice':
      w.ledger.trial_notice_sent = true;
      w.events.push({ type: 'customer.subscription.trial_will_end', atS: step.atS, object: live(w) });
      return;
    case 'scheduled_end':
      endSubscription(w, step.atS, 'cancellation_requested');
      return;
    case 'renewal':
      renew(w, step.atS);
      return;
  }
  const { invoice: id, kind } = step;
  w.ledger.steps = w.ledger.steps.filter((s) => !(s.invoice === id && s.kind === kind && s.atS === step.atS));
  const invoice = invoiceOf(w, id);
  // An invoice's tries and window's close are dropped when it is paid: a retry finds it open.
  if (kind === 'finalize') finalize(w, invoice, step.atS);
  else if (kind === 'settle') settle(w, id, step.atS);
  else if (kind === 'retry') attemptPayment(w, invoice, step.atS);
  else if (kind === 'expire') expireFirst(w, invoice, step.atS);
  else giveUp(w, step.atS);
}

/** Moves the clock forward to `toS`, taking every step due by then in order (at most `maxSteps` of them). */
export function runUntil(
  ledger: SubscriptionLedger,
  toS: number,
  settings: BillingSettings,
  maxSteps = MAX_STEPS,
): BillingChange {
  const w = begin(ledger, settings);
  for (let taken = 0; ; taken++) {
    const step = agenda(w.ledger)[0];
    if (!step || step.atS > toS) break;
    if (taken >= maxSteps)
      throw new BillingConflict(`Moving the clock that far takes more than ${maxSteps} steps`, 'too_far');
    takeStep(w, step);
  }
  w.ledger.clock_s = Math.max(w.ledger.clock_s ?? toS, toS);
  return done(w);
}

/**
 * When the next renewal's first payment attempt has its outcome: the period's end, plus the draft's hour,
 * plus (for a Direct Debit) the business days until the bank confirms it.
 */
export function renewalOutcomeAt(ledger: SubscriptionLedger, settings: BillingSettings): number {
  const subscription = ledger.subscription;
  if (!subscription) throw new BillingConflict('This session has no subscription', 'no_subscription');
  if (ENDED.has(subscription.status))
    throw new BillingConflict(`The subscription has ended (${subscription.status})`, 'subscription_ended');
  if (subscription.status === 'incomplete')
    throw new BillingConflict('The first payment has not been confirmed yet', 'first_payment_pending');
  const finalizes = currentPeriodEnd(subscription) + settings.renewalDraftS;
  return ledger.payment_method === 'bacs_debit'
    ? businessDaysAfter(finalizes, settings.bacsBusinessDays.existingMandate)
    : finalizes;
}

/** When the Direct Debit of the first invoice is confirmed; a conflict when none is waiting. */
export function firstDebitConfirmedAt(ledger: SubscriptionLedger): number {
  const first = ledger.invoices.find(isFirst);
  const step = ledger.steps.find((s) => s.kind === 'settle' && s.invoice === first?.id);
  if (!step) throw new BillingConflict('This session has no Direct Debit waiting to settle', 'not_pending');
  return step.atS;
}

/** Whether `timeS` ends one of the subscription's first `MAX_CANCEL_PERIODS` periods (counted from its anchor). */
function isPeriodEnd(subscription: Subscription, timeS: number): boolean {
  const recurring = subscription.items.data[0]?.price.recurring;
  if (!recurring || !isInterval(recurring.interval)) return false;
  // Period ends only grow with k: the first one at or after `timeS` decides.
  for (let k = 0; k < MAX_CANCEL_PERIODS; k++) {
    const boundary = periodBoundary(
      subscription.billing_cycle_anchor,
      recurring.interval,
      recurring.interval_count,
      k,
    );
    if (boundary >= timeS) return boundary === timeS;
  }
  return false;
}

/**
 * Cancels the subscription at the clock's time `atS`: at once, at the end of the current period, or at a
 * later period's end (`cancel_at`).
 */
export function cancelSubscription(
  ledger: SubscriptionLedger,
  when: 'now' | 'period_end' | number,
  atS: number,
  settings: BillingSettings,
): BillingChange {
  const w = begin(ledger, settings);
  const subscription = live(w);
  if (ENDED.has(subscription.status))
    throw new BillingConflict(`The subscription has ended (${subscription.status})`, 'subscription_ended');
  w.ledger.clock_s = Math.max(w.ledger.clock_s ?? atS, atS);
  const now = w.ledger.clock_s;
  if (when === 'now') {
    endSubscription(w, now, 'cancellation_requested');
    return done(w);
  }
  if (subscription.cancel_at !== null)
    throw new BillingConflict('The subscription is already set to end', 'already_cancelling');
  const periodEnd = currentPeriodEnd(subscription);
  const reason = {
    ...(subscription.cancellation_details ?? { comment: null, feedback: null, feedback_option: null }),
    reason: 'cancellation_requested' as const,
  };
  if (when === 'period_end') {
    updateSubscription(w, now, {
      cancel_at_period_end: true,
      cancel_at: periodEnd,
      canceled_at: now,
      cancellation_details: reason,
    });
    return done(w);
  }
  if (when <= now || when < periodEnd || !isPeriodEnd(subscription, when))
    throw new BillingConflict(
      'cancel_at must be the end of a future billing period: the double does not simulate the prorations of an end inside one',
      'cancel_at_inside_period',
    );
  updateSubscription(w, now, { cancel_at: when, canceled_at: now, cancellation_details: reason });
  return done(w);
}

/** A bank disputes the latest confirmed Direct Debit of the subscription at `atS` (`charge.dispute.created`). */
export function disputeLatestDebit(
  ledger: SubscriptionLedger,
  atS: number,
  settings: BillingSettings,
): BillingChange {
  const w = begin(ledger, settings);
  const disputed = new Set(
    w.ledger.disputes.map((dispute) =>
      typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id,
    ),
  );
  const charge = [...w.ledger.charges]
    .reverse()
    .find((c) => c.method === 'bacs_debit' && c.status === 'succeeded' && !disputed.has(c.charge));
  if (!charge)
    throw new BillingConflict(
      'This session has no confirmed Bacs Direct Debit to dispute (the double simulates the disputes of Direct Debits only)',
      'nothing_to_dispute',
    );
  w.ledger.clock_s = Math.max(w.ledger.clock_s ?? atS, atS);
  const dispute: Stripe.Dispute = bacsDispute(charge, w.ledger.clock_s);
  w.ledger.disputes.push(dispute);
  w.events.push({ type: 'charge.dispute.created', atS: w.ledger.clock_s, object: dispute });
  return done(w);
}
