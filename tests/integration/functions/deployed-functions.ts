/**
 * The project's own functions (base44/functions) as deployed: bundled, in workerd, behind the emulator (the platform
 * API and the payment double). Shared by the createCheckout and stripeWebhook tests.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { PaymentProviderOptions } from '../../../host-harness/payments/index.ts';
import { PROVIDER_SECRET_KEY, WEBHOOK_SECRET } from '../../../host-harness/payments/index.ts';
import { signatureHeader } from '../../../host-harness/payments/webhooks/event-signature.ts';
import type { EmulatorOptions } from '../../../host-harness/src/emulator/index.ts';
import { type ProviderProxy, startProviderProxy } from '../../support/provider-proxy.ts';
import {
  type Answer,
  type Json,
  type Running,
  SERVICE_TOKEN,
  startEmulator,
} from '../emulator/emulator-harness.ts';
import { APP, fn } from './function-harness.ts';

export const SITE = 'http://localhost:4401';
export const AGENCY = 'agency@example.com';
export const SESSIONS = '/v1/checkout/sessions';

/**
 * An emulator running the project's functions in workerd, the payment provider's stand-in beside it; `warm`: the
 * functions started and loaded before it resolves.
 */
export async function startDeployed(
  opts: EmulatorOptions = {},
  warm = true,
  providerOpts: PaymentProviderOptions = {},
): Promise<Deployed> {
  // The functions reach the stand-in through the proxy, a network between them that a test can break.
  let h: Running | null = null;
  const proxy = await startProviderProxy(() => h!.provider!.url);
  h = await startEmulator(
    {
      siteOrigin: SITE,
      agencyEmail: AGENCY,
      functionsRuntime: 'workerd',
      ...opts,
      functionEnv: { STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(proxy.port), ...opts.functionEnv },
    },
    providerOpts,
  );
  const platform = h;
  const deployed: Deployed = {
    ...platform,
    proxy,
    close: async () => {
      await platform.close();
      await proxy.close();
    },
  };
  if (warm) await platform.emulator.warmFunctions();
  return deployed;
}

/** The platform and the stand-in, with the proxy the functions reach the stand-in through. */
export interface Deployed extends Running {
  proxy: ProviderProxy;
}

/** One emulator for a test file, reset before each test; `use` receives it once it runs. */
export function deployedPerFile(use: (h: Deployed) => void): void {
  let h: Deployed;
  beforeAll(async () => {
    h = await startDeployed();
    use(h);
  }, 60_000);
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.call('POST', '/__harness/reset');
    h.proxy.reset();
  });
}

export function checkout(h: Running, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return h.call('POST', fn('createCheckout'), {
    raw: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A session as the provider's API answers it, line items included. */
export async function session(h: Running, id: string): Promise<Json> {
  const answer = await h.call('GET', `${SESSIONS}/${id}?expand[]=line_items`, {
    headers: { authorization: `Bearer ${PROVIDER_SECRET_KEY}` },
  });
  return answer.body;
}

/** Every session the payment double opened. */
export async function sessions(h: Running): Promise<Json[]> {
  return (await h.call('GET', '/__harness/checkout-sessions')).body;
}

/** The calls createCheckout made to the provider's session endpoint. */
export async function providerCalls(h: Deployed): Promise<Json[]> {
  return h.proxy.calls.filter((call) => call.method === 'POST' && call.path === SESSIONS);
}

/** A purchase of the gold package through the project's createCheckout, paid on the double's hosted page: its session id. */
export async function paidPurchase(
  h: Running,
  method: 'card' | 'bacs_debit',
  email = 'buyer@example.co.uk',
): Promise<string> {
  const answer = await checkout(h, { packageName: 'gold' });
  expect(answer.status, answer.text).toBe(200);
  const id = new URL(answer.body.url).pathname.split('/').pop()!;
  const paid = await h.call('POST', `/__harness/pay/${id}/pay`, {
    raw: new URLSearchParams({ payment_method: method, email }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.status, paid.text).toBe(303);
  return id;
}

/**
 * Sends each of a session's events that the endpoint is sent again by hand, in the order `arrange` gives (as they were
 * stored by default), as the dashboard's "Resend" does; each must be answered 200.
 */
export async function resendAll(
  h: Running,
  sessionId: string,
  arrange: (events: Json[]) => Json[] = (events) => events,
): Promise<void> {
  const stored: Json[] = (await h.call('GET', `/__harness/checkout-sessions/${sessionId}/events`)).body;
  const sent = stored.filter((event) => event.state !== 'not_sent');
  expect(sent.length).toBeGreaterThan(0);
  for (const event of arrange(sent)) {
    const again = await h.call('POST', `/__harness/checkout-sessions/${sessionId}/webhook`, {
      body: { event_id: event.id },
    });
    expect(again.body.attempt, JSON.stringify(again.body)).toMatchObject({ ok: true, status: 200 });
  }
}

/**
 * A purchase of the gold package through the project's createCheckout and the double's hosted page, with the webhook
 * endpoint sent nothing: its events are created and kept (`not_sent`), for a test to deliver by hand, as the provider
 * would, signed. Answers the session's id and its events as the provider renders them, by type.
 */
export async function undeliveredPurchase(
  h: Running,
  method: 'card' | 'bacs_debit' = 'card',
): Promise<{ id: string; events: Record<string, Record<string, unknown>> }> {
  await h.call('POST', '/__harness/payments/settings', {
    body: { webhook_endpoint: { enabled_events: [] } },
  });
  const answer = await checkout(h, { packageName: 'gold' });
  const id = new URL(answer.body.url).pathname.split('/').pop()!;
  await h.call('POST', `/__harness/pay/${id}/pay`, {
    raw: new URLSearchParams({ payment_method: method, email: 'jane@example.co.uk' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const stored: Json[] = (await h.call('GET', `/__harness/checkout-sessions/${id}/events`)).body;
  return { id, events: Object.fromEntries(stored.map((e) => [e.type, e.event])) };
}

export interface Delivery {
  secret?: string;
  timestampS?: number;
  /** The body sent, when it differs from the one signed. */
  sentBody?: string;
  /** No Stripe-Signature header at all. */
  unsigned?: boolean;
}

/** A provider delivery to stripeWebhook through the platform's route, signed by the provider's SDK (the one signer). */
export async function deliver(h: Running, event: unknown, delivery: Delivery = {}): Promise<Answer> {
  const payload = JSON.stringify(event);
  const signature = await signatureHeader(payload, delivery.secret ?? WEBHOOK_SECRET, delivery.timestampS);
  return h.call('POST', fn('stripeWebhook'), {
    raw: delivery.sentBody ?? payload,
    headers: {
      'content-type': 'application/json',
      ...(delivery.unsigned ? {} : { 'stripe-signature': signature }),
    },
  });
}

export async function orders(h: Running): Promise<Json[]> {
  return (await h.call('GET', `/api/apps/${APP}/entities/Order`, { token: SERVICE_TOKEN })).body;
}

export async function agencyMail(h: Running): Promise<Json[]> {
  const outbox: Json[] = (await h.call('GET', '/__harness/outbox')).body;
  return outbox.filter((m) => m.kind === 'email' && m.to === AGENCY);
}
