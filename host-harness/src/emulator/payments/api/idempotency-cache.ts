import { createHash } from 'node:crypto';

/** A saved answer of a `POST` made with an `Idempotency-Key`. */
export interface SavedAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** The provider keeps keys for 24 hours. */
const LIFETIME_MS = 24 * 60 * 60 * 1000;
const CAPACITY = 10_000;

/** What makes two requests "the same request": the path and the exact body. */
export function fingerprintOf(path: string, body: string): string {
  return createHash('sha256').update(path).update('\n').update(body).digest('hex');
}

/**
 * The first answer to each idempotency key (per API key), so that a retried `POST` gets it again instead of creating
 * a second object. Kept in memory: a retry comes within seconds, and a restart of the harness forgets it.
 */
export class IdempotencyCache {
  private readonly entries = new Map<string, SavedAnswer & { expires: number }>();

  get(key: string): SavedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, answer: SavedAnswer): void {
    // Map keeps insertion order, so the first key is the oldest.
    if (this.entries.size >= CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { ...answer, expires: Date.now() + LIFETIME_MS });
  }

  clear(): void {
    this.entries.clear();
  }
}
