/** The provider's `price` of a line item, and the legacy `plan` view subscription items still carry. */
import type { PriceInfo } from '../account/dashboard-prices.ts';
import { complete, decimalText, type Stripe } from '../account/stripe-types.ts';
import { randomAlphanumeric } from '../server/ids.ts';

/** A dashboard price keeps its id; inline `price_data` gets a fresh one, and is not active for other sessions. */
export function buildPrice(info: PriceInfo, createdS: number): Stripe.Price {
  const { recurring } = info;
  const inline = info.id === 'price_inline';
  return complete<Stripe.Price>('price', {
    id: inline ? `price_${randomAlphanumeric(24)}` : info.id,
    active: !inline,
    billing_scheme: 'per_unit',
    created: createdS,
    currency: info.currency,
    product: `prod_${randomAlphanumeric(14)}`,
    recurring: recurring && { ...recurring, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: info.unit_amount,
    unit_amount_decimal: decimalText(info.unit_amount),
  });
}

export function planOf(price: Stripe.Price): Stripe.Plan {
  const { recurring } = price;
  if (!recurring) throw new Error(`price ${price.id} is not recurring`);
  return complete<Stripe.Plan>('plan', {
    ...{ id: price.id, active: price.active, created: price.created, currency: price.currency },
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    metadata: {},
    product: price.product,
    usage_type: 'licensed',
  });
}
