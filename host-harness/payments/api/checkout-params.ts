/**
 * `POST /v1/checkout/sessions` read and checked the way the provider documents it; every refusal is its 400
 * `invalid_request_error` naming the `param` at fault. Each rule is listed with its source page in
 * `payments/RULES.md`, and has a test named after it (tests/integration/payments/provider-rules.test.ts).
 */
import type { AccountSettings } from '../account/account-settings.ts';
import type { DashboardPrices, PriceInfo } from '../account/dashboard-prices.ts';
import {
  BACS_CURRENCY,
  isPaymentMethodType,
  offeredMethods,
  type PaymentMethodType,
} from '../account/payment-methods.ts';
import { isInterval } from '../billing/billing-dates.ts';
import { chargeTerms, type PricedLine } from '../billing/billing-terms.ts';
import type { CheckoutMode, LineItemInput, SessionInput } from '../checkout/checkout-session.ts';
import type { FormValue } from './form-decode.ts';
import { integer, isObj, metadataOf, type Obj, text, timestamp } from './param-values.ts';
import { invalidRequest } from './provider-error.ts';
import {
  LINE_ITEM_PARAMETERS,
  PAYMENT_METHOD_TYPES_REMOVED_IN,
  PRICE_DATA_PARAMETERS,
  PRODUCT_DATA_PARAMETERS,
  RECURRING_PARAMETERS,
  SESSION_PARAMETERS,
  versionDate,
} from './session-create-params.ts';
import { type RecurringInterval, subscriptionDataOf } from './subscription-data-params.ts';

/** What the rules need besides the request: the clock, the request's API version, the account. */
export interface RequestContext {
  nowS: number;
  apiVersion: string;
  prices: DashboardPrices;
  settings: AccountSettings;
  /** Origins `success_url` and `cancel_url` may name (the harness is stricter than the provider on purpose). */
  returnOrigins: readonly string[];
}

/** Parameters that change nothing the double computes or shows: taken and ignored, like the provider's display. */
const DISPLAY_ONLY = new Set([
  'billing_address_collection',
  'consent_collection',
  'custom_text',
  'expand',
  'locale',
  'phone_number_collection',
  'tax_id_collection',
]);
const HANDLED = new Set([
  'allowed_payment_method_types',
  'cancel_url',
  'client_reference_id',
  'customer_creation',
  'customer_email',
  'discounts',
  'expires_at',
  'line_items',
  'metadata',
  'mode',
  'payment_method_types',
  'subscription_data',
  'success_url',
  'ui_mode',
]);

// "For `payment` mode, there is a maximum of 100 line items … For `subscription` mode, there is a maximum of 20 line
// items with recurring Prices and 20 line items with one-time Prices" (`line_items`).
const MAX_PAYMENT_LINE_ITEMS = 100;
const MAX_SUBSCRIPTION_LINE_ITEMS_EACH = 20;
// "The amount value supports up to eight digits (e.g., a value of 99999999 for a USD charge of $999,999.99)" and "The
// minimum amount is $0.50 US or equivalent in charge currency" (the PaymentIntent's `amount`). The double takes 50
// minor units as the least in every currency: at or above the equivalent of $0.50 in GBP, so never kinder.
export const MAX_AMOUNT = 99_999_999;
export const MIN_AMOUNT = 50;
const MAX_QUANTITY = 999_999;
// "It can be anywhere from 30 minutes to 24 hours after Checkout Session creation. By default, this value is 24 hours
// from creation" (`expires_at`).
const MIN_LIFETIME_S = 30 * 60;
const MAX_LIFETIME_S = 24 * 60 * 60;
// stripe/openapi's spec (`maxLength`): success_url and cancel_url 5000, client_reference_id 200; customer e-mails 512.
const MAX_URL = 5000;
const MAX_REFERENCE = 200;
const MAX_EMAIL = 512;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * Characters no e-mail address holds: C0 and C1 controls, bidirectional overrides and isolates, zero-width characters,
 * line and paragraph separators. The provider's pages do not list what it refuses; refusing these is the double's
 * reading (they would mislead whoever reads the address), stricter rather than kinder.
 */
export const HIDDEN_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

function unknownParameter(param: string) {
  return invalidRequest(`Received unknown parameter: ${param.slice(0, 100)}`, param, 'parameter_unknown');
}

function notSimulated(param: string, what = param) {
  return invalidRequest(`${what.slice(0, 100)} is not simulated by the local double`, param);
}

/** Refuses any key of `value` outside `known` (parameter_unknown) and, when given, outside `handled` (not simulated). */
function checkKeys(value: Obj, at: string, known: readonly string[], handled?: ReadonlySet<string>): void {
  for (const key of Object.keys(value)) {
    const param = at ? `${at}[${key}]` : key;
    if (!known.includes(key)) throw unknownParameter(param);
    if (handled && !handled.has(key)) throw notSimulated(param);
  }
}

