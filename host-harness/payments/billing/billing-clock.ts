/** A subscription's life after day one on its test clock: what the provider does at each moment, and what it sends. */
import type { Stripe } from '../account/stripe-types.ts';
import { businessDaysAfter, isInterval, periodBoundary } from './billing-dates.ts';
import {
  attemptPayment,
  begin,
  clockTo,
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
  NO_DETAILS,
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

type Step =
  | InvoiceStep
  | { atS: number; invoice?: never; kind: 'trial_notice' | 'scheduled_end' | 'renewal' };

/** Every step still to take, soonest first; at one moment: invoices' steps, then the notice, the end, the renewal. */
function agenda(ledger: SubscriptionLedger): Step[] {
  const steps: Step[] = [...ledger.steps];
  const subscription = ledger.subscription;
  if (subscription && !ENDED.has(subscription.status)) {
    const trialEnd = subscription.status === 'trialing' ? subscription.trial_end : null;
    if (trialEnd !== null && !ledger.trial_notice_sent)
      steps.push({ atS: Math.max(trialEnd - TRIAL_NOTICE_S, subscription.start_date), kind: 'trial_notice' });
    if (subscription.cancel_at !== null) steps.push({ atS: subscription.cancel_at, kind: 'scheduled_end' });
    // A scheduled end falls on a period's end: taken first, it leaves nothing to renew.
    if (RENEWING.has(subscription.status))
      steps.push({ atS: currentPeriodEnd(subscription), kind: 'renewal' });
  }
  return steps.sort((a, b) => a.atS - b.atS);
}

/** When the clock next has something to do; null when nothing is planned. */
export const nextStepAt = (ledger: SubscriptionLedger): number | null => agenda(ledger)[0]?.atS ?? null;

function takeStep(w: Work, { atS, invoice, kind }: Step): void {
  if (kind === 'trial_notice') {
    w.ledger.trial_notice_sent = true;
    w.events.push({ type: 'customer.subscription.trial_will_end', atS, object: live(w) });
  } else if (kind === 'scheduled_end') endSubscription(w, atS, 'cancellation_requested');
  else if (kind === 'renewal') renew(w, atS);
  else {
    w.ledger.steps = w.ledger.steps.filter(
      (s) => !(s.invoice === invoice && s.kind === kind && s.atS === atS),
    );
    // An invoice's tries and window's close are dropped when it is paid: a retry finds it open.
    if (kind === 'finalize') finalize(w, invoiceOf(w, invoice), atS);
    else if (kind === 'settle') settle(w, invoice, atS);
    else if (kind === 'retry') attemptPayment(w, invoiceOf(w, invoice), atS);
    else if (kind === 'expire') expireFirst(w, invoiceOf(w, invoice), atS);
    else giveUp(w, atS);
  }
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
  clockTo(w, toS);
  return done(w);
}

const ended = (subscription: Subscription) =>
  new BillingConflict(`The subscription has ended (${subscription.status})`, 'subscription_ended');

/** When the next renewal's first attempt has its outcome: the period's end, the draft's hour, a Direct Debit's days. */
export function renewalOutcomeAt(ledger: SubscriptionLedger, settings: BillingSettings): number {
  const subscription = ledger.subscription;
  if (!subscription) throw new BillingConflict('This session has no subscription', 'no_subscription');
  if (ENDED.has(subscription.status)) throw ended(subscription);
  if (subscription.status === 'incomplete')
    throw new BillingConflict('The first payment has not been confirmed yet', 'first_payment_pending');
  const finalizes = currentPeriodEnd(subscription) + settings.renewalDraftS;
  const bacs = ledger.payment_method === 'bacs_debit';
  return bacs ? businessDaysAfter(finalizes, settings.bacsBusinessDays.existingMandate) : finalizes;
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

/** Cancels the subscription at the clock's time `atS`: now, at the current period's end, or a later one's (`cancel_at`). */
export function cancelSubscription(
  ledger: SubscriptionLedger,
  when: 'now' | 'period_end' | number,
  atS: number,
  settings: BillingSettings,
): BillingChange {
  const w = begin(ledger, settings);
  const subscription = live(w);
  if (ENDED.has(subscription.status)) throw ended(subscription);
  const now = clockTo(w, atS);
  if (when === 'now') {
    endSubscription(w, now, 'cancellation_requested');
    return done(w);
  }
  if (subscription.cancel_at !== null)
    throw new BillingConflict('The subscription is already set to end', 'already_cancelling');
  const periodEnd = currentPeriodEnd(subscription);
  const details = subscription.cancellation_details ?? NO_DETAILS;
  const changes = {
    canceled_at: now,
    cancellation_details: { ...details, reason: 'cancellation_requested' as const },
  };
  if (when === 'period_end') {
    updateSubscription(w, now, { cancel_at_period_end: true, cancel_at: periodEnd, ...changes });
    return done(w);
  }
  if (when <= now || when < periodEnd || !isPeriodEnd(subscription, when))
    throw new BillingConflict(
      'cancel_at must be the end of a future billing period: the double does not simulate the prorations of an end inside one',
      'cancel_at_inside_period',
    );
  updateSubscription(w, now, { cancel_at: when, ...changes });
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
    w.ledger.disputes.map((d) => (typeof d.charge === 'string' ? d.charge : d.charge.id)),
  );
  const charge = w.ledger.charges.findLast(
    (c) => c.method === 'bacs_debit' && c.status === 'succeeded' && !disputed.has(c.charge),
  );
  if (!charge)
    throw new BillingConflict(
      'This session has no confirmed Bacs Direct Debit to dispute (the double simulates the disputes of Direct Debits only)',
      'nothing_to_dispute',
    );
  const dispute: Stripe.Dispute = bacsDispute(charge, clockTo(w, atS));
  w.ledger.disputes.push(dispute);
  w.events.push({ type: 'charge.dispute.created', atS: dispute.created, object: dispute });
  return done(w);
}
