/** Polling with a deadline: Puppeteer has no web-first assertions, so each check retries until it holds. */
import { limits } from './constants.ts';

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Reads `probe` every 100 ms until `holds` accepts its value; otherwise fails naming `what` and the last value seen.
 * A probe that throws (e.g. during a navigation) counts as not yet.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  holds: (value: T) => boolean,
  timeout: number = limits.expectMs,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: string = '(nothing read yet)';
  for (;;) {
    try {
      const value = await probe();
      if (holds(value)) return value;
      last = JSON.stringify(value);
    } catch (error) {
      last = `error: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeout} ms (last seen: ${last})`);
    await sleep(100);
  }
}

/** Fails with `message` unless `condition` holds (for facts that are already settled). */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
