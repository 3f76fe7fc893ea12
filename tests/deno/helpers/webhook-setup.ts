/**
 * stripeWebhook under test as it runs in production: its handler with no injected dependency, so that it reads the
 * provider through the SDK (`stripeLookup(createStripe(…))`) pointed at the provider double with STRIPE_API_HOST/PORT/
 * PROTOCOL, and records through `@base44/sdk` on the platform double. Deliveries are signed as the provider signs them
 * and carry the headers the platform's forwarding adds.
 */
import assert from 'node:assert/strict';
import { handleStripeWebhook } from '../../../base44/functions/stripeWebhook/handler.ts';
import { captureLogs } from './captured-logs.ts';
import {
  APP_ID,
  type PlatformDouble,
  type PlatformOptions,
  SERVICE_TOKEN,
  type StoredOrder,
  startPlatformDouble,
} from './platform-double.ts';
import { type ProviderDouble, startProviderDouble } from './provider-double.ts';
import { providerHolds } from './purchase.ts';
import { signatureHeader } from './signature.ts';
import type { Obj } from './stripe-objects.ts';
import { testEnv } from './test-env.ts';

export const WEBHOOK_SECRET = 'whsec_deno_test';
export const SECRET_KEY = 'sk_test_deno_webhook';
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
  provider: ProviderDouble;
  logs: ReturnType<typeof captureLogs>;
  deliver(event: unknown, delivery?: Delivery): Promise<Response>;
  /** Delivers the events one by one, as the provider does; each must be answered 200. The answers' bodies. */
  deliverAll(events: Obj[]): Promise<Obj[]>;
  /**
   * Like `deliverAll`, the provider holding each event's invoice or dispute as the event shows it when it is sent (a
   * subscription's state and a checkout session, which an event shows without its line items, are the test's to set).
   */
  deliverAsSent(events: Obj[]): Promise<Obj[]>;
}

export interface WebhookOptions {
  /** Environment overrides (`undefined` unsets a variable). */
  vars?: Record<string, string | undefined>;
  platform?: PlatformOptions;
}

export async function withWebhook(run: (setup: WebhookSetup) => Promise<void>, options: WebhookOptions = {}) {
  const platform = startPlatformDouble(options.platform);
  const provider = startProviderDouble(SECRET_KEY);
  const logs = captureLogs();
  const env = testEnv({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    AGENCY_EMAIL,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(provider.port),
    STRIPE_API_PROTOCOL: 'http',
    ...options.vars,
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
  const deliverAll: WebhookSetup['deliverAll'] = async (events) => {
    const answers: Obj[] = [];
    for (const event of events) {
      const res = await deliver(event);
      const answer = await res.json();
      assert.equal(res.status, 200, `${String(event.type)} ${String(event.id)}: ${JSON.stringify(answer)}`);
      answers.push(answer);
    }
    return answers;
  };
  const deliverAsSent: WebhookSetup['deliverAsSent'] = async (events) => {
    const answers: Obj[] = [];
    for (const event of events) {
      const object = (event.data as { object: Obj }).object;
      if (object.object === 'invoice' || object.object === 'dispute') providerHolds(provider, object);
      answers.push(...(await deliverAll([event])));
    }
    return answers;
  };
  try {
    await run({ platform, provider, logs, deliver, deliverAll, deliverAsSent });
  } finally {
    logs.restore();
    await provider.close();
    await platform.close();
  }
}

/** The one Order the platform holds (fails when there is none, or more than one). */
export function theOrder(platform: PlatformDouble): StoredOrder {
  assert.equal(platform.orders.length, 1, `one Order: ${JSON.stringify(platform.orders)}`);
  return platform.orders[0]!;
}

/** The subjects of the e-mails sent, in the order sent. */
export const subjects = (platform: PlatformDouble) => platform.emails.map((email) => email.subject);

/** Every ordering of `items`. */
export function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** ISO time of Unix seconds, as the Order records times. */
export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
