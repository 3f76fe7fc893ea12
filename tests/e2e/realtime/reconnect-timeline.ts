/**
 * Reads reconnection delays out of the fixture's timestamped observations: each connection attempt opens a new
 * WebSocket, and its delay is the time since the failure that caused it (a disconnect or a refused handshake, both
 * reported to the client's error listeners at the moment it schedules the retry).
 */
import type { Observation } from '../fixtures/realtime-fixture.ts';

/** One reconnection attempt: its delay and the failure it answered. */
export interface ReconnectAttempt {
  delayMs: number;
  after: string;
}

/**
 * The attempts made after `since` (ms), in order; attempts with no failure before them (the first connect) are skipped.
 */
export function reconnectAttempts(observations: readonly Observation[], since: number): ReconnectAttempt[] {
  const attempts: ReconnectAttempt[] = [];
  let lastFailure: Observation | null = null;
  for (const observation of observations) {
    if (observation.at < since) continue;
    if (observation.kind === 'error') lastFailure = observation;
    if (observation.kind === 'websocket' && lastFailure) {
      attempts.push({ delayMs: observation.at - lastFailure.at, after: lastFailure.detail });
      lastFailure = null;
    }
  }
  return attempts;
}

/** The socket options of the contract (docs/security.md, "Realtime"), from which each attempt's window follows. */
export const BACKOFF = { delay: 1000, delayMax: 5000, randomization: 0.5 } as const;

/**
 * The window of attempt `n` (0-based) of one outage: `delay * 2^n`, jittered by ±50 %, capped at `delayMax`.
 * Attempt 0 may come as early as 500 ms (1000 ms - 50 %); no attempt may wait longer than 5000 ms.
 */
export function attemptWindow(n: number): { min: number; max: number } {
  const base = BACKOFF.delay * 2 ** n;
  return {
    min: Math.min(base * (1 - BACKOFF.randomization), BACKOFF.delayMax),
    max: Math.min(base * (1 + BACKOFF.randomization), BACKOFF.delayMax),
  };
}
