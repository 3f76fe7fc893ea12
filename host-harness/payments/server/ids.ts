import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The random tail of the provider's ids (`cs_test_…`, `evt_…`). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

let lastMs = 0;

/** Now as ISO 8601, never before the previous call: stored rows keep their order if the wall clock steps back. */
export function nowIso(): string {
  lastMs = Math.max(Date.now(), lastMs);
  return new Date(lastMs).toISOString();
}
