/**
 * The dashboard's prices (a session names one by id) and the payment methods a session offers: the dashboard's, those
 * that collect its currency (Bacs: GBP only), narrowed by `allowed_payment_method_types` or named exactly by an older
 * version's `payment_method_types`.
 */
import { describe, expect, it } from 'vitest';
import {
  type DashboardPrice,
  DashboardPrices,
} from '../../../../host-harness/payments/account/dashboard-prices.ts';
import {
  BACS_CURRENCY,
  collects,
  isPaymentMethodType,
  offeredMethods,
  PAYMENT_METHOD_TYPES,
} from '../../../../host-harness/payments/account/payment-methods.ts';
import { MONTHLY_PENCE, SETUP_PENCE } from '../../../support/spec-figures.ts';

const monthly = (): DashboardPrice => ({
  product_name: 'Gold package: monthly',
  unit_amount: MONTHLY_PENCE,
  currency: 'gbp',
  recurring: { interval: 'month', interval_count: 1 },
});

describe('DashboardPrices', () => {
  it('knows no price until the dashboard has some', () => {
    expect(new DashboardPrices().get('price_gold')).toBeUndefined();
    expect(new DashboardPrices().all()).toStrictEqual([]);
  });

  it('finds a price by its id, with the id, and lists them all in the order given', () => {
    const setup: DashboardPrice = {
      product_name: 'Setup',
      unit_amount: SETUP_PENCE,
      currency: 'gbp',
      recurring: null,
    };
    const prices = new DashboardPrices({ price_monthly: monthly(), price_setup: setup });
    expect(prices.get('price_monthly')).toStrictEqual({ id: 'price_monthly', ...monthly() });
    expect(prices.get('price_other')).toBeUndefined();
    expect(prices.all()).toStrictEqual([
      { id: 'price_monthly', ...monthly() },
      { id: 'price_setup', ...setup },
    ]);
  });

  it('keeps its own copy: neither the seed nor an answer changed afterwards changes a price', () => {
    const seed = { price_monthly: monthly() };
    const prices = new DashboardPrices(seed);
    seed.price_monthly.recurring!.interval_count = 3;
    const first = prices.get('price_monthly')!;
    first.recurring!.interval = 'year';
    first.unit_amount = 1;
    expect(prices.get('price_monthly')).toStrictEqual({ id: 'price_monthly', ...monthly() });
  });
});

describe('payment methods', () => {
  it('simulates card and Bacs Direct Debit, and nothing else', () => {
    expect(PAYMENT_METHOD_TYPES).toStrictEqual(['card', 'bacs_debit']);
    expect(isPaymentMethodType('card')).toBe(true);
    expect(isPaymentMethodType('bacs_debit')).toBe(true);
    expect(isPaymentMethodType('sepa_debit')).toBe(false);
    expect(isPaymentMethodType('')).toBe(false);
  });

  it('Bacs collects pounds only; card collects any currency', () => {
    expect(BACS_CURRENCY).toBe('gbp');
    expect(collects('bacs_debit', 'gbp')).toBe(true);
    expect(collects('bacs_debit', 'eur')).toBe(false);
    expect(collects('card', 'eur')).toBe(true);
    expect(collects('card', 'gbp')).toBe(true);
  });

  it("offers the dashboard's methods that collect the currency", () => {
    expect(offeredMethods(['card', 'bacs_debit'], 'gbp', { allowed: null, named: null })).toStrictEqual([
      'card',
      'bacs_debit',
    ]);
    expect(offeredMethods(['bacs_debit', 'card'], 'usd', { allowed: null, named: null })).toStrictEqual([
      'card',
    ]);
    expect(offeredMethods(['bacs_debit'], 'eur', { allowed: null, named: null })).toStrictEqual([]);
  });

  it('narrows to `allowed` (which replaces the dashboard list), still only what collects the currency', () => {
    expect(offeredMethods(['card'], 'gbp', { allowed: ['bacs_debit'], named: null })).toStrictEqual([
      'bacs_debit',
    ]);
    expect(
      offeredMethods(['card', 'bacs_debit'], 'eur', { allowed: ['bacs_debit', 'card'], named: null }),
    ).toStrictEqual(['card']);
  });

  it('offers exactly the methods an older version names, as a new list', () => {
    const named = ['bacs_debit' as const];
    const offered = offeredMethods(['card'], 'gbp', { allowed: ['card'], named });
    expect(offered).toStrictEqual(['bacs_debit']);
    offered.push('card');
    expect(named).toStrictEqual(['bacs_debit']);
  });
});
