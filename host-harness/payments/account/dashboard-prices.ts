/** Prices created in the provider's dashboard, which a session may name by id instead of `price_data`. */
import { isObj, SettingsError } from './account-settings.ts';

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
  private readonly prices: Map<string, DashboardPrice>;
  constructor(seed: Readonly<Record<string, DashboardPrice>> = {}) {
    this.prices = new Map(Object.entries(structuredClone(seed)));
  }
  get(id: string): PriceInfo | undefined {
    const price = this.prices.get(id);
    return price ? { id, ...structuredClone(price) } : undefined;
  }
  all(): PriceInfo[] {
    return [...this.prices.keys()].map((id) => this.get(id)!);
  }
}

const isPrice = (price: unknown): price is DashboardPrice =>
  isObj(price) &&
  typeof price.product_name === 'string' &&
  price.product_name.length <= 250 &&
  Number.isInteger(price.unit_amount) &&
  (price.unit_amount as number) >= 0 &&
  typeof price.currency === 'string' &&
  /^[a-z]{3}$/.test(price.currency) &&
  (price.recurring === null ||
    (isObj(price.recurring) &&
      ['day', 'week', 'month', 'year'].includes(price.recurring.interval as string) &&
      Number.isInteger(price.recurring.interval_count) &&
      (price.recurring.interval_count as number) >= 1));

/** The dashboard's prices from the control API's `prices`, replacing them all; a `SettingsError` names what is wrong. */
export function dashboardPricesOf(value: unknown): Record<string, DashboardPrice> {
  if (!isObj(value)) throw new SettingsError('prices must be an object of prices by id');
  for (const [id, price] of Object.entries(value))
    if (!/^price_[A-Za-z0-9_]{1,60}$/.test(id) || !isPrice(price))
      throw new SettingsError(
        `prices.${id.slice(0, 60)} must be { product_name, unit_amount (minor units), currency (3 lower-case letters), recurring: null or { interval, interval_count } } under an id price_…`,
      );
  return structuredClone(value) as Record<string, DashboardPrice>;
}