function url(
  value: FormValue | undefined,
  param: string,
  required: boolean,
  ctx: RequestContext,
): string | null {
  const raw = text(value, param, required);
  if (raw === null) return null;
  if (raw.length > MAX_URL) throw invalidRequest(`${param} may be at most ${MAX_URL} characters`, param);
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {}
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw invalidRequest('Not a valid URL', param, 'url_invalid');
  // The provider accepts any URL; the harness returns buyers only to the site it serves (RULES.md, "stricter").
  if (!ctx.returnOrigins.includes(parsed.origin))
    throw invalidRequest(
      `${param} must be on the site's origin (${ctx.returnOrigins.join(', ')}): the local double returns buyers nowhere else`,
      param,
      'url_invalid',
    );
  return raw;
}

/** An e-mail address as the provider takes one: a plain address, nothing hidden in it. */
export function emailAddress(value: FormValue | undefined, param: string): string | null {
  const raw = text(value, param, false);
  if (raw === null) return null;
  if (raw.length > MAX_EMAIL || !EMAIL.test(raw) || HIDDEN_CHARACTERS.test(raw))
    throw invalidRequest(`Invalid email address: ${raw.slice(0, 100)}`, param, 'email_invalid');
  return raw;
}

function amount(value: FormValue | undefined, param: string): number {
  const raw = text(value, param, true)!;
  if (!/^\d{1,12}$/.test(raw)) throw invalidRequest(`Invalid integer: ${raw.slice(0, 40)}`, param);
  const n = Number(raw);
  if (n > MAX_AMOUNT)
    throw invalidRequest(`Amount must be no more than ${MAX_AMOUNT} minor units`, param, 'amount_too_large');
  return n;
}

function recurringOf(value: FormValue | undefined, at: string): PriceInfo['recurring'] {
  if (value === undefined) return null;
  if (!isObj(value)) throw invalidRequest('Invalid object', at);
  checkKeys(value, at, RECURRING_PARAMETERS);
  const interval = text(value.interval, `${at}[interval]`, true)!;
  if (!isInterval(interval))
    throw invalidRequest(
      'Invalid recurring interval: must be one of day, week, month or year',
      `${at}[interval]`,
    );
  const count =
    value.interval_count === undefined ? 1 : integer(value.interval_count, `${at}[interval_count]`, 1, 365);
  return { interval, interval_count: count };
}

function priceOf(item: Obj, at: string, ctx: RequestContext): PriceInfo {
  // "One of `price` or `price_data` is required."
  if (item.price !== undefined && item.price_data !== undefined)
    throw invalidRequest('You may only specify one of these parameters: price, price_data.', `${at}[price]`);
  if (item.price !== undefined) {
    const id = text(item.price, `${at}[price]`, true)!;
    const known = ctx.prices.get(id);
    if (!known)
      throw invalidRequest(`No such price: '${id.slice(0, 100)}'`, `${at}[price]`, 'resource_missing');
    return known;
  }
  const data = item.price_data;
  if (!isObj(data))
    throw invalidRequest(
      'You must specify either price or price_data.',
      `${at}[price_data]`,
      'parameter_missing',
    );
  const pd = `${at}[price_data]`;
  checkKeys(
    data,
    pd,
    PRICE_DATA_PARAMETERS,
    new Set(['currency', 'product_data', 'recurring', 'unit_amount']),
  );
  const currency = text(data.currency, `${pd}[currency]`, true)!.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency))
    throw invalidRequest(`Invalid currency: ${currency.slice(0, 20)}`, `${pd}[currency]`);
  const unitAmount = amount(data.unit_amount, `${pd}[unit_amount]`);
  const product = data.product_data;
  if (!isObj(product))
    throw invalidRequest(
      'Missing required param: product_data (the double knows no product ids).',
      `${pd}[product_data]`,
      'parameter_missing',
    );
  checkKeys(
    product,
    `${pd}[product_data]`,
    PRODUCT_DATA_PARAMETERS,
    new Set(['name', 'description', 'metadata']),
  );
  const name = text(product.name, `${pd}[product_data][name]`, true)!.slice(0, 250);
  return {
    id: 'price_inline',
    product_name: name,
    unit_amount: unitAmount,
    currency,
    recurring: recurringOf(data.recurring, `${pd}[recurring]`),
  };
}

