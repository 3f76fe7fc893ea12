/**
 * The billing calendar's edges that tests/unit/harness/billing-terms.test.ts does not reach: the anchor itself is
 * period zero, and an interval the provider does not have is refused rather than dated anywhere.
 */
import { describe, expect, it } from 'vitest';
import {
  INTERVALS,
  type Interval,
  periodBoundary,
} from '../../../host-harness/payments/billing/billing-dates.ts';
import { at, iso } from './checkout-fixtures.ts';

describe('periodBoundary', () => {
  it('is the anchor itself at period zero, whatever the interval', () => {
    const anchor = at('2026-01-31T09:00:00Z');
    for (const interval of INTERVALS) expect(periodBoundary(anchor, interval, 3, 0), interval).toBe(anchor);
  });

  it('counts weeks and days as whole days, and periods of several intervals', () => {
    const anchor = at('2026-01-31T09:00:00Z');
    expect(iso(periodBoundary(anchor, 'week', 1, 3))).toBe('2026-02-21T09:00:00.000Z');
    expect(iso(periodBoundary(anchor, 'day', 2, 3))).toBe('2026-02-06T09:00:00.000Z');
    expect(iso(periodBoundary(anchor, 'year', 2, 2))).toBe('2030-01-31T09:00:00.000Z');
    expect(iso(periodBoundary(anchor, 'month', 2, 2))).toBe('2026-05-31T09:00:00.000Z');
  });

  it('refuses an interval the provider does not have', () => {
    expect(() => periodBoundary(0, 'quarter' as Interval, 1, 1)).toThrow('quarter is not a billing interval');
  });
});
