/** stripeWebhook's configuration (see the table in the checkout contract). */
import { type Env, type ProviderApi, readProviderApi, requireVar } from './env.ts';

export interface WebhookConfig {
  secretKey: string;
  /** `whsec_…`: the signing secret of the endpoint the provider delivers to. */
  webhookSecret: string;
  /** Where the "new paid order" e-mail goes. */
  agencyEmail: string;
  api: ProviderApi;
}

export function readWebhookConfig(env: Env): WebhookConfig {
  return {
    secretKey: requireVar(env, 'STRIPE_SECRET_KEY'),
    webhookSecret: requireVar(env, 'STRIPE_WEBHOOK_SECRET'),
    agencyEmail: requireVar(env, 'AGENCY_EMAIL'),
    api: readProviderApi(env),
  };
}
