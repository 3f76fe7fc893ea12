/**
 * Prices created in the provider's dashboard, which a session may name by id (`line_items[][price]`) instead of
 * `price_data`. The double starts with none: the harness's wiring fills them at start-up, as the agency fills its
 * dashboard (docs/deploy.md), and a session naming any other id is refused ("No such price").
 */

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
