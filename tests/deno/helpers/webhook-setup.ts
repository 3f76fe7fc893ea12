/**
 * stripeWebhook under test: its handler, a platform double for what it records, and deliveries signed with the
 * provider's SDK (the one signer the tests share), carrying the headers the platform's forwarding adds.
 */
import { handleStripeWebhook } from '../../../base44/functions/stripeWebhook/handler.ts';
import { signatureHeader } from '../../../host-harness/src/emulator/payments/event-signature.ts';
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

/** What the Order of the purchase in `tests/support/provider-events.ts` records of its session, whatever follows. */
export const PURCHASE_ORDER = {
  session_id: 'cs_test_paid_1',
  customer_email: 'jane@example.co.uk',
  package: 'gold',
  amount_total: 79_900,
  setup_amount: 79_900,
  monthly_amount: 19_900,
  currency: 'gbp',
  subscription_id: 'sub_test_1',
  first_renewal_at: '2027-02-28T09:50:00.000Z',
} as const;
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
