/**
 * `POST /v1/checkout/sessions` requests for the checkout rules' tests: form fields decoded and checked against the
 * provider's description as the route does, then read by parseSessionParams in a context of dashboard prices, account
 * settings and return origins; and the 400 each refusal is expected to be.
 */
import { defaultAccountSettings } from '../../../../host-harness/payments/account/account-settings.ts';
import { DashboardPrices } from '../../../../host-harness/payments/account/dashboard-prices.ts';
import {
  parseSessionParams,
  type RequestContext,
} from '../../../../host-harness/payments/api/checkout-rules.ts';
import { describedParams } from '../../../../host-harness/payments/api/request-schema.ts';
import { MONTHLY_PENCE, SETUP_PENCE } from '../../../support/spec-figures.ts';
import { refusalOf } from './provider-refusal.ts';

export const NOW = 1_700_000_000;
export const SITE = 'http://localhost:4401';
export const PINNED = '2026-10-28.endive';
export const ACACIA = '2025-02-24.acacia';

export type Fields = Record<string, string>;

/** The rules' context, and the API version the request is described at. */
export type Context = RequestContext & { apiVersion: string };

/** The dashboard's two prices (`price_setup` one-time, `price_monthly` monthly), the site and its loopback alias. */
export const context = (extra: Partial<Context> = {}): Context => ({
  nowS: NOW,
  apiVersion: PINNED,
  prices: new DashboardPrices({
    price_monthly: {
      product_name: 'Gold package: monthly',
      unit_amount: MONTHLY_PENCE,
      currency: 'gbp',
      recurring: { interval: 'month', interval_count: 1 },
    },
    price_setup: {
      product_name: 'Gold package: setup',
      unit_amount: SETUP_PENCE,
      currency: 'gbp',
      recurring: null,
    },
  }),
  settings: defaultAccountSettings(),
  returnOrigins: [SITE, 'http://127.0.0.1:4401'],
  ...extra,
});

export const parse = (fields: Fields, ctx = context()) =>
  parseSessionParams(
    describedParams('POST /v1/checkout/sessions', new URLSearchParams(fields).toString(), ctx.apiVersion),
    ctx,
  );
export const refusal = (fields: Fields, ctx = context()) => refusalOf(() => parse(fields, ctx));

/** Line item `i` with inline price data (`recurring` adds a monthly interval). */
export const inline = (i: number, amount: number, recurring = false, currency = 'gbp'): Fields => ({
  [`line_items[${i}][price_data][currency]`]: currency,
  [`line_items[${i}][price_data][unit_amount]`]: String(amount),
  [`line_items[${i}][price_data][product_data][name]`]: `Item ${i}`,
  [`line_items[${i}][quantity]`]: '1',
  ...(recurring ? { [`line_items[${i}][price_data][recurring][interval]`]: 'month' } : {}),
});

/** A one-time payment of the setup fee. */
export const payment = (extra: Fields = {}): Fields => ({
  mode: 'payment',
  ...inline(0, SETUP_PENCE),
  success_url: `${SITE}/PaymentSuccess`,
  ...extra,
});

/** The setup fee and the monthly fee as a subscription. */
export const subscription = (extra: Fields = {}): Fields => ({
  mode: 'subscription',
  ...inline(0, SETUP_PENCE),
  ...inline(1, MONTHLY_PENCE, true),
  success_url: `${SITE}/PaymentSuccess`,
  ...extra,
});

/** The refusal expected: a 400 `invalid_request_error`, naming `param` (and `code`) when given. */
export const bad = (message: string, param?: string, code?: string) => ({
  status: 400,
  type: 'invalid_request_error',
  message,
  ...(param === undefined ? {} : { param }),
  ...(code === undefined ? {} : { code }),
});
