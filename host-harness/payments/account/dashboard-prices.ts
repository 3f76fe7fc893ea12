/**
 * Prices created in the provider's dashboard, which a session may name by id (`line_items[][price]`) instead
 * of `price_data`.
 */

import { SettingsError } from './account-settings.ts';

/** A price as the double knows it: one of the dashboard's, or inline `price_data` (`id` `price_inline`). */
export interface PriceInfo {
  id: string;
  product_name: string;
  unit_amount: number;
  currency: string;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } | null;
}

export type DashboardPrice = Omit<PriceInfo, 'id'>;

export class DashboardPrices {
  private readonly prices = new Map<string, DashboardPrice>();
  constructor(seed: Readonly<Record<string, DashboardPrice>> = {}) {
    for (const [id, price] of Object.entries(seed)) this.prices.set(id, structuredClone(price));
  }
  get(id: string): PriceInfo | undefined {
    const price = this.prices.get(id);
    return price ? { id, ...structuredClone(price) } : undefined;
  }
  all(): PriceInfo[] {
    return [...this.prices.keys()].map((id) => this.get(id)!);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The dashboard's prices from the control API's `prices` (`{ "<id>": { product_name, unit_amount, currency,
 * recurring } }`), replacing them all; throws a `SettingsError` naming what is wrong.
 */
export function dashboardPricesOf(value: unknown): Record<string, DashboardPrice> {
  if (!isObject(value)) throw new SettingsError('prices must be an object of prices by id');
  return Object.fromEntries(
    Object.entries(value).map(([id, price]) => {
      const at = `prices.${id.slice(0, 60)}`;
      const recurring = isObject(price) ? price.recurring : undefined;
      if (
        !/^price_[A-Za-z0-9_]{1,60}$/.test(id) ||
        !isObject(price) ||
        typeof price.product_name !== 'string' ||
        price.product_name.length > 250 ||
        !Number.isInteger(price.unit_amount) ||
        (price.unit_amount as number) < 0 ||
        typeof price.currency !== 'string' ||
        !/^[a-z]{3}$/.test(price.currency) ||
        !(
          recurring === null ||
          (isObject(recurring) &&
            ['day', 'week', 'month', 'year'].includes(recurring.interval as string) &&
            Number.isInteger(recurring.interval_count) &&
            (recurring.interval_count as number) >= 1)
        )
      )
        throw new SettingsError(
          `${at} must be { product_name, unit_amount (minor units), currency (3 lower-case letters), recurring: null or { interval, interval_count } } under an id price_…`,
        );
      return [id, structuredClone(price) as unknown as DashboardPrice];
    }),
  );
}
