/**
 * The payment double's routes in-process: its stores on an in-memory database, its engine, the provider API under
 * `/v1` and the control routes, called through Fastify's `inject` (no socket). The webhook endpoint is sent no event
 * type (the account's default), so nothing is delivered anywhere unless a test turns events on.
 */

import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import {
  type AccountSettings,
  defaultAccountSettings,
} from '../../../../host-harness/payments/account/account-settings.ts';
import type { DashboardPrice } from '../../../../host-harness/payments/account/dashboard-prices.ts';
import {
  IDEMPOTENCY_TABLES,
  IdempotencyStore,
} from '../../../../host-harness/payments/api/idempotency-store.ts';
import { registerProviderRoutes } from '../../../../host-harness/payments/api/provider-routes.ts';
import { completeCheckout } from '../../../../host-harness/payments/checkout/checkout-completion.ts';
import {
  CHECKOUT_SESSION_TABLES,
  CheckoutSessionStore,
} from '../../../../host-harness/payments/checkout/checkout-session-store.ts';
import type {
  PaymentState,
  PaymentsContext,
} from '../../../../host-harness/payments/checkout/payment-engine.ts';
import { PaymentDouble } from '../../../../host-harness/payments/checkout/payment-engine.ts';
import { registerPaymentControlRoutes } from '../../../../host-harness/payments/control/payment-control-routes.ts';
import { registerControlPlumbing } from '../../../../host-harness/payments/create-payment-provider.ts';
import { openDatabase } from '../../../../host-harness/payments/server/database.ts';
import {
  PROVIDER_EVENT_TABLES,
  ProviderEventStore,
} from '../../../../host-harness/payments/webhooks/provider-event-store.ts';
import {
  DEFAULT_RETRY_SCHEDULE,
  type RetrySchedule,
} from '../../../../host-harness/payments/webhooks/retry-schedule.ts';
import { MONTHLY_PENCE, SETUP_PENCE } from '../../../support/spec-figures.ts';

export const KEY = 'sk_test_harness_local';
export const SITE = 'http://localhost:4401';
export const OWN_URL = 'http://127.0.0.1:4400';
export const PINNED = '2026-10-28.endive';
export const ACACIA = '2025-02-24.acacia';

export const PRICES: Record<string, DashboardPrice> = {
  price_setup: {
    product_name: 'Gold package: setup',
    unit_amount: SETUP_PENCE,
    currency: 'gbp',
    recurring: null,
  },
  price_monthly: {
    product_name: 'Gold package: monthly',
    unit_amount: MONTHLY_PENCE,
    currency: 'gbp',
    recurring: { interval: 'month', interval_count: 1 },
  },
};

/** The gold package by the dashboard's prices, returning to the site. */
export const GOLD: Readonly<Record<string, string>> = {
  mode: 'subscription',
  'line_items[0][price]': 'price_setup',
  'line_items[0][quantity]': '1',
  'line_items[1][price]': 'price_monthly',
  'line_items[1][quantity]': '1',
  success_url: `${SITE}/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}`,
  cancel_url: `${SITE}/Pricing`,
  'metadata[package]': 'gold',
};

export interface AppOptions {
  settings?: AccountSettings;
  quiet?: boolean;
  endpoint?: (appId: string) => string;
  /** Whether some events are delivered twice (off here unless a test turns it on). */
  duplicateDeliveries?: boolean;
  /** When failed deliveries are tried again (the provider's live schedule by default). */
  retry?: RetrySchedule;
  /** Registers more on the app (body parsers, the hosted page) before the double's routes. */
  extra?: (app: FastifyInstance, ctx: PaymentsContext) => void | Promise<void>;
}

export async function paymentsApp(options: AppOptions = {}) {
  const db = openDatabase(null, [CHECKOUT_SESSION_TABLES, PROVIDER_EVENT_TABLES, IDEMPOTENCY_TABLES]);
  const state: PaymentState = {
    appId: 'app_test',
    checkoutSessions: new CheckoutSessionStore(db),
    providerEvents: new ProviderEventStore(db),
  };
  const quiet = options.quiet ?? true;
  const payments = new PaymentDouble(state, {
    endpoint: options.endpoint ?? (() => 'http://127.0.0.1:9/unused'),
    retry: options.retry ?? DEFAULT_RETRY_SCHEDULE,
    quiet,
    settings: options.settings ?? defaultAccountSettings(),
    prices: PRICES,
    eventOrderSeed: 1,
    duplicateDeliveries: options.duplicateDeliveries ?? false,
    returnOrigins: [SITE],
  });
  const ctx: PaymentsContext = { state, payments, ownUrl: () => OWN_URL, quiet };
  const app = Fastify({ logger: false });
  registerControlPlumbing(app, true);
  await options.extra?.(app, ctx);
  registerProviderRoutes(app, ctx, new IdempotencyStore(db));
  registerPaymentControlRoutes(app, ctx);
  await app.ready();

  const call = async (options: InjectOptions) => {
    const answer = await app.inject(options);
    return {
      status: answer.statusCode,
      headers: answer.headers,
      body: answer.body ? answer.json() : undefined,
    };
  };
  /** A provider API call with the account's key. */
  const provider = (
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string> = {},
    payload?: string,
  ) =>
    call({
      method,
      url,
      headers: { authorization: `Bearer ${KEY}`, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  /** `POST /v1/checkout/sessions` with a form body. */
  const create = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    provider(
      'POST',
      '/v1/checkout/sessions',
      { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      new URLSearchParams(fields).toString(),
    );
  /** A control route, with a JSON body. */
  const control = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    call({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
  /** Pays a session by card (or Bacs) as the hosted page does. */
  const pay = async (id: string, method: 'card' | 'bacs_debit' = 'card') =>
    (await payments.apply(id, (record, nowS) =>
      completeCheckout(record, { method, email: 'buyer@example.com' }, nowS, payments.settings()),
    ))!.record;
  return { app, db, state, payments, call, provider, create, control, pay, close: () => app.close() };
}

export type PaymentsApp = Awaited<ReturnType<typeof paymentsApp>>;
