import { nowIso } from '../ids.ts';
import type { CheckoutSession, SessionLineItem } from '../payments/checkout-session.ts';
import { formatAmount } from '../payments/money.ts';
import type { Db } from './open-database.ts';

/** One delivery attempt of a session's webhook event. */
export interface WebhookAttempt {
  date: string;
  /** The HTTP status the webhook endpoint answered; null when it could not be reached. */
  status: number | null;
  ok: boolean;
  error?: string;
}

/** The `checkout.session.completed` event of a paid session, kept so that it can be delivered again unchanged. */
export interface WebhookRecord {
  event_id: string;
  payload: string;
  attempts: WebhookAttempt[];
}

/** A checkout session of the payment-provider double, as stored. */
export interface CheckoutRecord {
  app_id: string;
  session: CheckoutSession;
  line_items: SessionLineItem[];
  /** The buyer pressed Cancel on the hosted page. */
  cancelled: boolean;
  /** The `Stripe-Version` the session was created with (the event is built for it). */
  api_version: string | null;
  webhook: WebhookRecord | null;
  created_date: string;
  updated_date: string;
}

export type OrderStatus = 'open' | 'paid' | 'cancelled' | 'expired';

/** One row of `GET /__harness/orders`. */
export interface OrderSummary {
  id: string;
  package: string | null;
  items: string[];
  setup_amount: number;
  monthly_amount: number;
  amount_total: number;
  currency: string;
  setup_display: string;
  monthly_display: string;
  total_display: string;
  status: OrderStatus;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  webhook: {
    event_id: string;
    delivered: boolean;
    attempts: number;
    last_status: number | null;
    last_error?: string;
  } | null;
  created_date: string;
  updated_date: string;
}

/** open, paid, cancelled (the buyer pressed Cancel) or expired. */
export function orderStatus(record: CheckoutRecord): OrderStatus {
  if (record.session.payment_status === 'paid') return 'paid';
  if (record.cancelled) return 'cancelled';
  return record.session.status === 'expired' ? 'expired' : 'open';
}

function summarize(record: CheckoutRecord): OrderSummary {
  const { session } = record;
  const sum = (recurring: boolean) =>
    record.line_items
      .filter((item) => (item.price.type === 'recurring') === recurring)
      .reduce((total, item) => total + item.amount_total, 0);
  const setup = sum(false);
  const monthly = sum(true);
  const last = record.webhook?.attempts.at(-1);
  return {
    id: session.id,
    package: session.metadata.package ?? null,
    items: record.line_items.map((item) => item.description),
    setup_amount: setup,
    monthly_amount: monthly,
    amount_total: session.amount_total,
    currency: session.currency,
    setup_display: formatAmount(setup, session.currency),
    monthly_display: formatAmount(monthly, session.currency),
    total_display: formatAmount(session.amount_total, session.currency),
    status: orderStatus(record),
    customer_email: session.customer_details?.email ?? session.customer_email,
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    webhook: record.webhook
      ? {
          event_id: record.webhook.event_id,
          delivered: record.webhook.attempts.some((a) => a.ok),
          attempts: record.webhook.attempts.length,
          last_status: last?.status ?? null,
          ...(last?.error ? { last_error: last.error } : {}),
        }
      : null,
    created_date: record.created_date,
    updated_date: record.updated_date,
  };
}

/** The payment-provider double's checkout sessions (table `orders`), in creation order. */
export class OrderStore {
  private readonly stmts;
  private seq = 0;

  constructor(private readonly db: Db) {
    this.stmts = {
      insert: db.prepare('INSERT INTO orders (id, app_id, data, created_seq) VALUES (?, ?, ?, ?)'),
      get: db.prepare('SELECT data FROM orders WHERE id = ?'),
      put: db.prepare('UPDATE orders SET data = ? WHERE id = ?'),
      list: db.prepare('SELECT data FROM orders ORDER BY created_seq'),
      maxSeq: db.prepare('SELECT COALESCE(MAX(created_seq), 0) AS n FROM orders'),
    };
    this.seq = (this.stmts.maxSeq.get() as { n: number }).n;
  }

  create(input: Omit<CheckoutRecord, 'created_date' | 'updated_date'>): CheckoutRecord {
    const now = nowIso();
    const record: CheckoutRecord = { ...input, created_date: now, updated_date: now };
    this.stmts.insert.run(record.session.id, record.app_id, JSON.stringify(record), ++this.seq);
    return record;
  }

  get(id: string): CheckoutRecord | undefined {
    const row = this.stmts.get.get(id) as { data: string } | undefined;
    return row ? (JSON.parse(row.data) as CheckoutRecord) : undefined;
  }

  /**
   * Reads, changes and writes one session in a single transaction, so that two presses of Pay cannot both find it
   * open. `change` returns the new record, or null to leave it as it is.
   */
  update(id: string, change: (record: CheckoutRecord) => CheckoutRecord | null): CheckoutRecord | undefined {
    return this.db.transaction(() => {
      const record = this.get(id);
      if (!record) return undefined;
      const next = change(record);
      if (!next) return record;
      const stored = { ...next, updated_date: nowIso() };
      this.stmts.put.run(JSON.stringify(stored), id);
      return stored;
    })();
  }

  /** Every session with its package, amounts (minor units and as text), currency, status and webhook deliveries. */
  list(): OrderSummary[] {
    return (this.stmts.list.all() as { data: string }[]).map((row) =>
      summarize(JSON.parse(row.data) as CheckoutRecord),
    );
  }

  resetSequence(): void {
    this.seq = 0;
  }
}
