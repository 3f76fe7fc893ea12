/**
 * createCheckout's handler: checkout-answer.ts's answers (what each request is answered, and why), given the SDKs the
 * platform runs it with: the platform's (who is signed in) and the provider's (its client, its errors). Nothing is
 * decided here.
 */
import { createClientFromRequest } from 'npm:@base44/sdk@0.8.50';
import { createStripe, isProviderError } from '../../shared/stripe-client.ts';
import { answerCheckout, type CheckoutDeps, type CheckoutSdk } from './checkout-answer.ts';

export type { CheckoutDeps };

const SDK: CheckoutSdk = { platformOf: createClientFromRequest, createStripe, isProviderError };

export function handleCreateCheckout(req: Request, deps: CheckoutDeps): Promise<Response> {
  return answerCheckout(req, deps, SDK);
}
