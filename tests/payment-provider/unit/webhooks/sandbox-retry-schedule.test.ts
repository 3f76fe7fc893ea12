/**
 * The sandbox's retry schedule as the environment picks it, named by the variable's literal name: the first attempt
 * and three retries, two seconds first, at most eight seconds apart.
 */
import { describe, expect, it } from 'vitest';
import { retryScheduleFromEnv } from '../../../../host-harness/payments/webhooks/retry-schedule.ts';

describe('retryScheduleFromEnv, the sandbox mode', () => {
  it('HARNESS_WEBHOOK_RETRY_MODE=test gives the sandbox schedule', () => {
    expect(retryScheduleFromEnv({ HARNESS_WEBHOOK_RETRY_MODE: 'test' })).toStrictEqual({
      firstDelayMs: 2_000,
      maxDelayMs: 8_000,
      maxAttempts: 4,
    });
  });

  it('HARNESS_WEBHOOK_RETRY_MODE=live, or nothing, gives the live schedule', () => {
    const live = { firstDelayMs: 1_000, maxDelayMs: 60_000, maxAttempts: 20 };
    expect(retryScheduleFromEnv({ HARNESS_WEBHOOK_RETRY_MODE: 'live' })).toStrictEqual(live);
    expect(retryScheduleFromEnv({})).toStrictEqual(live);
  });

  it('a malformed HARNESS_WEBHOOK_RETRY_MODE is an error naming the variable', () => {
    expect(() => retryScheduleFromEnv({ HARNESS_WEBHOOK_RETRY_MODE: 'sandbox' })).toThrow(
      'HARNESS_WEBHOOK_RETRY_MODE must be live or test, got sandbox',
    );
  });

  it('the sandbox schedule under a changed first delay keeps its own longest delay and attempts', () => {
    expect(
      retryScheduleFromEnv({ HARNESS_WEBHOOK_RETRY_MODE: 'test', HARNESS_WEBHOOK_RETRY_MS: '500' }),
    ).toStrictEqual({ firstDelayMs: 500, maxDelayMs: 8_000, maxAttempts: 4 });
  });
});
