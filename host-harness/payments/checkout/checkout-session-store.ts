/** The checkout sessions as stored, with what followed each (table `orders`, its first name, kept for old data). */
import type { SubscriptionDataInput } from '../billing/billing-terms.ts';
import { emptyLedger, type SubscriptionLedger } from '../billing/subscription-ledger.ts';
import type { Db, Tables } from '../server/database.ts';
import { nowIso } from '../server/ids.ts';
import type { CheckoutSession, SessionLineItem } from './checkout-session.ts';

export const CHECKOUT_SESSION_TABLES: Tables = {
  names: ['orders'],
  schema: `
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  data TEXT NOT NULL,
  created_seq INTEGER NOT NULL
);
`,
};

/** A session and its line items, and the ledger of the subscription it started (empty until it is completed). */
export interface CheckoutRecord extends SubscriptionLedger {
  app_id: string;
  session: CheckoutSession;
  line_items: SessionLineItem[];
  /** The session's `subscription_data`: the subscription it creates is billed by it. */
  subscription_data: SubscriptionDataInput | null;
  /** The buyer pressed Cancel on the hosted page (the double then expired the session). */
  cancelled: boolean;
  /** The API version the session was created with (`Stripe-Version`, else the account's default). */
  api_version: string;
  created_date: string;
  updated_date: string;
}

export type NewCheckoutRecord = Pick<
  CheckoutRecord,
  'app_id' | 'session' | 'line_items' | 'subscription_data' | 'api_version'
>;

/** A stored record; one written before a field existed reads with its empty value. */
const fromRow = (row: { data: string } | undefined): CheckoutRecord | undefined => {
  const record = row && (JSON.parse(row.data) as CheckoutRecord);
  return record && { ...emptyLedger(), ...record, subscription_data: record.subscription_data ?? null };
};

export class CheckoutSessionStore {
  private readonly stmts;
  private seq = 0;
  constructor(private readonly db: Db) {
    this.stmts = {
      insert: db.prepare('INSERT INTO orders (id, app_id, data, created_seq) VALUES (?, ?, ?, ?)'),
      get: db.prepare('SELECT data FROM orders WHERE id = ?'),
      bySubscription: db.prepare("SELECT data FROM orders WHERE json_extract(data, '$.subscription.id') = ?"),
      put: db.prepare('UPDATE orders SET data = ? WHERE id = ?'),
      list: db.prepare('SELECT data FROM orders ORDER BY created_seq'),
    };
    this.seq = (db.prepare('SELECT COALESCE(MAX(created_seq), 0) AS n FROM orders').get() as { n: number }).n;
  }
  create(input: NewCheckoutRecord): CheckoutRecord {
    const now = nowIso();
    const record = { ...emptyLedger(), ...input, cancelled: false, created_date: now, updated_date: now };
    this.stmts.insert.run(record.session.id, record.app_id, JSON.stringify(record), ++this.seq);
    return record;
  }
  get(id: string): CheckoutRecord | undefined {
    return fromRow(this.stmts.get.get(id) as { data: string } | undefined);
  }
  /** The session whose subscription this is. */
  bySubscription(subscriptionId: string): CheckoutRecord | undefined {
    return fromRow(this.stmts.bySubscription.get(subscriptionId) as { data: string } | undefined);
  }
  /** Reads, changes and writes one session in one transaction, so that two presses of Pay cannot both find it open. */
  update(id: string, change: (record: CheckoutRecord) => CheckoutRecord | null): CheckoutRecord | undefined {
    return this.db.transaction(() => {
      const record = this.get(id);
      const next = record && change(record);
      if (!next) return record;
      const stored = { ...next, updated_date: nowIso() };
      this.stmts.put.run(JSON.stringify(stored), id);
      return stored;
    })();
  }
  /** Every session, in creation order. */
  all(): CheckoutRecord[] {
    return (this.stmts.list.all() as { data: string }[]).map((row) => fromRow(row)!);
  }
  resetSequence(): void {
    this.seq = 0;
  }
}
