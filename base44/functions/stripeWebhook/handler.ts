/**
 * stripeWebhook: the provider's signed events. A bad or missing signature is a 400 and changes nothing;
 * `checkout.session.completed` with a paid session records an Order (service role) and e-mails the agency, once per
 * session however often it is delivered; other events are acknowledged and ignored.
 */
import { createClientFromRequest } from 'npm:@base44/sdk@0.8.50';
import { ConfigError, type Env } from '../../shared/env.ts';
import { errorResponse } from '../../shared/http.ts';
import { type StripeEvent, verifyWebhookEvent } from '../../shared/stripe-client.ts';
import { readWebhookConfig, type WebhookConfig } from './config.ts';
import { paidOrderEmail } from './order-email.ts';
import { paidOrderFromSession } from './paid-order.ts';
import { recordPaidOrder, type ServiceRole } from './record-order.ts';

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

  if (event.type !== 'checkout.session.completed') return Response.json({ received: true, ignored: true });
  const session = event.data.object;
  if (session.payment_status !== 'paid') {
    // e.g. a delayed payment method: the money has not arrived, so there is no paid order yet.
    console.warn(
      `stripeWebhook: session ${session.id} completed with payment_status ${session.payment_status}`,
    );
    return Response.json({ received: true, ignored: true });
  }

  let serviceRole: ServiceRole;
  try {
    serviceRole = createClientFromRequest(req).asServiceRole;
  } catch (error) {
    console.error(
      `stripeWebhook: no platform access (${error instanceof Error ? error.message : String(error)})`,
    );
    return errorResponse(500, NOT_RECORDED, 'platform_error');
  }
  const order = paidOrderFromSession(session, event.created);
  const email = paidOrderEmail(order, config.agencyEmail, session.customer_details?.name);
  try {
    const outcome = await recordPaidOrder(serviceRole, order, email);
    return Response.json({ received: true, order_id: outcome.orderId });
  } catch (error) {
    // A 5xx makes the provider deliver the event again later; the record is idempotent.
    const status = (error as { status?: unknown })?.status;
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `stripeWebhook: recording session ${session.id} failed (${status ?? 'no status'} ${reason})`,
    );
    return errorResponse(500, NOT_RECORDED, 'platform_error');
  }
}
