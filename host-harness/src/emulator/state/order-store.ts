import { nowIso, randomAlphanumeric } from '../ids.ts';
import type { Db } from './open-database.ts';

export type OrderStatus = 'open' | 'paid' | 'cancelled';

export interface Order {
  id: string;
  package: string;
  setup_amount: number;
  monthly_amount: number;
  currency: string;
  setup_display: string;
  monthly_display: string;
  status: OrderStatus;
  origin: string;
  user_id: string | null;
  functions_version: string | null;
  created_date: string;
  updated_date: string;
}

/** The packages `createCheckout` sells, amounts in pence. */
export const PACKAGES: Record<string, { name: string; setup: number; monthly: number; currency: string }> = {
  gold: { name: 'Gold', setup: 79_900, monthly: 19_900, currency: 'gbp' },
};

/** Formats pence as pounds: 79900 → £799.00. */
export function formatPounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/** Checkout sessions (`cs_test_` + 32 alphanumerics) and their status. */
export class OrderStore {
  private readonly stmts;
  private seq = 0;

  constructor(db: Db) {
    this.stmts = {
      insert: db.prepare('INSERT INTO orders (id, app_id, data, created_seq) VALUES (?, ?, ?, ?)'),
      get: db.prepare('SELECT data FROM orders WHERE id = ?'),
      put: db.prepare('UPDATE orders SET data = ? WHERE id = ?'),
      list: db.prepare('SELECT data FROM orders ORDER BY created_seq'),
      maxSeq: db.prepare('SELECT COALESCE(MAX(created_seq), 0) AS n FROM orders'),
    };
    this.seq = (this.stmts.maxSeq.get() as { n: number }).n;
  }

  create(input: {
    appId: string;
    packageId: string;
    origin: string;
    userId: string | null;
    functionsVersion: string | null;
  }): Order {
    const pkg = PACKAGES[input.packageId]!;
    const now = nowIso();
    const order: Order = {
      id: `cs_test_${randomAlphanumeric(32)}`,
      package: input.packageId,
      setup_amount: pkg.setup,
      monthly_amount: pkg.monthly,
      currency: pkg.currency,
      setup_display: formatPounds(pkg.setup),
      monthly_display: formatPounds(pkg.monthly),
      status: 'open',
      origin: input.origin,
      user_id: input.userId,
      functions_version: input.functionsVersion,
      created_date: now,
      updated_date: now,
    };
    this.stmts.insert.run(order.id, input.appId, JSON.stringify(order), ++this.seq);
    return order;
  }

  get(id: string): Order | undefined {
    const row = this.stmts.get.get(id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as Order) : undefined;
  }

  setStatus(id: string, status: OrderStatus): Order | undefined {
    const order = this.get(id);
    if (!order) return undefined;
    const next = { ...order, status, updated_date: nowIso() };
    this.stmts.put.run(JSON.stringify(next), id);
    return next;
  }

  list(): Order[] {
    return (this.stmts.list.all() as { data: string }[]).map((row) => JSON.parse(row.data) as Order);
  }

  resetSequence(): void {
    this.seq = 0;
  }
}
