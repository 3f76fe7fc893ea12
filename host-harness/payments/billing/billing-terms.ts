/**
 * What a Checkout Session charges today and when its subscription renews (Stripe, "Set the billing cycle date" and
 * "Trials"); README.md, "What is due today", says it in words.
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
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

/** The terms of a session whose subscription (if any) starts at `startS`. */
export function chargeTerms(
  lines: readonly PricedLine[],
  data: SubscriptionDataInput | null,
  startS: number,
): ChargeTerms {
  const full = lines.map((line) => line.unitAmount * line.quantity);
  const firstRecurring = lines.find((line) => line.recurring)?.recurring;
  if (!firstRecurring) {
    const none = { recurring: null, firstRenewalS: null, billingCycleAnchorS: null, trialEndS: null };
    return { todayByLine: full, dueToday: sum(full), ...none };
  }
  const { interval, interval_count: count } = firstRecurring;
  const natural = nextNaturalBillingDate(startS, interval, count);
  const days = data?.trialPeriodDays;
  const trialEndS = data?.trialEnd ?? (days == null ? null : startS + days * DAY_S);
  const anchor = data?.billingCycleAnchor ?? null;
  // The share of a recurring price charged on the first invoice, and when the first full period starts.
  let share = (amount: number) => amount;
  let firstRenewalS = natural;
  if (trialEndS !== null) [share, firstRenewalS] = [() => 0, trialEndS];
  else if (anchor !== null) {
    const fraction = (anchor - startS) / (natural - startS);
    // Stryker disable next-line OptionalChaining: the anchor is read from data, so data is set here.
    share = data?.prorationBehavior === 'none' ? () => 0 : (amount) => Math.round(amount * fraction);
    firstRenewalS = anchor;
  }
  const todayByLine = lines.map((line, i) => (line.recurring ? share(full[i]!) : full[i]!));
  return {
    todayByLine,
    dueToday: sum(todayByLine),
    recurring: { amount: sum(full.filter((_, i) => lines[i]!.recurring)), interval, intervalCount: count },
    firstRenewalS,
    billingCycleAnchorS: trialEndS ?? anchor ?? startS,
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
