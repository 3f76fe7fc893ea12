/**
 * The clock of the app log's tests. Record dates never go back, so each test runs a year later than the one before:
 * `fakeLogClock()`, called once per file at its top, fakes `Date` for each test; `clock.year` is this test's year, and
 * `clock.at('03-01')` sets the time to noon on that day of it.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export function fakeLogClock(): { year: number; at(day: string): void } {
  const clock = {
    year: 2100,
    at(day: string): void {
      vi.setSystemTime(new Date(`${clock.year}-${day}T12:00:00.000Z`));
    },
  };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock.year += 1;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return clock;
}
