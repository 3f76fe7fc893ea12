/**
 * stripeWebhook under test: its handler, a platform double for what it records, and deliveries signed with the
 * provider's SDK (the one signer the tests share), carrying the headers the platform's forwarding adds.
 */
import { handleStripeWebhook } from '../../../base44/functions/stripeWebhook/handler.ts';
import { signatureHeader } from '../../../host-harness/src/emulator/payments/webhooks/event-signature.ts';
import { captureLogs } from './captured-logs.ts';
import {
  APP_ID,
  type PlatformDouble,
  type PlatformOptions,
  SERVICE_TOKEN,
  startPlatformDouble,
} from './platform-double.ts';
import { testEnv } from './test-env.ts';

export const WEBHOOK_SECRET = 'whsec_deno_test';

export const AGENCY_EMAIL = 'hello@fieldstonedigital.co.uk';
export interface Delivery {
  secret?: string;
  timestamp?: number;
  signature?: string | null;
  /** The body sent, when it differs from the one signed. */
  sentBody?: string;
  headers?: Record<string, string>;
  method?: string;
}

export interface WebhookSetup {
  platform: PlatformDouble;
  logs: ReturnType<typeof captureLogs>;
  deliver(event: unknown, delivery?: Delivery): Promise<Response>;
}

export async function withWebhook(
  run: (setup: WebhookSetup) => Promise<void>,
  vars: Record<string, string | undefined> = {},
  platformOptions: PlatformOptions = {},
): Promise<void> {
  const platform = startPlatformDouble(platformOptions);
  const logs = captureLogs();
  const env = testEnv({
    STRIPE_SECRET_KEY: 'sk_test_deno',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    AGENCY_EMAIL,
    ...vars,
  });
  const deliver: WebhookSetup['deliver'] = async (event, delivery = {}) => {
    const payload = JSON.stringify(event);
    const signature =
      delivery.signature === undefined
        ? await signatureHeader(payload, delivery.secret ?? WEBHOOK_SECRET, delivery.timestamp)
        : delivery.signature;
    // What the platform's forwarding adds to the provider's plain POST (no user token).
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'Base44-App-Id': APP_ID,
      'Base44-Api-Url': platform.url,
      'Base44-Service-Authorization': `Bearer ${SERVICE_TOKEN}`,
      ...delivery.headers,
    };
    if (signature !== null) headers['Stripe-Signature'] = signature;
    const method = delivery.method ?? 'POST';
    const req = new Request('http://127.0.0.1/functions/stripeWebhook', {
      method,
      headers,
      body: method === 'GET' ? undefined : (delivery.sentBody ?? payload),
    });
    return await handleStripeWebhook(req, { env });
  };
  try {
    await run({ platform, logs, deliver });
  } finally {
    logs.restore();
    await platform.close();
  }
}