function lineItemsOf(value: FormValue | undefined, mode: CheckoutMode, ctx: RequestContext): LineItemInput[] {
  if (value === undefined)
    throw invalidRequest(
      `Missing required param: line_items (required in ${mode} mode).`,
      'line_items',
      'parameter_missing',
    );
  if (!Array.isArray(value) || value.length === 0) throw invalidRequest('Invalid array', 'line_items');
  if (mode === 'payment' && value.length > MAX_PAYMENT_LINE_ITEMS)
    throw invalidRequest(
      `line_items may hold at most ${MAX_PAYMENT_LINE_ITEMS} items in payment mode`,
      'line_items',
    );
  const items = value.map((item, i) => {
    const at = `line_items[${i}]`;
    if (!isObj(item)) throw invalidRequest('Invalid object', at);
    checkKeys(item, at, LINE_ITEM_PARAMETERS, new Set(['price', 'price_data', 'quantity']));
    const price = priceOf(item, at, ctx);
    const quantity = integer(item.quantity, `${at}[quantity]`, 1, MAX_QUANTITY);
    if (mode === 'payment' && price.recurring)
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        `${at}[price]`,
      );
    return { price, quantity };
  });
  if (mode === 'subscription') {
    const recurring = items.filter((item) => item.price.recurring).length;
    if (
      recurring > MAX_SUBSCRIPTION_LINE_ITEMS_EACH ||
      items.length - recurring > MAX_SUBSCRIPTION_LINE_ITEMS_EACH
    )
      throw invalidRequest(
        `In subscription mode, line_items may hold at most ${MAX_SUBSCRIPTION_LINE_ITEMS_EACH} recurring and ${MAX_SUBSCRIPTION_LINE_ITEMS_EACH} one-time prices`,
        'line_items',
      );
  }
  return items;
}

/** The interval every recurring price shares; mixed intervals in one Checkout Session are not simulated. */
function recurringIntervalOf(lineItems: LineItemInput[]): RecurringInterval | null {
  const recurring = lineItems.flatMap((item) => (item.price.recurring ? [item.price.recurring] : []));
  const first = recurring[0] ?? null;
  if (recurring.some((r) => r.interval !== first!.interval || r.interval_count !== first!.interval_count))
    throw invalidRequest(
      'Recurring prices of different intervals in one session are not simulated by the local double.',
      'line_items',
    );
  return first;
}

function methodList(value: FormValue | undefined, param: string): PaymentMethodType[] | null {
  if (value === undefined || value === '') return null;
  if (!Array.isArray(value) || value.length === 0) throw invalidRequest('Invalid array', param);
  const types: PaymentMethodType[] = [];
  for (const [i, entry] of value.entries()) {
    if (typeof entry !== 'string') throw invalidRequest('Invalid string', `${param}[${i}]`);
    if (!isPaymentMethodType(entry)) throw notSimulated(`${param}[${i}]`, `The payment method type ${entry}`);
    if (!types.includes(entry)) types.push(entry);
  }
  return types;
}

/** The methods the session offers, from the dashboard and what the request names (RULES.md, payment methods). */
function methodsOf(params: Obj, currency: string, ctx: RequestContext) {
  // Which of the two the request's version takes is settled by parseSessionParams's list of known parameters.
  const named = methodList(params.payment_method_types, 'payment_method_types');
  if (named?.includes('bacs_debit') && currency !== BACS_CURRENCY)
    throw invalidRequest(
      `The currency provided (${currency}) is invalid for one or more payment method types on this Checkout Session: bacs_debit accepts ${BACS_CURRENCY} only.`,
      'payment_method_types',
    );
  const allowed = methodList(params.allowed_payment_method_types, 'allowed_payment_method_types');
  const methods = offeredMethods(ctx.settings.paymentMethods, currency, { allowed, named });
  if (methods.length === 0)
    throw invalidRequest(
      `No payment method this session could use is turned on for ${currency} (turned on: ${ctx.settings.paymentMethods.join(', ')})`,
      allowed ? 'allowed_payment_method_types' : 'currency',
    );
  return { methods, allowed };
}

function expiresAtOf(value: FormValue | undefined, nowS: number): number {
  if (value === undefined || value === '') return nowS + MAX_LIFETIME_S;
  const at = timestamp(value, 'expires_at');
  if (at < nowS + MIN_LIFETIME_S || at > nowS + MAX_LIFETIME_S)
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  return at;
}

/**
 * `discounts`: only the account's coupons exist, and the double computes none, so any discount is refused; the
 * billing-cycle page's third Limitation is told apart first ("You can't apply amount_off coupons to Checkout Sessions
 * with a default `proration_behavior` of `create_prorations`").
 */
