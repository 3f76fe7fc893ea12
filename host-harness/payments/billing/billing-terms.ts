/**
 * What a Checkout Session charges today and when its subscription renews (Stripe, "Set the billing cycle date" and
 * "Trials"): one-time prices on the first invoice; without an anchor or a trial the first full period too; with an
 * anchor the time until it pro rata (or nothing, `none`); with a trial nothing recurring until it ends.
 */

import { type Interval, nextNaturalBillingDate, periodBoundary } from './billing-dates.ts';

export type ProrationBehavior = 'create_prorations' | 'none';

/** A session's validated `subscription_data`: what bills its subscription. */
export interface SubscriptionDataInput {
  billingCycleAnchor: number | null;
  prorationBehavior: ProrationBehavior;
  trialEnd: number | null;
  trialPeriodDays: number | null;
  description: string | null;
  metadata: Record<string, string>;
}

/** A line of a session as the terms need it. */
export interface PricedLine {
  unitAmount: number;
  quantity: number;
  recurring: { interval: Interval; interval_count: number } | null;
}

export interface ChargeTerms {
  /** What each line costs on the first invoice, in line order (minor units). */
  todayByLine: number[];
  /** The first invoice: what the session's `amount_subtotal` and `amount_total` say. */
  dueToday: number;
  /** The recurring charge from the first renewal on; null without recurring prices. */
  recurring: { amount: number; interval: Interval; intervalCount: number } | null;
  /** The first full recurring charge; null without recurring prices. */
  firstRenewalS: number | null;
  /** The subscription's `billing_cycle_anchor`: the start, the trial end or the anchor asked for. */
  billingCycleAnchorS: number | null;
  trialEndS: number | null;
}

const DAY_S = 24 * 60 * 60;

function trialEndOf(data: SubscriptionDataInput | null, startS: number): number | null {
  if (data?.trialEnd != null) return data.trialEnd;
  if (data?.trialPeriodDays != null) return startS + data.trialPeriodDays * DAY_S;
  return null;
}

/** The terms of a session whose subscription (if any) starts at `startS`. */
export function chargeTerms(
  lines: readonly PricedLine[],
  data: SubscriptionDataInput | null,
  startS: number,
): ChargeTerms {
  const full = lines.map((line) => line.unitAmount * line.quantity);
  const firstRecurring = lines.find((line) => line.recurring)?.recurring;
  if (!firstRecurring) {
    const dueToday = full.reduce((sum, amount) => sum + amount, 0);
    return {
      todayByLine: full,
      dueToday,
      recurring: null,
      firstRenewalS: null,
      billingCycleAnchorS: null,
      trialEndS: null,
    };
  }
  const { interval, interval_count: count } = firstRecurring;
  const natural = nextNaturalBillingDate(startS, interval, count);
  const trialEndS = trialEndOf(data, startS);
  const anchor = data?.billingCycleAnchor ?? null;
  // The share of a recurring price charged on the first invoice.
  let share: (amount: number) => number;
  let firstRenewalS: number;
  let billingCycleAnchorS: number;
  if (trialEndS !== null) {
    share = () => 0;
    firstRenewalS = trialEndS;
    billingCycleAnchorS = trialEndS;
  } else if (anchor !== null) {
    const fraction = (anchor - startS) / (natural - startS);
    // Stryker disable next-line OptionalChaining: the anchor is read from data, so data is set here.
    share = data?.prorationBehavior === 'none' ? () => 0 : (amount) => Math.round(amount * fraction);
    firstRenewalS = anchor;
    billingCycleAnchorS = anchor;
  } else {
    share = (amount) => amount;
    firstRenewalS = natural;
    billingCycleAnchorS = startS;
  }
  const todayByLine = lines.map((line, i) => (line.recurring ? share(full[i]!) : full[i]!));
  return {
    todayByLine,
    dueToday: todayByLine.reduce((sum, amount) => sum + amount, 0),
    recurring: {
      amount: lines.reduce((sum, line, i) => (line.recurring ? sum + full[i]! : sum), 0),
      interval,
      intervalCount: count,
    },
    firstRenewalS,
    billingCycleAnchorS,
    trialEndS,
  };
}

/** The renewal after `periodEndS` for a subscription anchored at `anchorS`: whole periods from the anchor. */
export function renewalAfter(
  anchorS: number,
  periodEndS: number,
  interval: Interval,
  intervalCount: number,
): number {
  for (let k = 0; ; k++) {
    const boundary = periodBoundary(anchorS, interval, intervalCount, k);
    if (boundary > periodEndS) return boundary;
  }
}
