/**
 * The provider's SDK as every function sets it up: its own API unless a local double is named, fetch as the HTTP
 * client, two retries of a failed request, an 8-second timeout per attempt and the pinned API version; its errors told
 * apart from ours (a 404 among them); and a delivery's signature checked the provider's way, without an API key.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  API_VERSION,
  createStripe,
  isNotFound,
  isProviderError,
  verifyWebhookEvent,
} from '../../../base44/shared/stripe-client.ts';
import { API_VERSION as EVENTS_API_VERSION, sessionEvent } from '../../support/provider-events.ts';

const SECRET = 'whsec_unit_test';

describe('createStripe', () => {
  it('talks to the provider’s own API with fetch, retries twice, waits 8 seconds an attempt, at the pinned version', () => {
    const stripe = createStripe('sk_test_1', {});
    expect(stripe.getApiField('host')).toBe('api.stripe.com');
    expect(stripe.getApiField('protocol')).toBe('https');
    expect(stripe.getApiField('httpClient').getClientName()).toBe('fetch');
    expect(stripe.getMaxNetworkRetries()).toBe(2);
    expect(stripe.getApiField('timeout')).toBe(8_000);
    expect(stripe.getApiField('version')).toBe(API_VERSION);
  });

  it('talks to a local double when its host, port and protocol are set', () => {
    const stripe = createStripe('sk_test_1', { host: '127.0.0.1', port: 4400, protocol: 'http' });
    expect(stripe.getApiField('host')).toBe('127.0.0.1');
    expect(stripe.getApiField('port')).toBe(4400);
    expect(stripe.getApiField('protocol')).toBe('http');
    expect(stripe.getMaxNetworkRetries()).toBe(2);
  });

  it('pins the API version the tests’ events are written at (docs/deploy.md, step 4)', () => {
    expect(API_VERSION).toBe(EVENTS_API_VERSION);
  });
});

describe('the provider’s errors', () => {
  it('an error the SDK raised is the provider’s; anything else is not', () => {
    expect(isProviderError(new Stripe.errors.StripeConnectionError({ message: 'socket hang up' }))).toBe(
      true,
    );
    expect(
      isProviderError(
        new Stripe.errors.StripeInvalidRequestError({ message: 'No such price', statusCode: 400 }),
      ),
    ).toBe(true);
    expect(isProviderError(new Error('socket hang up'))).toBe(false);
    expect(isProviderError({ type: 'StripeConnectionError', message: 'socket hang up' })).toBe(false);
  });

  it('a 404 from the provider is "not found"; another status, or a 404 of ours, is not', () => {
    const notFound = new Stripe.errors.StripeInvalidRequestError({
      message: 'No such subscription',
      statusCode: 404,
    });
    expect(isNotFound(notFound)).toBe(true);
    expect(isNotFound(new Stripe.errors.StripeInvalidRequestError({ message: 'Bad', statusCode: 400 }))).toBe(
      false,
    );
    expect(isNotFound(new Stripe.errors.StripeConnectionError({ message: 'socket hang up' }))).toBe(false);
    expect(isNotFound(Object.assign(new Error('Not found'), { statusCode: 404 }))).toBe(false);
  });
});

describe('verifyWebhookEvent', () => {
  it('gives the event a payload carries when its signature checks out', async () => {
    const payload = JSON.stringify(sessionEvent('checkout.session.completed'));
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET });
    expect(await verifyWebhookEvent(payload, signature, SECRET)).toStrictEqual(JSON.parse(payload));
  });

  it('throws the provider’s error for another secret or a changed payload', async () => {
    const payload = JSON.stringify(sessionEvent('checkout.session.completed'));
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET });
    await expect(verifyWebhookEvent(payload, signature, 'whsec_other')).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    await expect(verifyWebhookEvent(`${payload} `, signature, SECRET)).rejects.toThrow(
      'No signatures found matching the expected signature for payload',
    );
  });
});
