/**
 * The provider's `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`), made by the
 * provider's own SDK (`Stripe.webhooks.generateTestHeaderString`): the one signer of the double's deliveries and of
 * the tests' hand-made events. The SDK refuses a timestamp older than 300 s, so every delivery is signed afresh.
 */
import Stripe from 'stripe';

export function signatureHeader(payload: string, secret: string, timestampS?: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestampS === undefined ? {} : { timestamp: timestampS }),
  });
}
