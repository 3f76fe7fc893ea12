import type { PriceInfo } from '../account/dashboard-prices.ts';
import { decimalText, type Stripe } from '../account/stripe-types.ts';
import { randomAlphanumeric } from '../server/ids.ts';

/** The provider's `price` for a line item: a known id, or a fresh one for inline `price_data`. */
export function buildPrice(info: PriceInfo, createdS: number): Stripe.Price {
  const recurring = info.recurring;
  return {
    id: info.id === 'price_inline' ? `price_${randomAlphanumeric(24)}` : info.id,
    object: 'price',
    active: info.id !== 'price_inline',
    billing_scheme: 'per_unit',
    created: createdS,
    currency: info.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: `prod_${randomAlphanumeric(14)}`,
    recurring: recurring
      ? {
          interval: recurring.interval,
          interval_count: recurring.interval_count,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: info.unit_amount,
    unit_amount_decimal: decimalText(info.unit_amount),
  } satisfies Stripe.Price;
}

/** The legacy `plan` view of a recurring price, which subscription items still carry. */
export function planOf(price: Stripe.Price): Stripe.Plan {
  const recurring = price.recurring;
  if (!recurring) throw new Error(`price ${price.id} is not recurring`);
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  } satisfies Stripe.Plan;
}
