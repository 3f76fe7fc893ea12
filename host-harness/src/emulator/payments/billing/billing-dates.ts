/**
 * Billing dates by the provider's calendar rules (Stripe, "Set the subscription billing renewal date"): a monthly
 * period ends on the same day of a later month, or on that month's last day when it is shorter (an anchor on
 * 31 January bills on 28 or 29 February, then 31 March, 30 April); yearly periods follow the same rule, weekly and daily
 * ones are whole days. Times are Unix seconds, calendar arithmetic in UTC, the time of day kept.
 */

export const INTERVALS = ['day', 'week', 'month', 'year'] as const;
export type Interval = (typeof INTERVALS)[number];

export const isInterval = (value: string): value is Interval =>
  (INTERVALS as readonly string[]).includes(value);

const DAY_S = 24 * 60 * 60;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** `months` calendar months after `timeS`, the day clamped to the target month's last day. */
export function addMonths(timeS: number, months: number): number {
  const date = new Date(timeS * 1000);
  const target = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  const ms = Date.UTC(
    year,
    month,
    day,
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
  return Math.floor(ms / 1000);
}

/** The end of the `periods`-th billing period that starts at `anchorS` (0 is the anchor itself). */
export function periodBoundary(
  anchorS: number,
  interval: Interval,
  intervalCount: number,
  periods: number,
): number {
  const steps = intervalCount * periods;
  switch (interval) {
    case 'day':
      return anchorS + steps * DAY_S;
    case 'week':
      return anchorS + steps * 7 * DAY_S;
    case 'month':
      return addMonths(anchorS, steps);
    case 'year':
      return addMonths(anchorS, steps * 12);
  }
}

/** When a subscription started at `startS` with no anchor of its own would bill next: one period later. */
export function nextNaturalBillingDate(startS: number, interval: Interval, intervalCount: number): number {
  return periodBoundary(startS, interval, intervalCount, 1);
}
