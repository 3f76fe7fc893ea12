/**
 * When the payment double sends an undelivered event again: the first retry after the first delay, each next one twice
 * as late up to the longest delay; and the schedule read from the environment, each value a whole number within its
 * bounds or an error naming the variable.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_SCHEDULE,
  RETRY_ENV,
  RETRY_MODE_ENV,
  retryDelayMs,
  retryScheduleFromEnv,
  TEST_MODE_RETRY_SCHEDULE,
} from '../../../../host-harness/payments/webhooks/retry-schedule.ts';

describe('retryDelayMs', () => {
  const schedule = { firstDelayMs: 1_000, maxDelayMs: 60_000, maxAttempts: 20 };

  it('the first delay after one failure, doubling after each next, up to the longest', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((failed) => retryDelayMs(schedule, failed))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
  });

  it('never less than the first delay, even before any failure or with a smaller longest delay', () => {
    expect(retryDelayMs(schedule, 0)).toBe(1_000);
    expect(retryDelayMs(schedule, -3)).toBe(1_000);
    expect(retryDelayMs({ ...schedule, maxDelayMs: 500 }, 5)).toBe(1_000);
  });

  it('stops doubling after thirty doublings', () => {
    const unbounded = { firstDelayMs: 10, maxDelayMs: Number.MAX_SAFE_INTEGER, maxAttempts: 1_000 };
    expect(retryDelayMs(unbounded, 31)).toBe(10 * 2 ** 30);
    expect(retryDelayMs(unbounded, 500)).toBe(10 * 2 ** 30);
  });
});

describe('retryScheduleFromEnv', () => {
  it('the defaults when nothing is set, or set empty', () => {
    expect(DEFAULT_RETRY_SCHEDULE).toStrictEqual({
      firstDelayMs: 1_000,
      maxDelayMs: 60_000,
      maxAttempts: 20,
    });
    expect(retryScheduleFromEnv({})).toStrictEqual(DEFAULT_RETRY_SCHEDULE);
    expect(
      retryScheduleFromEnv({
        HARNESS_WEBHOOK_RETRY_MS: '',
        HARNESS_WEBHOOK_RETRY_MAX_MS: '',
        HARNESS_WEBHOOK_ATTEMPTS: '',
      }),
    ).toStrictEqual(DEFAULT_RETRY_SCHEDULE);
  });

  it('reads each variable over the defaults, and leaves the defaults alone', () => {
    expect(RETRY_ENV).toStrictEqual({
      firstDelayMs: 'HARNESS_WEBHOOK_RETRY_MS',
      maxDelayMs: 'HARNESS_WEBHOOK_RETRY_MAX_MS',
      maxAttempts: 'HARNESS_WEBHOOK_ATTEMPTS',
    });
    expect(retryScheduleFromEnv({ HARNESS_WEBHOOK_RETRY_MS: '50' })).toStrictEqual({
      ...DEFAULT_RETRY_SCHEDULE,
      firstDelayMs: 50,
    });
    expect(
      retryScheduleFromEnv({
        HARNESS_WEBHOOK_RETRY_MS: '10',
        HARNESS_WEBHOOK_RETRY_MAX_MS: '86400000',
        HARNESS_WEBHOOK_ATTEMPTS: '1000',
      }),
    ).toStrictEqual({ firstDelayMs: 10, maxDelayMs: 86_400_000, maxAttempts: 1_000 });
    expect(
      retryScheduleFromEnv({
        HARNESS_WEBHOOK_RETRY_MS: '3600000',
        HARNESS_WEBHOOK_RETRY_MAX_MS: '10',
        HARNESS_WEBHOOK_ATTEMPTS: '1',
      }),
    ).toStrictEqual({ firstDelayMs: 3_600_000, maxDelayMs: 10, maxAttempts: 1 });
    expect(DEFAULT_RETRY_SCHEDULE).toStrictEqual({
      firstDelayMs: 1_000,
      maxDelayMs: 60_000,
      maxAttempts: 20,
    });
  });

  it('refuses a value outside its bounds or not a whole number, naming the variable and the bounds', () => {
    const cases: [string, string, string][] = [
      ['HARNESS_WEBHOOK_RETRY_MS', '9', '10 to 3600000'],
      ['HARNESS_WEBHOOK_RETRY_MS', '3600001', '10 to 3600000'],
      ['HARNESS_WEBHOOK_RETRY_MAX_MS', '9', '10 to 86400000'],
      ['HARNESS_WEBHOOK_RETRY_MAX_MS', '86400001', '10 to 86400000'],
      ['HARNESS_WEBHOOK_ATTEMPTS', '0', '1 to 1000'],
      ['HARNESS_WEBHOOK_ATTEMPTS', '1001', '1 to 1000'],
      ['HARNESS_WEBHOOK_ATTEMPTS', '2.5', '1 to 1000'],
      ['HARNESS_WEBHOOK_ATTEMPTS', 'ten', '1 to 1000'],
    ];
    for (const [name, value, bounds] of cases) {
      expect(() => retryScheduleFromEnv({ [name]: value }), `${name}=${value}`).toThrow(
        new Error(`${name} must be a whole number from ${bounds}, got ${value}`),
      );
    }
  });

  it("takes the sandbox's shape in test mode (the first attempt and three retries), live mode's otherwise", () => {
    expect(RETRY_MODE_ENV).toBe('HARNESS_WEBHOOK_RETRY_MODE');
    expect(retryScheduleFromEnv({ HARNESS_WEBHOOK_RETRY_MODE: 'test' })).toStrictEqual({
      firstDelayMs: 2_000,
      maxDelayMs: 8_000,
      maxAttempts: 4,
    });
    expect(TEST_MODE_RETRY_SCHEDULE).toStrictEqual({
      firstDelayMs: 2_000,
      maxDelayMs: 8_000,
      maxAttempts: 4,
    });
    expect(retryScheduleFromEnv({ HARNESS_WEBHOOK_RETRY_MODE: 'live' })).toStrictEqual(
      DEFAULT_RETRY_SCHEDULE,
    );
    expect(retryScheduleFromEnv({ HARNESS_WEBHOOK_RETRY_MODE: '' })).toStrictEqual(DEFAULT_RETRY_SCHEDULE);
  });

  it('changes the test-mode base with the other variables, and leaves the base alone', () => {
    expect(
      retryScheduleFromEnv({ HARNESS_WEBHOOK_RETRY_MODE: 'test', HARNESS_WEBHOOK_ATTEMPTS: '2' }),
    ).toStrictEqual({ firstDelayMs: 2_000, maxDelayMs: 8_000, maxAttempts: 2 });
    expect(TEST_MODE_RETRY_SCHEDULE.maxAttempts).toBe(4);
  });

  it('refuses another mode, naming the variable', () => {
    for (const mode of ['sandbox', 'LIVE', ' test']) {
      expect(() => retryScheduleFromEnv({ HARNESS_WEBHOOK_RETRY_MODE: mode }), mode).toThrow(
        new Error(`HARNESS_WEBHOOK_RETRY_MODE must be live or test, got ${mode}`),
      );
    }
  });
});
