/**
 * Billing dates by the provider's calendar rules, computed with a date library (date-fns), never by hand:
 * - a monthly period ends on the same day of a later month, or on that month's last day when it is shorter ("a monthly
 *   subscription created on May 15 with an anchor at June 1 is billed on May 15, then always on the 1st of the month";
 *   Stripe, "Set the billing cycle date", docs.stripe.com/payments/checkout/billing-cycle, and "Billing cycle",
 *   docs.stripe.com/billing/subscriptions/billing-cycle: an anchor on 31 January bills on 28 or 29 February);
 * - yearly periods follow the same rule, weekly and daily ones are whole days;
 * - the provider's times are Unix seconds; the calendar is UTC (the time of day kept);
 * - a Bacs Direct Debit is confirmed a number of business days later (docs.stripe.com/payments/bacs-debit: "4 business
 *   days … when a mandate is already in place, but when you must collect a new mandate, it can take 7 business days"):
 *   Monday to Friday. The page names no bank holidays, so the double counts none.
 */
import { TZDate } from '@date-fns/tz';
import { addBusinessDays, addDays, addMonths, addWeeks, addYears } from 'date-fns';

export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];

export const isInterval = (value: string): value is Interval =>
  (INTERVALS as readonly string[]).includes(value);

const at = (timeS: number) => new TZDate(timeS * 1000, 'UTC');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The end of the `periods`-th billing period that starts at `anchorS` (0 is the anchor itself). */
export function periodBoundary(
  anchorS: number,
  interval: Interval,
  intervalCount: number,
  periods: number,
): number {
  const steps = intervalCount * periods;
  const anchor = at(anchorS);
  switch (interval) {
    case 'day':
      return seconds(addDays(anchor, steps));
    case 'week':
      return seconds(addWeeks(anchor, steps));
    case 'month':
      return seconds(addMonths(anchor, steps));
    case 'year':
      return seconds(addYears(anchor, steps));
    default:
      // Only a price read from a changed record can have another: refused rather than dated anywhere.
      throw new Error(`${String(interval)} is not a billing interval`);
  }
}

/** When a subscription started at `startS` with no anchor of its own would bill next: one period later. */
export function nextNaturalBillingDate(startS: number, interval: Interval, intervalCount: number): number {
  return periodBoundary(startS, interval, intervalCount, 1);
}

/** `days` business days (Monday to Friday) after `timeS`. */
export function businessDaysAfter(timeS: number, days: number): number {
  return seconds(addBusinessDays(at(timeS), days));
}
