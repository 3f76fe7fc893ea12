/**
 * The provider's ids, bounded before the webhook uses one (in a request to the provider, a query of the orders, a log
 * line or an e-mail): opaque text of visible ASCII characters, at most 255 of them ("Make sure that your integration
 * can handle Stripe-generated object IDs, which can contain up to 255 characters", docs.stripe.com/upgrades,
 * "Backwards-compatible changes"). Anything longer, empty, or holding a space or a control is not one of its ids: a
 * signed event that carries one gets a 400, never a 500.
 */
export const MAX_ID_LENGTH = 255;

const ID = new RegExp(`^[\\x21-\\x7e]{1,${MAX_ID_LENGTH}}$`);

/** Whether `value` can be one of the provider's ids. */
export function isProviderId(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}
