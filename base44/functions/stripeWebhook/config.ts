/**
 * stripeWebhook's configuration (see the table of secrets in docs/deploy.md, "2. Set the secrets"): the endpoint's
 * signing secret, where the agency's e-mails go, and the provider's API key, with which it reads a subscription's
 * current state and finds the invoice a disputed payment was for.
 */
import { type Env, type ProviderApi, readProviderApi, requireVar } from '../../shared/env.ts';

export interface WebhookConfig {
  /** `whsec_…`: the signing secret of the endpoint the provider delivers to. */
  webhookSecret: string;
  /** Where the agency's order e-mails go. */
  agencyEmail: string;
  /** `sk_…`: the provider's API key (read-only calls: subscriptions, invoices, invoice payments). */
  secretKey: string;
  api: ProviderApi;
}

export function readWebhookConfig(env: Env): WebhookConfig {
  return {
    webhookSecret: requireVar(env, 'STRIPE_WEBHOOK_SECRET'),
    agencyEmail: requireVar(env, 'AGENCY_EMAIL'),
    secretKey: requireVar(env, 'STRIPE_SECRET_KEY'),
    api: readProviderApi(env),
  };
}
