/**
 * The `price` object the payment double answers for a line item: a dashboard price keeps its id and is active; inline
 * `price_data` gets a fresh id and is inactive (the provider creates such prices for the one session); a recurring
 * price carries its interval, and its legacy `plan` view the same figures. Every field of the SDK's type is filled,
 * those of features the double does not simulate as the provider answers them when unused.
 */
import { describe, expect, it } from 'vitest';
import { buildPrice, planOf } from '../../../host-harness/payments/billing/price-object.ts';
import { CURRENCY, MONTHLY_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';
import { at, monthlyPrice, setupPrice } from './checkout-fixtures.ts';

const CREATED = at('2026-01-31T10:00:00Z');

describe('buildPrice', () => {
  it('gives inline price_data a fresh price id and leaves it inactive; a one-time price has no recurring part', () => {
    const price = buildPrice(setupPrice(), CREATED);
    expect(price).toStrictEqual({
      id: expect.stringMatching(/^price_[A-Za-z0-9]{24}$/),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created: CREATED,
      currency: CURRENCY,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: expect.stringMatching(/^prod_[A-Za-z0-9]{14}$/),
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: SETUP_PENCE,
      unit_amount_decimal: String(SETUP_PENCE),
    });
    expect(buildPrice(setupPrice(), CREATED).id).not.toBe(price.id);
    expect(buildPrice(setupPrice(), CREATED).product).not.toBe(price.product);
  });

  it('keeps a dashboard price’s id, active, and a recurring price’s interval', () => {
    const price = buildPrice(
      monthlyPrice({ id: 'price_gold_monthly', recurring: { interval: 'week', interval_count: 2 } }),
      CREATED,
    );
    expect(price.id).toBe('price_gold_monthly');
    expect(price.active).toBe(true);
    expect(price.type).toBe('recurring');
    expect(price.unit_amount).toBe(MONTHLY_PENCE);
    expect(price.recurring).toStrictEqual({
      interval: 'week',
      interval_count: 2,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    });
  });
});

describe('planOf', () => {
  it('is the recurring price’s legacy plan: the same id, amount, interval and product', () => {
    const price = buildPrice(monthlyPrice({ id: 'price_gold_monthly' }), CREATED);
    expect(planOf(price)).toStrictEqual({
      id: 'price_gold_monthly',
      object: 'plan',
      active: true,
      amount: MONTHLY_PENCE,
      amount_decimal: String(MONTHLY_PENCE),
      billing_scheme: 'per_unit',
      created: CREATED,
      currency: CURRENCY,
      interval: 'month',
      interval_count: 1,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: null,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    });
    expect(planOf(buildPrice(monthlyPrice(), CREATED)).active).toBe(false);
  });

  it('refuses a one-time price, naming it', () => {
    const price = buildPrice(setupPrice({ id: 'price_setup' }), CREATED);
    expect(() => planOf(price)).toThrow('price price_setup is not recurring');
  });
});
