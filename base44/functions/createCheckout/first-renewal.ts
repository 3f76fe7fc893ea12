/**
 * When the first monthly charge falls: one calendar month after the purchase. Day one charges the setup only; the
 * provider is told to start the monthly billing there with `subscription_data[billing_cycle_anchor]` and
 * `proration_behavior: none` (docs/deploy.md says why not a trial).
 *
 * The provider accepts an anchor only if it is in the future and before the subscription's next natural billing date
 * (exactly one month after it starts), and counts months as calendars do, a shorter month ending on its last day
 * (31 January → 28 or 29 February). So the anchor is that date, less a margin that keeps it before the natural date
 * whatever the clocks' drift and however late within the session's 24 hours the buyer pays.
 */

/** How far before the natural billing date the anchor sits. */
export const ANCHOR_MARGIN_S = 10 * 60;

/** `months` calendar months after `timeS` (Unix seconds, UTC), the day clamped to the target month's last day. */
export function addCalendarMonths(timeS: number, months: number): number {
  const start = new Date(timeS * 1000);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  const time = timeS * 1000 - Date.UTC(year, start.getUTCMonth(), start.getUTCDate());
  return Math.floor((Date.UTC(year, month, day) + time) / 1000);
}

/** The billing cycle anchor of a purchase made at `nowS`: its first renewal. */
export function firstRenewalAnchor(nowS: number): number {
  return addCalendarMonths(nowS, 1) - ANCHOR_MARGIN_S;
}
