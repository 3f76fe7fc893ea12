/** The provider's official SDK, set up for Deno: fetch as its HTTP client, WebCrypto for webhook signatures. */
import Stripe from 'npm:stripe@23.1.0';
import type { ProviderApi } from './env.ts';

/** Same settings as createCheckout's client (each function folder stands alone). */
export const MAX_NETWORK_RETRIES = 2;

export function createStripe(secretKey: string, api: ProviderApi): Stripe {
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    ...api,
  });
}

/** Deno has no node:crypto HMAC fast path in the SDK; SubtleCrypto is the asynchronous one it supports. */
export const cryptoProvider = Stripe.createSubtleCryptoProvider();

export type StripeEvent = Stripe.Event;
export type CheckoutSession = Stripe.Checkout.Session;
