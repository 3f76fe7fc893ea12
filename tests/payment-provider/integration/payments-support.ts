/** Talking to the payment double over real HTTP: its API (form-encoded), its hosted page, its control routes. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PaymentProviderOptions } from '../../../host-harness/payments/index.ts';
import type { CallOptions, Json, Running } from '../../integration/emulator/emulator-harness.ts';
import { type RunningProvider, startProvider } from '../../support/payment-provider.ts';
import { type RecordingServer, startRecordingServer } from '../../support/recording-server.ts';
import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from '../../support/spec-figures.ts';

export const KEY = 'sk_test_harness_local';
export const SESSIONS = '/v1/checkout/sessions';
export const SITE = 'http://localhost:4401';
export const DAY_S = 24 * 60 * 60;
/** The API version the functions' SDK pins (stripe 23.1.0), written here from the SDK's changelog, not read from it. */
export const PINNED_VERSION = '2026-10-28.endive';
export const ACACIA = '2025-02-24.acacia';

export const nowS = () => Math.floor(Date.now() / 1000);

/** The package's two prices as line items, inline (`price_data`). */
export const LINE_ITEMS: Readonly<Record<string, string>> = {
  mode: 'subscription',
  'line_items[0][price_data][currency]': CURRENCY,
  'line_items[0][price_data][unit_amount]': String(SETUP_PENCE),
  'line_items[0][price_data][product_data][name]': 'Gold package: one-time setup',
  'line_items[0][quantity]': '1',
  'line_items[1][price_data][currency]': CURRENCY,
  'line_items[1][price_data][unit_amount]': String(MONTHLY_PENCE),
  'line_items[1][price_data][recurring][interval]': 'month',
  'line_items[1][price_data][product_data][name]': 'Gold package: monthly',
  'line_items[1][quantity]': '1',
};

/** A session of the package with its return addresses and metadata, no billing terms (the provider's default). */
export function goldSession(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...LINE_ITEMS,
    success_url: `${SITE}/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE}/Pricing`,
    'metadata[package]': PACKAGE,
    'subscription_data[metadata][package]': PACKAGE,
    ...extra,
  };
}

/** The design createCheckout uses: a trial until `trialEndS` (one calendar month on). */
export function goldWithTrial(trialEndS: number, extra: Record<string, string> = {}) {
  return goldSession({ 'subscription_data[trial_end]': String(trialEndS), ...extra });
}

export function without(params: Record<string, string>, ...keys: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([key]) => !keys.includes(key)));
}

export function paymentsClient(h: Pick<Running, 'call'>) {
  const provider = (method: string, path: string, opts: CallOptions = {}) =>
    h.call(method, path, { ...opts, headers: { authorization: `Bearer ${KEY}`, ...opts.headers } });
  const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const control = (path: string, body: unknown) => h.call('POST', path, { body });
  return {
    provider,
    create: (params: Record<string, string>, headers: Record<string, string> = {}) =>
      provider('POST', SESSIONS, {
        raw: form(params),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      }),
    /** Presses Pay on the hosted page with the form's fields (`payment_method`, `email`). */
    pay: (id: string, fields: Record<string, string> = { email: 'buyer@example.com' }) =>
      h.call('POST', `/__harness/pay/${id}/pay`, {
        raw: form(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    page: (id: string) => h.call('GET', `/__harness/pay/${id}`),
    session: async (id: string): Promise<Json> =>
      (await h.call('GET', '/__harness/checkout-sessions')).body.find((o: Json) => o.id === id),
    events: async (id: string): Promise<Json[]> =>
      (await h.call('GET', `/__harness/checkout-sessions/${id}/events`)).body,
    settle: (id: string, outcome: 'succeeded' | 'failed') =>
      control(`/__harness/checkout-sessions/${id}/settle`, { outcome }),
    advance: (id: string, renewal: 'paid' | 'failed') =>
      control(`/__harness/checkout-sessions/${id}/advance`, { renewal }),
    clock: (id: string, to: number | string) => control(`/__harness/checkout-sessions/${id}/clock`, { to }),
    outcome: (id: string, outcome: 'succeeds' | 'fails') =>
      control(`/__harness/checkout-sessions/${id}/payment-method`, { outcome }),
    cancel: (id: string, at: 'now' | 'period_end' | number) =>
      control(`/__harness/checkout-sessions/${id}/cancel`, { at }),
    dispute: (id: string) => control(`/__harness/checkout-sessions/${id}/dispute`, {}),
    settings: (patch: Json) => control('/__harness/payments/settings', patch),
    advanceTime: (seconds: number) => control('/__harness/payments/time', { advance_seconds: seconds }),
  };
}

/** The stand-in alone, its webhook endpoint a server that records each delivery (and answers 200 by default). */
export type DoubleUnderTest = RunningProvider & { endpoint: RecordingServer };

/** One stand-in per test file, reset (with its endpoint) before each test. */
export function doublePerFile(use: (h: DoubleUnderTest) => void, opts: PaymentProviderOptions = {}): void {
  let h: DoubleUnderTest;
  beforeAll(async () => {
    const endpoint = await startRecordingServer();
    const provider = await startProvider({
      siteOrigin: SITE,
      webhookUrl: () => `${endpoint.url}/webhook`,
      ...opts,
    });
    h = {
      ...provider,
      endpoint,
      close: async () => {
        await provider.close();
        await endpoint.close();
      },
    };
    use(h);
  }, 60_000);
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.call('POST', '/__harness/reset');
    h.endpoint.reset();
  });
}

/** The provider's 400 for a request: its status, type, param and code. */
export function refusal(answer: { status: number; body: Json }) {
  const error = answer.body?.error ?? {};
  return {
    status: answer.status,
    type: error.type,
    param: error.param,
    code: error.code,
    message: error.message,
  };
}
