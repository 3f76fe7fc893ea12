/**
 * stripeWebhook's configuration (see the table of secrets in docs/deploy.md, "2. Set the secrets"). Verifying a signature needs only the
 * endpoint's secret, never the provider's API key: this function makes no call to the provider.
 */
import { type Env, requireVar } from '../../shared/env.ts';

export interface WebhookConfig {
  /** `whsec_…`: the signing secret of the endpoint the provider delivers to. */
  webhookSecret: string;
  /** Where the "new paid order" e-mail goes. */
  agencyEmail: string;
}

export function readWebhookConfig(env: Env): WebhookConfig {
  return {
    webhookSecret: requireVar(env, 'STRIPE_WEBHOOK_SECRET'),
    agencyEmail: requireVar(env, 'AGENCY_EMAIL'),
  };
}
