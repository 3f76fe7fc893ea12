/**
 * The provider's object types, from its own SDK (`stripe`, the version pinned in package.json): the double's objects
 * are written against them (`satisfies`), so a field the provider has and the double forgot fails the type check.
 */
import Stripe from 'stripe';

export type { Stripe };

/**
 * The API version the SDK is built for: the double's current rendering of its objects, and the default version of the
 * harness's account (an account created today is on the newest version; older ones are set per webhook endpoint).
 */
export const API_VERSION: string = Stripe.API_VERSION;

/**
 * A decimal as the provider sends it on the wire: a string ("1250"). The SDK's type is a class it builds when it
 * parses an answer; the double writes the JSON.
 */
export function decimalText(value: number): Stripe.Decimal {
  return String(value) as unknown as Stripe.Decimal;
}
