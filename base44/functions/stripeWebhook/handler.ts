/**
 * stripeWebhook's handler: delivery.ts's answers (what each delivery is answered, and why), given the SDKs the
 * platform runs it with: the provider's (signature check, its client at the API version it pins, and the lookups) and
 * the platform's (the service role the Order records are written with). Nothing is decided here.
 */
import { createClientFromRequest } from 'npm:@base44/sdk@0.8.50';
import { createStripe, verifyWebhookEvent } from '../../shared/stripe-client.ts';
import { answerDelivery, type WebhookDeps, type WebhookSdk } from './delivery.ts';
import { stripeLookup } from './provider-lookup.ts';

export type { WebhookDeps };

const SDK: WebhookSdk = {
  verify: verifyWebhookEvent,
  platformOf: createClientFromRequest,
  createStripe,
  stripeLookup,
};

export function handleStripeWebhook(req: Request, deps: WebhookDeps): Promise<Response> {
  return answerDelivery(req, deps, SDK);
}
