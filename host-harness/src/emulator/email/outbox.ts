import type { Db, Tables } from '../core/database.ts';
import { newId, nowIso } from '../core/ids.ts';

/** The outbox, in sending order. */
export const OUTBOX_TABLES: Tables = {
  names: ['outbox'],
  schema: `
CREATE TABLE IF NOT EXISTS outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  data TEXT NOT NULL
);
`,
};

export interface OutboxMessage {
  id: string;
  kind: 'email' | 'otp' | 'password_reset' | 'invitation';
  to: string;
  subject: string;
  body: string;
  /** The sender's name a `SendEmail` asked for (the app's name when absent). */
  from_name?: string;
  /** The one-time code or reset token, for tests that complete the flow. */
  code?: string;
  reset_token?: string;
  created_date: string;
}

/** What the platform would have sent (e-mails, one-time codes, reset links); readable through the control API. */
export class Outbox {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      add: db.prepare('INSERT INTO outbox (data) VALUES (?)'),
      list: db.prepare('SELECT data FROM outbox ORDER BY seq'),
    };
  }

  add(message: Omit<OutboxMessage, 'id' | 'created_date'>): OutboxMessage {
    const stored: OutboxMessage = { id: newId(), ...message, created_date: nowIso() };
    this.stmts.add.run(JSON.stringify(stored));
    return stored;
  }

  list(): OutboxMessage[] {
    return (this.stmts.list.all() as { data: string }[]).map((row) => JSON.parse(row.data) as OutboxMessage);
  }
}
