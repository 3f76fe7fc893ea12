/** How the double writes amounts, dates and billing periods for people (its hosted page, the control API). */
import type { Interval } from '../billing/billing-dates.ts';

const SYMBOLS: Record<string, string> = { gbp: '£', usd: '$', eur: '€' };

/** Formats minor units for people: 79900 gbp → £799.00 (other currencies: `79900 sek` → SEK 799.00). */
export function formatAmount(minor: number, currency: string): string {
  const major = (minor / 100).toFixed(2);
  const symbol = SYMBOLS[currency];
  return symbol ? `${symbol}${major}` : `${currency.toUpperCase()} ${major}`;
}

// The agency and its buyers are in the UK: dates as a UK reader writes them, on the UK's calendar day.
const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** A Unix time as a UK date: 1772409600 → "2 March 2026". */
export function formatDate(timeS: number): string {
  return DATE.format(new Date(timeS * 1000));
}

/** "per month", "every 3 months". */
export function periodLabel(interval: Interval, count: number): string {
  return count === 1 ? `per ${interval}` : `every ${count} ${interval}s`;
}
