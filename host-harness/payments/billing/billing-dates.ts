/**
 * Billing dates by the provider's calendar rules, with date-fns, never by hand: a monthly or yearly period ends on the
 * same day later, or on that month's last day; days and weeks are whole; UTC, the time of day kept; a Bacs Direct
 * Debit confirms business days later (Monday to Friday). Sources: RULES.md, `bacs-business-days` and the readings.
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
