/**
 * The two functions' handlers as deployed (handler.ts): their answers (delivery.ts, checkout-answer.ts) given the
 * real SDKs. No platform and no provider runs here: a delivery the webhook acknowledges without either, one it cannot
 * record without the platform's headers, and a checkout whose provider cannot be reached (a closed local port) after
 * the SDK's two retries. The Deno suite and the integration tests run them against doubles of both.
 */
import { createServer } from 'node:net';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleCreateCheckout } from '../../../base44/functions/createCheckout/handler.ts';
import { handleStripeWebhook } from '../../../base44/functions/stripeWebhook/handler.ts';
import { type CapturedLogs, captureLogs } from '../../deno/helpers/captured-logs.ts';
import { testEnv } from '../../deno/helpers/test-env.ts';
import { event, PURCHASE_S, sessionEvent } from '../../support/provider-events.ts';
import { PACKAGE } from '../../support/spec-figures.ts';

const SECRET = 'whsec_unit_test';

async function delivery(raw: unknown): Promise<Request> {
  const payload = JSON.stringify(raw);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: SECRET });
  return new Request('http://127.0.0.1/functions/stripeWebhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

/** A local port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe('handleStripeWebhook', () => {
  const env = testEnv({
    STRIPE_WEBHOOK_SECRET: SECRET,
    AGENCY_EMAIL: 'hello@example.co.uk',
    STRIPE_SECRET_KEY: 'sk_test_1',
  });

  it('checks the signature with the provider’s SDK and acknowledges a type it does not handle', async () => {
    const res = await handleStripeWebhook(await delivery(event('invoice.finalized', {}, PURCHASE_S)), {
      env,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, ignored: true });
  });

  it('asks the platform’s SDK for the service role: without the platform’s headers, nothing is recorded', async () => {
    const res = await handleStripeWebhook(await delivery(sessionEvent('checkout.session.completed')), {
      env,
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'The order could not be recorded', code: 'platform_error' });
    expect(logs.errors).toEqual([
      'stripeWebhook: no platform access (Base44-App-Id header is required, but is was not found on the request)',
    ]);
  });
});

describe('handleCreateCheckout', () => {
  it('answers a method but POST itself', async () => {
    const res = await handleCreateCheckout(new Request('http://127.0.0.1/functions/createCheckout'), {
      env: testEnv({}),
    });
    expect(res.status).toBe(405);
  });

  it('asks the platform’s SDK who is signed in and the provider’s SDK for the session: 502 when it cannot be reached', async () => {
    const env = testEnv({
      STRIPE_SECRET_KEY: 'sk_test_1',
      SITE_ORIGIN: 'https://www.example.co.uk',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(await closedPort()),
      STRIPE_API_PROTOCOL: 'http',
    });
    const req = new Request('http://127.0.0.1/functions/createCheckout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer user-token-1' },
      body: JSON.stringify({ packageName: PACKAGE }),
    });
    const res = await handleCreateCheckout(req, { env });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      error: 'The payment provider could not start checkout',
      code: 'provider_error',
    });
    expect(logs.warnings).toEqual([
      'createCheckout: signed-in user not read, no e-mail prefilled (Base44-App-Id header is required, but is was not found on the request)',
    ]);
    expect(logs.errors).toEqual([
      'createCheckout: the payment provider refused the session (StripeConnectionError, no status): An error occurred with our connection to Stripe. Request was retried 2 times.',
    ]);
  });
});
