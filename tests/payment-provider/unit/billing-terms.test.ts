/**
 * The payment double's billing rules (the provider's, as documented): calendar months that clamp to a shorter month's
 * last day, what the first invoice charges with an anchor (with and without proration) or a trial, and where the
 * renewals fall afterwards.
 */
import { describe, expect, it } from 'vitest';
import {
  businessDaysAfter,
  isInterval,
  nextNaturalBillingDate,
  periodBoundary,
} from '../../../host-harness/payments/billing/billing-dates.ts';
import {
  chargeTerms,
  type PricedLine,
  renewalAfter,
  type SubscriptionDataInput,
} from '../../../host-harness/payments/billing/billing-terms.ts';
import {
  HALF_MONTH_PENCE,
  MONTHLY_PENCE,
  MONTHLY_TEXT,
  SETUP_AND_MONTH_PENCE,
  SETUP_AND_MONTH_TEXT,
  SETUP_PENCE,
  SETUP_TEXT,
} from '../../support/spec-figures.ts';

const addMonths = (timeS: number, months: number) => periodBoundary(timeS, 'month', 1, months);

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

const SETUP: PricedLine = { unitAmount: SETUP_PENCE, quantity: 1, recurring: null };
const MONTHLY: PricedLine = {
  unitAmount: MONTHLY_PENCE,
  quantity: 1,
  recurring: { interval: 'month', interval_count: 1 },
};
const GOLD = [SETUP, MONTHLY];

function data(fields: Partial<SubscriptionDataInput>): SubscriptionDataInput {
  return {
    billingCycleAnchor: null,
    prorationBehavior: 'create_prorations',
    trialEnd: null,
    trialPeriodDays: null,
    description: null,
    metadata: {},
    ...fields,
  };
}

describe('calendar months', () => {
  it('keeps the day and the time of day when the target month has it', () => {
    expect(iso(addMonths(at('2026-03-15T10:30:00Z'), 1))).toBe('2026-04-15T10:30:00.000Z');
    expect(iso(addMonths(at('2026-11-30T23:59:59Z'), 2))).toBe('2027-01-30T23:59:59.000Z');
  });

  it('clamps 31 January to the last day of February, in common and leap years', () => {
    expect(iso(addMonths(at('2026-01-31T09:00:00Z'), 1))).toBe('2026-02-28T09:00:00.000Z');
    expect(iso(addMonths(at('2028-01-31T09:00:00Z'), 1))).toBe('2028-02-29T09:00:00.000Z');
    expect(iso(addMonths(at('2026-03-31T09:00:00Z'), 1))).toBe('2026-04-30T09:00:00.000Z');
    expect(iso(addMonths(at('2028-02-29T09:00:00Z'), 12))).toBe('2029-02-28T09:00:00.000Z');
  });

  it('counts later renewals from the anchor, so 31 January bills on 28 February, then 31 March, then 30 April', () => {
    const anchor = at('2026-01-31T09:00:00Z');
    const renewals: (string | null)[] = [];
    let end = anchor;
    for (let i = 0; i < 3; i++) {
      end = renewalAfter(anchor, end, 'month', 1);
      renewals.push(iso(end));
    }
    expect(renewals).toEqual([
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
    ]);
  });

  it('makes the next natural billing date one interval on, for days, weeks and years too', () => {
    const start = at('2026-05-15T12:00:00Z');
    expect(iso(nextNaturalBillingDate(start, 'day', 1))).toBe('2026-05-16T12:00:00.000Z');
    expect(iso(nextNaturalBillingDate(start, 'day', 30))).toBe('2026-06-14T12:00:00.000Z');
    expect(iso(nextNaturalBillingDate(start, 'month', 1))).toBe('2026-06-15T12:00:00.000Z');
    expect(iso(nextNaturalBillingDate(start, 'month', 3))).toBe('2026-08-15T12:00:00.000Z');
    expect(iso(nextNaturalBillingDate(start, 'week', 2))).toBe('2026-05-29T12:00:00.000Z');
    expect(iso(nextNaturalBillingDate(start, 'year', 1))).toBe('2027-05-15T12:00:00.000Z');
  });
});

