/** Ids and times the emulator hands out (`core/ids.ts`): one-time codes of six digits; Unix seconds from the clock. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newOtpCode, nowSeconds } from '../../../../../host-harness/src/emulator/core/ids.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('newOtpCode', () => {
  it('always answers six digits, with leading zeros kept', () => {
    const codes = Array.from({ length: 300 }, () => newOtpCode());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
  });
});

describe('nowSeconds', () => {
  it('answers whole seconds since the epoch, rounded down', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T12:00:00.999Z'));
    expect(nowSeconds()).toBe(Date.UTC(2026, 2, 1, 12) / 1000);
  });
});
