/** When the double sends an undelivered event again (any answer that is not a 2xx, or none): RULES.md, `retry-non-2xx`. */
export interface RetrySchedule {
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

/** Live mode's three days of exponential backoff, compressed. */
export const DEFAULT_RETRY_SCHEDULE: RetrySchedule = {
  firstDelayMs: 1_000,
  maxDelayMs: 60_000,
  maxAttempts: 20,
};
/** The sandbox's: the first attempt and three retries. */
export const TEST_MODE_RETRY_SCHEDULE: RetrySchedule = {
  firstDelayMs: 2_000,
  maxDelayMs: 8_000,
  maxAttempts: 4,
};

/** `HARNESS_WEBHOOK_RETRY_MODE`: `live` (the default) or `test`, the base the other variables change. */
export const RETRY_MODE_ENV = 'HARNESS_WEBHOOK_RETRY_MODE';
export const RETRY_ENV = {
  firstDelayMs: 'HARNESS_WEBHOOK_RETRY_MS',
  maxDelayMs: 'HARNESS_WEBHOOK_RETRY_MAX_MS',
  maxAttempts: 'HARNESS_WEBHOOK_ATTEMPTS',
} as const;

const LIMITS: Record<keyof RetrySchedule, [number, number]> = {
  firstDelayMs: [10, 3_600_000],
  maxDelayMs: [10, 86_400_000],
  maxAttempts: [1, 1_000],
};

/** The delay before attempt number `failed + 1`, after `failed` failed attempts (at least 1). */
export function retryDelayMs(schedule: RetrySchedule, failed: number): number {
  const doubled = schedule.firstDelayMs * 2 ** Math.max(0, Math.min(failed - 1, 30));
  return Math.min(doubled, Math.max(schedule.maxDelayMs, schedule.firstDelayMs));
}

/** A schedule from the environment, over the defaults; a malformed value is an error naming the variable. */
export function retryScheduleFromEnv(env: NodeJS.ProcessEnv): RetrySchedule {
  const mode = env[RETRY_MODE_ENV];
  if (mode !== undefined && mode !== '' && mode !== 'live' && mode !== 'test')
    throw new Error(`${RETRY_MODE_ENV} must be live or test, got ${mode}`);
  const schedule = { ...(mode === 'test' ? TEST_MODE_RETRY_SCHEDULE : DEFAULT_RETRY_SCHEDULE) };
  for (const key of Object.keys(RETRY_ENV) as (keyof RetrySchedule)[]) {
    const raw = env[RETRY_ENV[key]];
    if (raw === undefined || raw === '') continue;
    const [min, max] = LIMITS[key];
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`${RETRY_ENV[key]} must be a whole number from ${min} to ${max}, got ${raw}`);
    schedule[key] = value;
  }
  return schedule;
}
