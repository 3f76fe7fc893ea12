/** The provider's official SDK, set up for Deno: fetch as its HTTP client, WebCrypto for webhook signatures. */
import Stripe from 'npm:stripe@23.1.0';
import type { ProviderApi } from './env.ts';

/** Same settings as createCheckout's client (each function folder stands alone). */
export const MAX_NETWORK_RETRIES = 2;

/**
 * How long one attempt may wait for the provider (the SDK's default is 80 s). Three attempts stay well within the time a
 * caller waits for a function, so a hung provider ends in a short error instead of an occupied function.
 */
export const PROVIDER_TIMEOUT_MS = 8_000;

export function createStripe(secretKey: string, api: ProviderApi): Stripe {
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    timeout: PROVIDER_TIMEOUT_MS,
    ...api,
  });
}

/** Deno has no node:crypto HMAC fast path in the SDK; SubtleCrypto is the asynchronous one it supports. */
export const cryptoProvider = Stripe.createSubtleCryptoProvider();

export type StripeEvent = Stripe.Event;
export type CheckoutSession = Stripe.Checkout.Session;
