/**
 * stripeWebhook: the provider's signed events. A bad or missing signature is a 400 and changes nothing. The checkout
 * session's events record the order and its day-one payment (paid, pending while a Direct Debit settles, failed);
 * invoices and subscription events keep the subscription's state on it; the agency is e-mailed once per paid order,
 * failed Direct Debit, failed renewal and cancellation, however often and in whatever order events arrive. Event
 * types it does not handle are acknowledged and change nothing; a signed event whose content it cannot use is a 400
 * with the reason, and stores nothing. Only the platform failing is a 5xx (so that the provider delivers again).
 */
import { createClientFromRequest } from 'npm:@base44/sdk@0.8.50';
import { ConfigError, type Env } from '../../shared/env.ts';
import { errorResponse } from '../../shared/http.ts';
import { type StripeEvent, verifyWebhookEvent } from '../../shared/stripe-client.ts';
import { readWebhookConfig, type WebhookConfig } from './config.ts';
import { readEvent, type UsableEvent } from './event-content.ts';
import { Orders } from './orders.ts';
import { applySessionEvent } from './session-event.ts';
import { applyInvoiceEvent, applySubscriptionEvent, type SubscriptionOutcome } from './subscription-event.ts';

export interface WebhookDeps {
  env: Env;
}

const NOT_RECORDED = 'The order could not be recorded';

export async function handleStripeWebhook(req: Request, deps: WebhookDeps): Promise<Response> {
  try {
    return await receive(req, deps);
  } catch (error) {
    console.error('stripeWebhook: unexpected error', error);
    return errorResponse(500, 'The event could not be processed', 'internal_error');
  }
}

async function receive(req: Request, deps: WebhookDeps): Promise<Response> {
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
  let event: StripeEvent;
  try {
    event = await verifyWebhookEvent(payload, signature, config.webhookSecret);
  } catch (error) {
    // The SDK's message runs to several lines of advice; the first says what was wrong.
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    console.warn(`stripeWebhook: rejected a delivery (${reason})`);
    return errorResponse(400, 'Invalid Stripe-Signature', 'invalid_signature');
  }

  const reading = readEvent(event);
  if (!reading.ok) {
    console.warn(
      `stripeWebhook: event ${String((event as { id?: unknown }).id)} cannot be used (${reading.reason})`,
    );
    return errorResponse(400, `The event cannot be used: ${reading.reason}`, 'unusable_event');
  }
  const usable = reading.event;
  if (usable.type === 'other') return Response.json({ received: true, ignored: true });

  let orders: Orders;
  try {
    orders = new Orders(createClientFromRequest(req).asServiceRole);
  } catch (error) {
    console.error(
      `stripeWebhook: no platform access (${error instanceof Error ? error.message : String(error)})`,
    );
    return errorResponse(500, NOT_RECORDED, 'platform_error');
  }
  try {
    return await apply(orders, config.agencyEmail, usable);
  } catch (error) {
    // A 5xx makes the provider deliver the event again later; every step is idempotent.
    const status = (error as { status?: unknown })?.status;
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `stripeWebhook: event ${usable.id} (${usable.type}) failed (${status ?? 'no status'} ${reason})`,
    );
    return errorResponse(500, NOT_RECORDED, 'platform_error');
  }
}

async function apply(orders: Orders, agencyEmail: string, event: Exclude<UsableEvent, { type: 'other' }>) {
  if ('session' in event) {
    const order = await applySessionEvent(orders, agencyEmail, event);
    return Response.json({ received: true, order_id: order.id });
  }
  const outcome: SubscriptionOutcome =
    'invoice' in event
      ? await applyInvoiceEvent(orders, agencyEmail, event)
      : await applySubscriptionEvent(orders, agencyEmail, event);
  if (outcome.kind === 'applied') return Response.json({ received: true, order_id: outcome.order.id });
  if (outcome.kind === 'not_ours') return Response.json({ received: true, ignored: true });
  // Its checkout's event has not been recorded yet: the provider sends this one again later, by then it has.
  return errorResponse(
    409,
    'No order records this subscription yet; deliver the event again later',
    'order_not_recorded',
  );
}