describe('business days', () => {
  it('skips Saturdays and Sundays, keeping the time of day: a Friday plus four is the next Thursday', () => {
    expect(iso(businessDaysAfter(at('2026-11-27T10:00:00Z'), 4))).toBe('2026-12-03T10:00:00.000Z');
    expect(iso(businessDaysAfter(at('2026-11-27T10:00:00Z'), 7))).toBe('2026-12-08T10:00:00.000Z');
  });

  it('starts a weekend purchase on the Monday: Saturday plus one is Monday', () => {
    expect(iso(businessDaysAfter(at('2026-11-28T10:00:00Z'), 1))).toBe('2026-11-30T10:00:00.000Z');
  });
});

it('knows the provider’s four intervals, and only those', () => {
  for (const interval of ['day', 'week', 'month', 'year']) expect(isInterval(interval), interval).toBe(true);
  for (const other of ['days', 'Month', 'quarter', '']) expect(isInterval(other), other).toBe(false);
});

describe('what the first invoice charges', () => {
  const start = at('2026-01-31T10:00:00Z');

  it(`without an anchor or a trial: the setup and the first month, ${SETUP_AND_MONTH_TEXT}, and the first renewal a month on`, () => {
    const terms = chargeTerms(GOLD, null, start);
    expect(terms.dueToday).toBe(SETUP_AND_MONTH_PENCE);
    expect(terms.todayByLine).toEqual([SETUP_PENCE, MONTHLY_PENCE]);
    expect(iso(terms.firstRenewalS)).toBe('2026-02-28T10:00:00.000Z');
    expect(terms.recurring).toEqual({ amount: MONTHLY_PENCE, interval: 'month', intervalCount: 1 });
  });

  it(`with an anchor and no proration: the setup only, ${SETUP_TEXT}, and the first ${MONTHLY_TEXT} on the anchor`, () => {
    const anchor = at('2026-02-28T09:00:00Z');
    const terms = chargeTerms(GOLD, data({ billingCycleAnchor: anchor, prorationBehavior: 'none' }), start);
    expect(terms.dueToday).toBe(SETUP_PENCE);
    expect(terms.todayByLine).toEqual([SETUP_PENCE, 0]);
    expect(terms.firstRenewalS).toBe(anchor);
    expect(terms.billingCycleAnchorS).toBe(anchor);
  });

  it('with an anchor and the default prorations: the part of the month until the anchor, rounded to a penny', () => {
    // 14 of the 28 days from 31 January to 28 February.
    const anchor = at('2026-02-14T10:00:00Z');
    const terms = chargeTerms(GOLD, data({ billingCycleAnchor: anchor }), start);
    expect(terms.todayByLine).toEqual([SETUP_PENCE, HALF_MONTH_PENCE]);
    expect(terms.dueToday).toBe(SETUP_PENCE + HALF_MONTH_PENCE);
    const odd = chargeTerms(GOLD, data({ billingCycleAnchor: start + 1_000_000 }), start);
    expect(odd.todayByLine[1]).toBe(
      Math.round((MONTHLY_PENCE * 1_000_000) / (at('2026-02-28T10:00:00Z') - start)),
    );
  });

  it('with a trial: nothing for the monthly price until the trial ends, which is the first renewal', () => {
    const days = chargeTerms(GOLD, data({ trialPeriodDays: 30 }), start);
    expect(days.dueToday).toBe(SETUP_PENCE);
    expect(iso(days.firstRenewalS)).toBe('2026-03-02T10:00:00.000Z');
    expect(days.trialEndS).toBe(days.firstRenewalS);
    const end = at('2026-03-10T00:00:00Z');
    expect(chargeTerms(GOLD, data({ trialEnd: end }), start).firstRenewalS).toBe(end);
  });

  it('in payment mode (one-time prices only): the sum, and no renewal', () => {
    const terms = chargeTerms([SETUP, { ...SETUP, quantity: 2 }], null, start);
    expect(terms.dueToday).toBe(3 * SETUP_PENCE);
    expect(terms.recurring).toBeNull();
    expect(terms.firstRenewalS).toBeNull();
  });
});
