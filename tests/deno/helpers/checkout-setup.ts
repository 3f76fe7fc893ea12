/**
 * createCheckout under test: its handler wired to a provider double and a platform double on ephemeral ports, with
 * the function's log captured and its clock fixed. Shared by the createCheckout test files.
 */
import assert from 'node:assert/strict';
import { handleCreateCheckout } from '../../../base44/functions/createCheckout/handler.ts';
import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from '../../support/spec-figures.ts';
import { captureLogs } from './captured-logs.ts';
import { APP_ID, type PlatformDouble, type PlatformOptions, startPlatformDouble } from './platform-double.ts';
import { type ProviderDouble, startProviderDouble } from './provider-double.ts';
import { testEnv } from './test-env.ts';

export const SECRET_KEY = 'sk_test_deno';
export const SITE_ORIGIN = 'https://www.example.co.uk';
export const PROVIDER_ERROR = 'The payment provider could not start checkout';
/** The tests' clock: 31 January 2027, 10:00 in London (GMT). */
export const NOW_S = Date.UTC(2027, 0, 31, 10, 0, 0) / 1000;
/** One calendar month on, worked out by hand: February has no 31st, so its last day, at the same London time. */
export const TRIAL_END_S = Date.UTC(2027, 1, 28, 10, 0, 0) / 1000;
/** The provider's page stays open an hour. */
export const SESSION_LIFETIME_S = 60 * 60;

/**
 * The session createCheckout must ask for, as the provider receives it (form-encoded, bracket notation): the setup
 * once and the monthly fee (every 1 month) as inline prices, a trial to one calendar month on, the package in the
 * session's and the subscription's metadata.
 */
export function goldSessionForm(nowS = NOW_S, trialEndS = TRIAL_END_S): Record<string, string> {
  return {
    mode: 'subscription',
    'line_items[0][price_data][currency]': CURRENCY,
    'line_items[0][price_data][unit_amount]': String(SETUP_PENCE),
    'line_items[0][price_data][product_data][name]': 'Gold package: one-time setup',
    'line_items[0][quantity]': '1',
    'line_items[1][price_data][currency]': CURRENCY,
    'line_items[1][price_data][unit_amount]': String(MONTHLY_PENCE),
    'line_items[1][price_data][recurring][interval]': 'month',
    'line_items[1][price_data][recurring][interval_count]': '1',
    'line_items[1][price_data][product_data][name]': 'Gold package: monthly',
    'line_items[1][quantity]': '1',
    success_url: `${SITE_ORIGIN}/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE_ORIGIN}/Pricing`,
    expires_at: String(nowS + SESSION_LIFETIME_S),
    'metadata[package]': PACKAGE,
    'subscription_data[trial_end]': String(trialEndS),
    'subscription_data[metadata][package]': PACKAGE,
  };
}

export interface CheckoutSetup {
  provider: ProviderDouble;
  platform: PlatformDouble;
  logs: ReturnType<typeof captureLogs>;
  /** A POST (by default) of `body` as JSON, with the platform's `Base44-App-Id` and any extra headers. */
  call(
    body: unknown,
    init?: { headers?: Record<string, string>; method?: string; raw?: boolean },
  ): Promise<Response>;
  /** The handler itself, for a request the test builds. */
  handle(req: Request): Promise<Response>;
}

export interface CheckoutOptions {
  /** Environment overrides (`undefined` unsets a variable). */
  vars?: Record<string, string | undefined>;
  platform?: PlatformOptions;
  /** The function's clock, Unix seconds. */
  nowS?: number;
}

/** Runs a test with both doubles up and the function configured for them. */
export async function withCheckout(
  run: (setup: CheckoutSetup) => Promise<void>,
  options: CheckoutOptions = {},
) {
  const provider = startProviderDouble(SECRET_KEY);
  const platform = startPlatformDouble(options.platform);
  const logs = captureLogs();
  const env = testEnv({
    STRIPE_SECRET_KEY: SECRET_KEY,
    SITE_ORIGIN,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(provider.port),
    STRIPE_API_PROTOCOL: 'http',
    ...options.vars,
  });
  const nowS = options.nowS ?? NOW_S;
  const handle = (req: Request) =>
    handleCreateCheckout(req, { env, callerLookupTimeoutMs: 300, nowS: () => nowS });
  const call: CheckoutSetup['call'] = (body, init = {}) => {
    const method = init.method ?? 'POST';
    const payload = init.raw ? (body as string) : JSON.stringify(body);
    const req = new Request('http://127.0.0.1/functions/createCheckout', {
      method,
      headers: { 'Content-Type': 'application/json', 'Base44-App-Id': APP_ID, ...init.headers },
      body: method === 'GET' || method === 'HEAD' ? undefined : payload,
    });
    return handle(req);
  };
  try {
    await run({ provider, platform, logs, call, handle });
  } finally {
    logs.restore();
    await provider.close();
    await platform.close();
  }
}

export function formOf(provider: ProviderDouble, index = 0): Record<string, string> {
  const request = provider.requests[index];
  assert.ok(request, `the provider received request #${index + 1}`);
  return Object.fromEntries(request.form);
}

/** A signed-in caller's headers, as the platform forwards them. */
export function signedIn(platform: PlatformDouble, token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, 'Base44-Api-Url': platform.url };
}
