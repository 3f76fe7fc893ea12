/**
 * The provider's official SDK, set up the same way for every function: fetch as its HTTP client (the platform runs
 * functions in workerd, where Node's http is not there), network retries with idempotency keys, a short timeout, and
 * WebCrypto for webhook signatures.
 */
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

/**
 * The API version the SDK pins: what its requests ask for, and so the shape of every object the functions read (the
 * webhook reads each event's object by id, not the event's snapshot, which is rendered in the endpoint's version:
 * docs/deploy.md, step 4).
 */
export const API_VERSION: string = Stripe.API_VERSION;

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

/** Neither Deno nor workerd gives the SDK a synchronous HMAC; SubtleCrypto is the asynchronous one it supports. */
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/**
 * The event a delivery carries, once its `Stripe-Signature` (HMAC of "t.payload" with the endpoint's `whsec_…`, at most
 * five minutes old) checks out. The SDK's static `webhooks` needs no API key. Throws when the signature does not match.
 */
export function verifyWebhookEvent(payload: string, signature: string, secret: string): Promise<StripeEvent> {
  return Stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, cryptoProvider);
}

export type StripeEvent = Stripe.Event;
export type StripeClient = Stripe;
export type StripeSubscription = Stripe.Subscription;

/** The provider answered that the object asked for does not exist (a 404). */
export function isNotFound(error: unknown): boolean {
  return isProviderError(error) && error.statusCode === 404;
}
