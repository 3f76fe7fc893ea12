/** How the double writes amounts, dates and billing periods for people (its hosted page, the control API). */
/**
 * Formats minor units as the provider's pages do, with the currency's symbol and a thousands separator:
 * 104800 gbp → £1,048.00. A code Intl cannot take is written as given, upper-cased (`EURO 10.00`).
 */
export function formatAmount(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${currency.toUpperCase()} ${(minor / 100).toFixed(2)}`;
  }
}

// The agency and its buyers are in the UK: dates as a UK reader writes them, on the UK's calendar day.
const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const TIME = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** A Unix time as a UK date: 1772409600 → "2 March 2026". */
export function formatDate(timeS: number): string {
  return DATE.format(new Date(timeS * 1000));
}

/** A Unix time as UK wall-clock time: "09:42". */
export function formatTime(timeS: number): string {
  return TIME.format(new Date(timeS * 1000));
}

/** "per month", "every 3 months" (`interval`: one of the provider's, `Interval`). */
export function periodLabel(interval: string, count: number): string {
  return count === 1 ? `per ${interval}` : `every ${count} ${interval}s`;
}
