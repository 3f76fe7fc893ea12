/** The provider's official SDK, set up for Deno: fetch as its HTTP client, network retries with idempotency keys. */
import Stripe from 'npm:stripe@23.1.0';
import type { ProviderApi } from './env.ts';

/**
 * Retries of a failed or dropped request. The SDK sends the same `Idempotency-Key` on every attempt of a POST, so a
 * retried session creation returns the first session instead of opening a second one.
 */
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

/** An error the SDK raised for the provider's answer or for the connection to it (not a bug of ours). */
export function isProviderError(error: unknown): error is InstanceType<typeof Stripe.errors.StripeError> {
  return error instanceof Stripe.errors.StripeError;
}
