/**
 * Billing dates by the provider's calendar rules, with date-fns: a month or a year later keeps the day or takes the
 * month's last; UTC, the time of day kept; business days are Monday to Friday (RULES.md, the double's readings).
 */
import { TZDate } from '@date-fns/tz';
import { addBusinessDays, addDays, addMonths, addWeeks, addYears } from 'date-fns';

const ADD = { day: addDays, week: addWeeks, month: addMonths, year: addYears };
export const INTERVALS = Object.keys(ADD) as (keyof typeof ADD)[];
export type Interval = keyof typeof ADD;

export const isInterval = (value: string): value is Interval => (INTERVALS as string[]).includes(value);

const at = (timeS: number) => new TZDate(timeS * 1000, 'UTC');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The end of the `periods`-th billing period that starts at `anchorS` (0 is the anchor itself). */
export function periodBoundary(
  anchorS: number,
  interval: Interval,
  intervalCount: number,
  periods: number,
): number {
  // Only a price read from a changed record can have another interval: refused rather than dated anywhere.
  if (!isInterval(interval)) throw new Error(`${String(interval)} is not a billing interval`);
  return seconds(ADD[interval](at(anchorS), intervalCount * periods));
}

/** When a subscription started at `startS` with no anchor of its own would bill next: one period later. */
export const nextNaturalBillingDate = (startS: number, interval: Interval, intervalCount: number) =>
  periodBoundary(startS, interval, intervalCount, 1);

/** `days` business days (Monday to Friday) after `timeS`. */
export const businessDaysAfter = (timeS: number, days: number) => seconds(addBusinessDays(at(timeS), days));
