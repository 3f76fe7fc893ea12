/**
 * stripeWebhook's answer to a delivery. The provider retries every answer that is not a 2xx (docs.stripe.com/webhooks:
 * "up to three days" in live mode, "three times over the course of a few hours" in a sandbox), so:
 * - a bad or missing signature is a 400 and changes nothing;
 * - a signed event that cannot be identified (no id, type or time, or, for a type it handles, no id of its object; an
 *   id longer than the provider's ids) is a 400 with the reason, and stores nothing;
 * - every event of a purchase, in any order and whatever API version the endpoint renders it in, is recorded and
 *   answered 2xx at once: its object is read from the provider by id (purchase-events.ts);
 * - events of types it does not handle, and events that are not this site's purchase, are acknowledged (2xx) and
 *   change nothing; the latter are logged with the reason, for the agency to see in the function's logs;
 * - only the platform or the provider failing (recording the order, sending an e-mail, reading an object) is a 5xx,
 *   so that the provider delivers the event again; every step is idempotent.
 * The SDKs it works with (the provider's signature check and API, the platform's service role) come from handler.ts.
 */
import { ConfigError, type Env, type ProviderApi } from '../../shared/env.ts';
import { errorResponse } from '../../shared/http.ts';
import type { StripeClient } from '../../shared/stripe-client.ts';
import { readWebhookConfig, type WebhookConfig } from './config.ts';
import { readEvent } from './event-content.ts';
import { Orders, type ServiceRole } from './orders.ts';
import { isProviderId } from './provider-ids.ts';
import type { ProviderLookup } from './provider-lookup.ts';
import { applyPurchaseEvent } from './purchase-events.ts';

export interface WebhookDeps {
  env: Env;
  /** How the provider is asked about subscriptions and payments (tests give another); default its SDK. */
  lookup?: ProviderLookup;
}

/** The SDKs a delivery is handled with: handler.ts gives the provider's and the platform's. */
export interface WebhookSdk {
  /** The event a payload carries once its `Stripe-Signature` checks out with `secret`; throws when it does not. */
  verify(payload: string, signature: string, secret: string): Promise<unknown>;
  /** The platform's client for the request (`createClientFromRequest`); throws when it carries no platform access. */
  platformOf(req: Request): { asServiceRole: ServiceRole };
  /** The provider's client with an API key and API (`createStripe`). */
  createStripe(secretKey: string, api: ProviderApi): StripeClient;
  /** The lookups through the provider's client (`stripeLookup`). */
  stripeLookup(stripe: StripeClient): ProviderLookup;
}

const NOT_RECORDED = 'The order could not be recorded';

export async function answerDelivery(req: Request, deps: WebhookDeps, sdk: WebhookSdk): Promise<Response> {
  try {
    return await receive(req, deps, sdk);
  } catch (error) {
    console.error('stripeWebhook: unexpected error', error);
    return errorResponse(500, 'The event could not be processed', 'internal_error');
  }
}

async function receive(req: Request, deps: WebhookDeps, sdk: WebhookSdk): Promise<Response> {
  if (req.method !== 'POST') {
    return errorResponse(405, 'Use POST', 'method_not_allowed', { Allow: 'POST' });
  }
  let config: WebhookConfig;
  try {
    config = readWebhookConfig(deps.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`stripeWebhook: ${error.message}`);
    return errorResponse(500, error.message, 'config_error');
  }

  const signature = req.headers.get('stripe-signature');
  const payload = await req.text();
  if (!signature) return errorResponse(400, 'Missing Stripe-Signature header', 'invalid_signature');
  let event: unknown;
  try {
    event = await sdk.verify(payload, signature, config.webhookSecret);
  } catch (error) {
    // The SDK's message runs to several lines of advice; the first says what was wrong.
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    console.warn(`stripeWebhook: rejected a delivery (${reason})`);
    return errorResponse(400, 'Invalid Stripe-Signature', 'invalid_signature');
  }

  const reading = readEvent(event);
  if (!reading.ok) {
    // The id is logged only when it is one: an event that cannot be identified may carry anything there.
    const id = (event as { id?: unknown } | null)?.id;
    const named = isProviderId(id) ? `event ${id}` : 'an event';
    console.warn(`stripeWebhook: ${named} cannot be used (${reading.reason})`);
    return errorResponse(400, `The event cannot be used: ${reading.reason}`, 'unusable_event');
  }
  const usable = reading.event;
  if (usable.type === 'other') return Response.json({ received: true, ignored: true });

  let orders: Orders;
  try {
    orders = new Orders(sdk.platformOf(req).asServiceRole);
  } catch (error) {
    console.error(
      `stripeWebhook: no platform access (${error instanceof Error ? error.message : String(error)})`,
    );
    return errorResponse(500, NOT_RECORDED, 'platform_error');
  }
  const lookup = deps.lookup ?? sdk.stripeLookup(sdk.createStripe(config.secretKey, config.api));
  try {
    const outcome = await applyPurchaseEvent({ orders, lookup, agencyEmail: config.agencyEmail }, usable);
    if (outcome.kind === 'ignored') {
      console.warn(
        `stripeWebhook: event ${usable.id} (${usable.type}) is not this site's purchase: ${outcome.reason}`,
      );
      return Response.json({ received: true, ignored: true, reason: outcome.reason });
    }
    return Response.json({ received: true, order_id: outcome.order.id });
  } catch (error) {
    // A 5xx makes the provider deliver the event again later; every step is idempotent.
    const status =
      (error as { status?: unknown; statusCode?: unknown })?.status ??
      (error as { statusCode?: unknown })?.statusCode;
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `stripeWebhook: event ${usable.id} (${usable.type}) failed (${status ?? 'no status'} ${reason})`,
    );
    return errorResponse(500, NOT_RECORDED, 'platform_error');
  }
}
