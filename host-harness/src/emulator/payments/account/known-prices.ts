/** A price as the double knows it: inline `price_data`, or one of the price ids below. */
export interface PriceInfo {
  id: string;
  product_name: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } | null;
}

/**
 * Price ids the double knows, as if created in the provider's dashboard: a function configured with
 * `STRIPE_PRICE_SETUP=price_harness_gold_setup` and `STRIPE_PRICE_MONTHLY=price_harness_gold_monthly` sells the same
 * package through ids instead of inline prices.
 */
export const KNOWN_PRICES: Record<string, Omit<PriceInfo, 'id'>> = {
  price_harness_gold_setup: {
    product_name: 'Gold package: one-time setup',
    unit_amount: 79_900,
    currency: 'gbp',
    recurring: null,
  },
  price_harness_gold_monthly: {
    product_name: 'Gold package: monthly',
    unit_amount: 19_900,
    currency: 'gbp',
    recurring: { interval: 'month', interval_count: 1 },
  },
};
