/**
 * The provider's `Stripe-Signature` header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`), made by
 * the provider's own SDK (`Stripe.webhooks.generateTestHeaderStringAsync`): the one signer of the double's
 * deliveries and of every test's hand-made events, under Node and under Deno (where the SDK only signs
 * asynchronously, with SubtleCrypto).
 */
import Stripe from 'stripe';

export function signatureHeader(payload: string, secret: string, timestampS?: number): Promise<string> {
  // Without `timestampS` the SDK signs with the current time.
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp: timestampS });
}
