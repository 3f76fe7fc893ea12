/**
 * Calendar months as a UK buyer counts them, with a date library (the provider's own renewals then follow from the
 * date chosen here): one calendar month after 31 January is 28 or 29 February, after 30 April is 30 May, on the
 * Europe/London calendar and clock.
 */
import { tz } from 'npm:@date-fns/tz@1.5.0';
import { addMonths } from 'npm:date-fns@4.4.0';

const LONDON = tz('Europe/London');

/** `months` calendar months after `timeS` (Unix seconds), the day clamped to the target month's last day. */
export function calendarMonthsAfter(timeS: number, months: number): number {
  return Math.floor(addMonths(new Date(timeS * 1000), months, { in: LONDON }).getTime() / 1000);
}
