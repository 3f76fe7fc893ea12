/**
 * The provider's object types, from its own SDK (`stripe`, the version the functions pin): the double's objects are
 * written against them (`satisfies`), so a field the provider has and the double forgot fails the type check.
 */
import type Stripe from 'stripe';

export type { Stripe };

/**
 * A decimal as the provider sends it on the wire: a string ("19900"). The SDK's type is a class it builds when it
 * parses an answer; the double writes the JSON.
 */
export function decimalText(value: number): Stripe.Decimal {
  return String(value) as unknown as Stripe.Decimal;
}
