import { randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A record id shaped like the platform's (24 lowercase hex characters). */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** An opaque bearer token (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** A six-digit one-time code. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

let lastMs = 0;

/**
 * The current time as ISO 8601, never earlier than the previous call: records are kept in insertion order, and the
 * default `-created_date` sort relies on that order agreeing with `created_date` even if the wall clock steps back.
 */
export function nowIso(): string {
  lastMs = Math.max(Date.now(), lastMs);
  return new Date(lastMs).toISOString();
}

/** The current Unix time in seconds (the payment provider's timestamps). */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
