/** The provider's events (table `provider_events`), in creation order, each with its delivery attempts and state. */
import type { Db, Tables } from '../server/database.ts';

export const PROVIDER_EVENT_TABLES: Tables = {
  names: ['provider_events'],
  schema: `
CREATE TABLE IF NOT EXISTS provider_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  app_id TEXT NOT NULL,
  session_id TEXT,
  type TEXT NOT NULL,
  created_s INTEGER NOT NULL,
  payload TEXT NOT NULL,
  attempts TEXT NOT NULL,
  attempt_count INTEGER NOT NULL,
  state TEXT NOT NULL,
  next_attempt_ms INTEGER
);
CREATE INDEX IF NOT EXISTS provider_events_by_session ON provider_events (session_id, seq);
`,
};

/** One delivery attempt: the endpoint's status (null: unreachable) and answer, or why it could not be reached. */
export interface DeliveryAttempt {
  date: string;
  status: number | null;
  ok: boolean;
  response?: string;
  error?: string;
  /** Sent by the control API (the dashboard's "Resend"), not by the retry schedule. */
  manual?: true;
  /** A second delivery of an event already sent (the provider may deliver one more than once). */
  duplicate?: true;
}

/** `pending` until a 2xx (`delivered`) or the schedule gives up (`failed`); `not_sent`: the endpoint is not sent its type. */
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'not_sent';

export interface StoredEvent {
  id: string;
  app_id: string;
  /** The checkout session it belongs to (sessions, their subscriptions and invoices). */
  session_id: string | null;
  type: string;
  created_s: number;
  /** The body exactly as delivered. */
  payload: string;
  /** The most recent attempts (at most `MAX_ATTEMPTS_KEPT`); `attempt_count` counts them all. */
  attempts: DeliveryAttempt[];
  attempt_count: number;
  state: DeliveryState;
  /** When the retry schedule sends it next (epoch ms); null when nothing is scheduled. */
  next_attempt_ms: number | null;
}

/** A new event; `sent`: whether the endpoint is sent it (else it is stored `not_sent`). */
export type NewEvent = Pick<
  StoredEvent,
  'id' | 'app_id' | 'session_id' | 'type' | 'created_s' | 'payload'
> & {
  sent: boolean;
};

/** Attempts kept per event: enough to see the pattern, never an unbounded record. */
const MAX_ATTEMPTS_KEPT = 50;

type Row = Omit<StoredEvent, 'attempts'> & { attempts: string };
const fromRow = (row: Row): StoredEvent => ({
  ...row,
  attempts: JSON.parse(row.attempts) as DeliveryAttempt[],
});

export class ProviderEventStore {
  private readonly stmts;
  constructor(private readonly db: Db) {
    this.stmts = {
      insert: db.prepare(
        `INSERT INTO provider_events (id, app_id, session_id, type, created_s, payload, attempts, attempt_count, state, next_attempt_ms)
         VALUES (@id, @app_id, @session_id, @type, @created_s, @payload, '[]', 0, @state, @next_attempt_ms)`,
      ),
      get: db.prepare('SELECT * FROM provider_events WHERE id = ?'),
      bySession: db.prepare('SELECT * FROM provider_events WHERE session_id = ? ORDER BY seq'),
      pending: db.prepare(
        "SELECT id, next_attempt_ms FROM provider_events WHERE state = 'pending' AND next_attempt_ms IS NOT NULL ORDER BY seq",
      ),
      put: db.prepare(
        'UPDATE provider_events SET attempts = ?, attempt_count = ?, state = ?, next_attempt_ms = ? WHERE id = ?',
      ),
    };
  }
  /** Stores new events: those the endpoint is sent as due now (`nowMs`), the others `not_sent`. */
  insert(events: readonly NewEvent[], nowMs: number): void {
    this.db.transaction(() => {
      for (const { sent, ...event } of events)
        this.stmts.insert.run({
          ...event,
          state: sent ? 'pending' : 'not_sent',
          next_attempt_ms: sent ? nowMs : null,
        });
    })();
  }
  get(id: string): StoredEvent | undefined {
    const row = this.stmts.get.get(id) as Row | undefined;
    return row && fromRow(row);
  }
  bySession(sessionId: string): StoredEvent[] {
    return (this.stmts.bySession.all(sessionId) as Row[]).map(fromRow);
  }
  /** Events the retry schedule still has to send, with when. */
  pending(): { id: string; next_attempt_ms: number }[] {
    return this.stmts.pending.all() as { id: string; next_attempt_ms: number }[];
  }
  /** Records an attempt and what follows it: `next` gives the new state and when to try again (null: not scheduled). */
  recordAttempt(
    id: string,
    attempt: DeliveryAttempt,
    next: (event: StoredEvent) => { state: DeliveryState; next_attempt_ms: number | null },
  ): StoredEvent | undefined {
    return this.db.transaction(() => {
      const event = this.get(id);
      if (!event) return undefined;
      const attempts = [...event.attempts, attempt].slice(-MAX_ATTEMPTS_KEPT);
      const { state, next_attempt_ms } = next(event);
      const count = event.attempt_count + 1;
      this.stmts.put.run(JSON.stringify(attempts), count, state, next_attempt_ms, id);
      return { ...event, attempts, attempt_count: count, state, next_attempt_ms };
    })();
  }
}
