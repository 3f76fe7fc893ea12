const SYMBOLS: Record<string, string> = { gbp: '£', usd: '$', eur: '€' };

/** Formats minor units for people: 79900 gbp → £799.00 (other currencies: `79900 sek` → SEK 799.00). */
export function formatAmount(minor: number, currency: string): string {
  const major = (minor / 100).toFixed(2);
  const symbol = SYMBOLS[currency];
  return symbol ? `${symbol}${major}` : `${currency.toUpperCase()} ${major}`;
}
