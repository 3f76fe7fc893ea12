/**
 * What the payment provider's double takes (docs/security.md, "Servers of the harness and the backend functions") is no
 * more than the provider takes. Session requests with amounts past eight digits, return URLs off the site, e-mail
 * addresses with hidden characters, out-of-range expiries, parameters the provider removed or never had, and the
 * billing-cycle page's Limitations: each is the provider's 400 naming its `param`, and opens nothing.
 */
import type { CaseContext, HostileRequest } from './hostile-load-cases.ts';

const KEY = 'sk_test_harness_local';
const SITE = 'http://localhost:4401';
const DAY_S = 86_400;

function gold(nowS: number): Record<string, string> {
  return {
    mode: 'subscription',
    'line_items[0][price_data][currency]': 'gbp',
    'line_items[0][price_data][unit_amount]': '12300',
    'line_items[0][price_data][product_data][name]': 'Gold package: one-time setup',
    'line_items[0][quantity]': '1',
    'line_items[1][price_data][currency]': 'gbp',
    'line_items[1][price_data][unit_amount]': '4500',
    'line_items[1][price_data][recurring][interval]': 'month',
    'line_items[1][price_data][product_data][name]': 'Gold package: monthly',
    'line_items[1][quantity]': '1',
    success_url: `${SITE}/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${SITE}/Pricing`,
    'subscription_data[trial_end]': String(nowS + 30 * DAY_S),
  };
}

/** Each variant: what it changes, and the parameter the refusal names. */
function variants(nowS: number): [label: string, change: Record<string, string>, param: string][] {
  return [
    [
      'an amount past eight digits',
      { 'line_items[0][price_data][unit_amount]': '999999899000001' },
      'line_items[0][price_data][unit_amount]',
    ],
    [
      'a total past eight digits',
      { 'line_items[0][price_data][unit_amount]': '99999999', 'line_items[0][quantity]': '3' },
      'line_items',
    ],
    ['a success_url off the site', { success_url: 'https://evil.example/thanks' }, 'success_url'],
    ['a cancel_url on another port', { cancel_url: 'http://localhost:9/' }, 'cancel_url'],
    ['an e-mail with a bidi override', { customer_email: 'buyer@exa\u202emple.com' }, 'customer_email'],
    ['an e-mail with a zero-width space', { customer_email: 'bu\u200byer@example.com' }, 'customer_email'],
    ['an e-mail with NUL', { customer_email: 'buyer\u0000@example.com' }, 'customer_email'],
    ['an expiry an hour too late', { expires_at: String(nowS + 25 * 3600) }, 'expires_at'],
    ['payment_method_types at endive', { 'payment_method_types[0]': 'bacs_debit' }, 'payment_method_types'],
    ['a parameter nobody has', { 'shipping[weight]': '3' }, 'shipping'],
    [
      'an anchor beside a trial',
      { 'subscription_data[billing_cycle_anchor]': String(nowS + 10 * DAY_S) },
      'subscription_data[billing_cycle_anchor]',
    ],
    ['customer_creation in subscription mode', { customer_creation: 'always' }, 'customer_creation'],
    ['a metadata value of 501 characters', { 'metadata[package]': 'g'.repeat(501) }, 'metadata[package]'],
  ];
}

/** A hostile `POST /v1/checkout/sessions`: the provider's 400 naming the parameter at fault. */
export function paymentRequests(ctx: CaseContext): HostileRequest {
  const nowS = Math.floor(Date.now() / 1000);
  const [label, change, param] = ctx.rng.pick(variants(nowS));
  const escaped = param.replace(/[[\]]/g, '\\$&');
  return {
    category: 'payment-requests',
    label,
    method: 'POST',
    path: '/v1/checkout/sessions',
    target: 'provider',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...gold(nowS), ...change }).toString(),
    expect: '4xx',
    statuses: [400],
    answerMatches: new RegExp(
      `^\\{"error":\\{"type":"invalid_request_error","message":"[^"]*","param":"${escaped}"`,
    ),
  };
}