function discountsOf(params: Obj): void {
  if (params.discounts === undefined) return;
  const data = params.subscription_data;
  const anchored = isObj(data) && data.billing_cycle_anchor !== undefined;
  const proration = isObj(data) ? data.proration_behavior : undefined;
  if (anchored && (proration === undefined || proration === 'create_prorations'))
    throw invalidRequest(
      "You can't apply amount_off coupons to Checkout Sessions with a default `proration_behavior` of `create_prorations`; the local double applies no coupon at all.",
      'discounts',
    );
  throw notSimulated('discounts', 'Discounts and coupons');
}

const lines = (items: LineItemInput[]): PricedLine[] =>
  items.map(({ price, quantity }) => ({
    unitAmount: price.unit_amount,
    quantity,
    recurring: price.recurring,
  }));

/** Validates the decoded body of `POST /v1/checkout/sessions` (throws the provider's `ProviderError`). */
export function parseSessionParams(params: Obj, ctx: RequestContext): SessionInput {
  const removed = versionDate(ctx.apiVersion) >= versionDate(PAYMENT_METHOD_TYPES_REMOVED_IN);
  const known = removed
    ? SESSION_PARAMETERS
    : [...SESSION_PARAMETERS.filter((p) => p !== 'allowed_payment_method_types'), 'payment_method_types'];
  for (const key of Object.keys(params)) {
    if (!known.includes(key)) throw unknownParameter(key);
    if (!HANDLED.has(key) && !DISPLAY_ONLY.has(key)) throw notSimulated(key);
  }
  const mode = text(params.mode, 'mode', true)!;
  if (mode !== 'payment' && mode !== 'subscription')
    throw mode === 'setup'
      ? notSimulated('mode', 'Setup mode')
      : invalidRequest('Invalid mode: must be one of payment, setup or subscription', 'mode');
  if (params.ui_mode !== undefined && params.ui_mode !== 'hosted_page')
    throw notSimulated('ui_mode', `ui_mode ${String(params.ui_mode)}`);
  // "Can only be set in `payment` and `setup` mode."
  if (params.customer_creation !== undefined && mode !== 'payment')
    throw invalidRequest(
      '`customer_creation` can only be used in `payment` and `setup` mode.',
      'customer_creation',
    );
  if (params.customer_creation !== undefined) {
    const creation = text(params.customer_creation, 'customer_creation', true);
    if (creation !== 'always' && creation !== 'if_required')
      throw invalidRequest(
        'Invalid customer_creation: must be one of always or if_required',
        'customer_creation',
      );
  }
  const lineItems = lineItemsOf(params.line_items, mode, ctx);
  const currency = lineItems[0]!.price.currency;
  if (lineItems.some((item) => item.price.currency !== currency))
    throw invalidRequest('All line items must use the same currency.', 'line_items');
  const recurring = recurringIntervalOf(lineItems);
  // "Pass `subscription` if the Checkout Session includes at least one recurring item."
  if (mode === 'subscription' && !recurring)
    throw invalidRequest(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'line_items',
    );
  discountsOf(params);
  const subscriptionData = subscriptionDataOf(
    params.subscription_data,
    recurring, // null in payment mode, which refuses recurring prices
    lineItems.some((item) => !item.price.recurring),
    ctx.nowS,
  );
  const terms = chargeTerms(lines(lineItems), subscriptionData, ctx.nowS);
  if (terms.dueToday > MAX_AMOUNT || (terms.recurring?.amount ?? 0) > MAX_AMOUNT)
    throw invalidRequest(
      `Amount must be no more than ${MAX_AMOUNT} minor units (what is due today, and each period)`,
      'line_items',
      'amount_too_large',
    );
  if (terms.dueToday > 0 && terms.dueToday < MIN_AMOUNT)
    throw invalidRequest(
      `Amount must be at least ${MIN_AMOUNT} minor units (what is due today)`,
      'line_items',
      'amount_too_small',
    );
  const { methods, allowed } = methodsOf(params, currency, ctx);
  const clientReferenceId = text(params.client_reference_id, 'client_reference_id', false);
  if (clientReferenceId !== null && clientReferenceId.length > MAX_REFERENCE)
    throw invalidRequest(
      `client_reference_id may be at most ${MAX_REFERENCE} characters`,
      'client_reference_id',
    );
  return {
    mode,
    lineItems,
    currency,
    successUrl: url(params.success_url, 'success_url', true, ctx)!,
    cancelUrl: url(params.cancel_url, 'cancel_url', false, ctx),
    customerEmail: emailAddress(params.customer_email, 'customer_email'),
    clientReferenceId,
    metadata: metadataOf(params.metadata, 'metadata'),
    methods,
    allowedMethods: allowed,
    subscriptionData,
    expiresAt: expiresAtOf(params.expires_at, ctx.nowS),
  };
}
