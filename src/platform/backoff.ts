import { MAX_BACKOFF_EXPONENT, SOCKET_OPTIONS } from './constants.ts';

/**
 * Delay before reconnection attempt `attempt` (0-based), with socket.io's backoff: `reconnectionDelay * 2^attempt`,
 * jittered by ±`randomizationFactor`, capped at `reconnectionDelayMax`. The exponent is capped, so the delay never
 * becomes `NaN`/0 however many attempts have failed (docs/security.md, "Realtime").
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const { reconnectionDelay, reconnectionDelayMax, randomizationFactor } = SOCKET_OPTIONS;
  const base = reconnectionDelay * 2 ** Math.min(Math.max(attempt, 0), MAX_BACKOFF_EXPONENT);
  const jittered = base * (1 + randomizationFactor * (random() * 2 - 1));
  return Math.round(Math.min(jittered, reconnectionDelayMax));
}

/** The private backoff counter of a socket.io `Manager`. */
interface ManagerBackoff {
  attempts: number;
  duration(): number;
}

/**
 * Keeps a socket.io `Manager`'s own backoff from collapsing to 0 ms: its counter grows without bound under
 * `reconnectionAttempts: Infinity`, and after ~1024 failures `2^attempts` is `Infinity` and the jittered delay
 * `NaN | 0 === 0`, a reconnect storm. Capping the counter before each computation keeps every delay in range.
 */
export function guardManagerBackoff(manager: object): void {
  const backoff = (manager as { backoff?: ManagerBackoff }).backoff;
  if (!backoff || typeof backoff.duration !== 'function') return;
  const duration = backoff.duration.bind(backoff);
  backoff.duration = () => {
    backoff.attempts = Math.min(backoff.attempts, MAX_BACKOFF_EXPONENT);
    return duration();
  };
}
