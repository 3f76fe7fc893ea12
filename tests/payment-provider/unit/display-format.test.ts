/**
 * How the payment double's hosted page writes money, dates and billing periods for a UK buyer: pounds with the symbol
 * and a thousands separator, other currencies as a UK reader sees them, a code Intl cannot take written as given; dates
 * and times on the UK's calendar day and clock, not UTC's.
 */
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatTime,
  periodLabel,
} from '../../../host-harness/payments/pay-page/display-format.ts';
import {
  MONTHLY_PENCE,
  MONTHLY_TEXT,
  SETUP_AND_MONTH_PENCE,
  SETUP_AND_MONTH_TEXT,
} from '../../support/spec-figures.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('formatAmount', () => {
  it('writes pence as pounds with the symbol, two decimals and a thousands separator', () => {
    expect(formatAmount(MONTHLY_PENCE, 'gbp')).toBe(MONTHLY_TEXT);
    expect(formatAmount(SETUP_AND_MONTH_PENCE, 'gbp')).toBe(SETUP_AND_MONTH_TEXT);
    expect(formatAmount(104_800, 'GBP')).toBe('£1,048.00');
    expect(formatAmount(5, 'gbp')).toBe('£0.05');
  });

  it('writes another currency as a UK reader sees it (dollars are US$)', () => {
    expect(formatAmount(1_000, 'usd')).toBe('US$10.00');
    expect(formatAmount(250_050, 'eur')).toBe('€2,500.50');
  });

  it('writes a code Intl cannot take by the code, upper-cased, and the amount with two decimals', () => {
    expect(formatAmount(1_050, 'euro')).toBe('EURO 10.50');
    expect(formatAmount(7, 'x1')).toBe('X1 0.07');
  });
});

describe('formatDate and formatTime', () => {
  it('write the UK calendar day in words: late evening UTC in summer is already the next day in London', () => {
    expect(formatDate(at('2026-07-01T23:30:00Z'))).toBe('2 July 2026');
    expect(formatDate(at('2026-01-05T23:30:00Z'))).toBe('5 January 2026');
    expect(formatDate(at('2026-03-02T00:00:00Z'))).toBe('2 March 2026');
  });

  it('write the UK wall-clock time with two-digit hours and minutes', () => {
    expect(formatTime(at('2026-07-01T23:05:00Z'))).toBe('00:05');
    expect(formatTime(at('2026-01-05T09:42:00Z'))).toBe('09:42');
  });
});

describe('periodLabel', () => {
  it('says "per" for one interval and "every" with the plural for more', () => {
    expect(periodLabel('month', 1)).toBe('per month');
    expect(periodLabel('week', 1)).toBe('per week');
    expect(periodLabel('month', 3)).toBe('every 3 months');
    expect(periodLabel('year', 2)).toBe('every 2 years');
  });
});
