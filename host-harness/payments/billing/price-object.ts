/** The provider's `price` of a line item, and the legacy `plan` view subscription items still carry. */
import type { PriceInfo } from '../account/dashboard-prices.ts';
import { decimalText, fields, type Stripe } from '../account/stripe-types.ts';
import { randomAlphanumeric } from '../server/ids.ts';

/** A dashboard price keeps its id; inline `price_data` gets a fresh one, and is not active for other sessions. */
export function buildPrice(info: PriceInfo, createdS: number): Stripe.Price {
  const { recurring } = info;
  return {
    id: info.id === 'price_inline' ? `price_${randomAlphanumeric(24)}` : info.id,
    object: 'price',
    ...fields('custom_unit_amount lookup_key nickname tiers_mode transform_quantity', null),
    active: info.id !== 'price_inline',
    billing_scheme: 'per_unit',
    created: createdS,
    currency: info.currency,
    livemode: false,
    metadata: {},
    product: `prod_${randomAlphanumeric(14)}`,
    recurring: recurring && {
      interval: recurring.interval,
      interval_count: recurring.interval_count,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: info.unit_amount,
    unit_amount_decimal: decimalText(info.unit_amount),
  } satisfies Stripe.Price;
}

export function planOf(price: Stripe.Price): Stripe.Plan {
  const { recurring } = price;
  if (!recurring) throw new Error(`price ${price.id} is not recurring`);
  return {
    id: price.id,
    object: 'plan',
    ...fields('meter nickname tiers_mode transform_usage trial_period_days', null),
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
    product: price.product,
    usage_type: 'licensed',
  } satisfies Stripe.Plan;
}
