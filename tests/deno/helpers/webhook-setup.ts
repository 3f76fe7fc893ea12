/**
 * stripeWebhook under test: its handler, a platform double for what it records, and deliveries signed as the provider
 * signs them (WebCrypto HMAC-SHA256), carrying the headers the platform's forwarding adds.
 */
import { handleStripeWebhook } from '../../../base44/functions/stripeWebhook/handler.ts';
import { captureLogs } from './captured-logs.ts';
import {
  APP_ID,
  type PlatformDouble,
  type PlatformOptions,
  SERVICE_TOKEN,
  startPlatformDouble,
} from './platform-double.ts';
import { testEnv } from './test-env.ts';
import { signPayload } from './webhook-signature.ts';

export const WEBHOOK_SECRET = 'whsec_deno_test';
export const AGENCY_EMAIL = 'hello@fieldstonedigital.co.uk';
export const COMPLETED_AT = Math.floor(Date.now() / 1000) - 5;

export function completedEvent(session: Record<string, unknown> = {}, id = 'evt_1'): Record<string, unknown> {
  return {
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: COMPLETED_AT,
    livemode: false,
    data: {
      object: {
        id: 'cs_test_paid_1',
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 99_800,
        currency: 'gbp',
        customer_email: null,
        customer_details: { email: 'jane@example.co.uk', name: 'Jane Doe' },
        metadata: { package: 'gold', setup_amount: '79900', monthly_amount: '19900' },
        success_url: 'http://localhost:4401/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:4401/Pricing',
        ...session,
      },
    },
  };
}

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
        ? await signPayload(payload, delivery.secret ?? WEBHOOK_SECRET, delivery.timestamp)
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
