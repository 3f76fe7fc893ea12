/**
 * The provider's object types, from its own SDK (`stripe`, pinned in package.json): the double's objects are
 * written against them (`satisfies`), so a field the provider has and the double forgot fails the type check.
 */
import Stripe from 'stripe';

export type { Stripe };

/** The SDK's API version: the double's rendering of its objects, and the account's default version. */
export const API_VERSION: string = Stripe.API_VERSION;

/** A decimal as the provider sends it on the wire: a string ("1250"); the SDK's class is what it parses that into. */
export function decimalText(value: number): Stripe.Decimal {
  return String(value) as unknown as Stripe.Decimal;
}

type Names<S extends string> = S extends `${infer Name} ${infer Rest}` ? Name | Names<Rest> : S;

/** `{ a: value, b: value }` for the space-separated names: the many fields of an object the double leaves empty. */
export function fields<const S extends string, V>(names: S, value: V): Record<Names<S>, V> {
  return Object.fromEntries(names.split(' ').map((name) => [name, value])) as Record<Names<S>, V>;
}
