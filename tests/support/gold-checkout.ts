/**
 * The gold package's line items as createCheckout sends them to the payment provider (form-encoded, the provider's
 * bracket notation): £799.00 once, then £199.00 a month. Shared by the Deno tests of createCheckout (what the provider
 * must receive) and the Vitest tests of the harness's payment double (what it is sent).
 */
export const GOLD_LINE_ITEMS: Readonly<Record<string, string>> = {
  mode: 'subscription',
  'line_items[0][price_data][currency]': 'gbp',
  'line_items[0][price_data][unit_amount]': '79900',
  'line_items[0][price_data][product_data][name]': 'Gold package: one-time setup',
  'line_items[0][quantity]': '1',
  'line_items[1][price_data][currency]': 'gbp',
  'line_items[1][price_data][unit_amount]': '19900',
  'line_items[1][price_data][recurring][interval]': 'month',
  'line_items[1][price_data][product_data][name]': 'Gold package: monthly',
  'line_items[1][quantity]': '1',
};
