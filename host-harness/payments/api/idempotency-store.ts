/**
 * The provider's idempotent requests (docs.stripe.com/api/idempotent_requests, RULES.md `idempotency-*`): answers
 * saved under their key in the database, so that a retry after a restart gets the first answer too.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Db, Tables } from '../server/database.ts';
import { invalidRequest, ProviderError } from './provider-error.ts';

export const IDEMPOTENCY_TABLES: Tables = {
  names: ['provider_idempotency'],
  schema: `
CREATE TABLE IF NOT EXISTS provider_idempotency (
  key TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  status INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
`,
};

export const MAX_KEY_LENGTH = 255;
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A saved answer of a `POST` made with an `Idempotency-Key`. */
export interface SavedAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** "The same request": the path and the exact body, as a JSON pair so that no path and body run into another's. */
export const fingerprintOf = (path: string, body: string) =>
  createHash('sha256')
    .update(JSON.stringify([path, body]))
    .digest('hex');

/** The request's `Idempotency-Key`, null without one (or empty); a 400 over 255 characters. */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): string | null {
  const key = headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') return null;
  if (key.length > MAX_KEY_LENGTH)
    throw invalidRequest(`Idempotency keys may be at most ${MAX_KEY_LENGTH} characters`);
  return key;
}

/** What a request made with `key` gets when an answer is saved under it: that answer again, or `idempotency_error`. */
export function replayOf(saved: SavedAnswer, fingerprint: string, key: string): SavedAnswer {
  if (saved.fingerprint !== fingerprint)
    throw new ProviderError(
      400,
      'idempotency_error',
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key.slice(0, 100)}' if you meant to execute a different request.`,
    );
  return saved;
}

export class IdempotencyStore {
  private readonly stmts;
  constructor(db: Db) {
    this.stmts = {
      get: db.prepare('SELECT fingerprint, status, body FROM provider_idempotency WHERE key = ?'),
      put: db.prepare(
        'INSERT OR REPLACE INTO provider_idempotency (key, fingerprint, status, body, created_ms) VALUES (?, ?, ?, ?, ?)',
      ),
      prune: db.prepare('DELETE FROM provider_idempotency WHERE created_ms < ?'),
    };
  }
  /** The answer saved under `key` (the API key and the idempotency key), unless it is older than 24 hours. */
  get(key: string, nowMs = Date.now()): SavedAnswer | undefined {
    this.stmts.prune.run(nowMs - KEY_LIFETIME_MS);
    const row = this.stmts.get.get(key) as { fingerprint: string; status: number; body: string } | undefined;
    return row && { ...row, body: JSON.parse(row.body) };
  }
  set(key: string, answer: SavedAnswer, nowMs = Date.now()): void {
    this.stmts.put.run(key, answer.fingerprint, answer.status, JSON.stringify(answer.body), nowMs);
  }
}
