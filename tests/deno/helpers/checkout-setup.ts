/**
 * createCheckout under test: its handler wired to a provider double and a platform double on ephemeral ports, with
 * the function's log captured. Shared by the createCheckout test files.
 */
import assert from 'node:assert/strict';
import { handleCreateCheckout } from '../../../base44/functions/createCheckout/handler.ts';
import { GOLD_LINE_ITEMS } from '../../support/gold-checkout.ts';
import { captureLogs } from './captured-logs.ts';
import { APP_ID, type PlatformDouble, type PlatformOptions, startPlatformDouble } from './platform-double.ts';
import { type ProviderDouble, startProviderDouble } from './provider-double.ts';
import { testEnv } from './test-env.ts';

export const SECRET_KEY = 'sk_test_deno';
export const SITE_ORIGIN = 'https://www.example.co.uk';
export const PROVIDER_ERROR = 'The payment provider could not start checkout';
/** The tests' clock: 31 January, so the first renewal falls on the last day of February. */
export const NOW_S = Date.UTC(2027, 0, 31, 10, 0, 0) / 1000;
/** The billing anchor for `NOW_S`: 28 February 2027 10:00 UTC, less the ten-minute margin. */
export const ANCHOR_S = Date.UTC(2027, 1, 28, 9, 50, 0) / 1000;

/** The session createCheckout must ask for, as the provider receives it (form-encoded, bracket notation). */
export const GOLD_SESSION_FORM = {
  ...GOLD_LINE_ITEMS,
  success_url: 'https://www.example.co.uk/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://www.example.co.uk/Pricing',
  'metadata[package]': 'gold',
  'metadata[first_renewal]': String(ANCHOR_S),
  'metadata[setup_amount]': '79900',
  'metadata[monthly_amount]': '19900',
  'subscription_data[billing_cycle_anchor]': String(ANCHOR_S),
  'subscription_data[proration_behavior]': 'none',
  'subscription_data[metadata][package]': 'gold',
};

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

/** Runs a test with both doubles up and the function configured for them; `vars` overrides the environment. */
export async function withCheckout(
  run: (setup: CheckoutSetup) => Promise<void>,
  vars: Record<string, string | undefined> = {},
  platformOptions: PlatformOptions = {},
): Promise<void> {
  const provider = startProviderDouble();
  const platform = startPlatformDouble(platformOptions);
  const logs = captureLogs();
  const env = testEnv({
    STRIPE_SECRET_KEY: SECRET_KEY,
    SITE_ORIGIN,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(provider.port),
    STRIPE_API_PROTOCOL: 'http',
    ...vars,
  });
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
  const handle = (req: Request) =>
    handleCreateCheckout(req, { env, callerLookupTimeoutMs: 300, nowS: () => NOW_S });
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
