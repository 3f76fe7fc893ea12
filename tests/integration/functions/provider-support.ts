/** Talking to the payment double over real HTTP: the provider's API, its hosted page, and its control routes. */
import { GOLD_LINE_ITEMS } from '../../support/gold-checkout.ts';
import type { CallOptions, Json, Running } from '../emulator/emulator-harness.ts';

export const KEY = 'sk_test_harness_local';
export const SESSIONS = '/v1/checkout/sessions';
const DAY_S = 24 * 60 * 60;

/** The gold package in the provider's bracket notation, without billing terms (the provider's default). */
export const GOLD: Record<string, string> = {
  ...GOLD_LINE_ITEMS,
  success_url: 'http://localhost:4401/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://localhost:4401/Pricing',
  customer_email: 'user@example.com',
  'metadata[package]': 'gold',
  'metadata[user_id]': 'u1',
};

/** An anchor 27 days ahead: before the next natural billing date whatever the month. */
export const nearAnchor = () => Math.floor(Date.now() / 1000) + 27 * DAY_S;

/** The gold package as createCheckout sends it: the first month free until `anchorS`, no proration. */
export function goldAnchored(anchorS = nearAnchor()): Record<string, string> {
  return {
    ...GOLD,
    'subscription_data[billing_cycle_anchor]': String(anchorS),
    'subscription_data[proration_behavior]': 'none',
  };
}

export function without(params: Record<string, string>, ...keys: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([key]) => !keys.includes(key)));
}

export function providerClient(h: Running) {
  const provider = (method: string, path: string, opts: CallOptions = {}) =>
    h.call(method, path, { ...opts, headers: { authorization: `Bearer ${KEY}`, ...opts.headers } });
  const form = (params: Record<string, string>) => ({
    raw: new URLSearchParams(params).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return {
    provider,
    create: (params: Record<string, string>, headers: Record<string, string> = {}) =>
      provider('POST', SESSIONS, { ...form(params), headers: { ...form(params).headers, ...headers } }),
    /** Presses Pay on the hosted page, with the form's fields (`payment_method`, `email`). */
    pay: (id: string, fields: Record<string, string> = {}) =>
      h.call('POST', `/__harness/pay/${id}/pay`, form(fields)),
    sessions: async (): Promise<Json[]> => (await h.call('GET', '/__harness/checkout-sessions')).body,
    session: async (id: string): Promise<Json> =>
      (await h.call('GET', '/__harness/checkout-sessions')).body.find((o: Json) => o.id === id),
    /** The session's events as delivered (`event`), with their attempts. */
    events: async (id: string): Promise<Json[]> =>
      (await h.call('GET', `/__harness/checkout-sessions/${id}/events`)).body,
    settle: (id: string, outcome: 'succeeded' | 'failed') =>
      h.call('POST', `/__harness/checkout-sessions/${id}/settle`, { body: { outcome } }),
    advance: (id: string, renewal: 'paid' | 'failed') =>
      h.call('POST', `/__harness/checkout-sessions/${id}/advance`, { body: { renewal } }),
    cancel: (id: string, at: 'now' | 'period_end') =>
      h.call('POST', `/__harness/checkout-sessions/${id}/cancel`, { body: { at } }),
  };
}

/** What the fixture stripeWebhook recorded: one `WebhookEvent` per delivery it accepted (none before the first). */
export async function recordedEvents(h: Running): Promise<Json[]> {
  const answer = await h.call('GET', '/api/apps/local-app/entities/WebhookEvent?sort=created_date', {
    token: 'local-service-token',
  });
  return answer.status === 404 ? [] : answer.body;
}
