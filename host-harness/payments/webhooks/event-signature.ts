/**
 * The provider's `Stripe-Signature` header, made by its own SDK (`generateTestHeaderStringAsync`, as Deno can too):
 * the one signer of the double's deliveries and of every test's hand-made events.
 */
import Stripe from 'stripe';

export const signatureHeader = (payload: string, secret: string, timestampS?: number): Promise<string> =>
  Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp: timestampS });
