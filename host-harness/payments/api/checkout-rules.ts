/**
 * `POST /v1/checkout/sessions` once the provider's description accepted its shape (request-schema.ts): the rules its
 * pages state beyond names and types, and the double's readings, each a row of RULES.md named in a comment here.
 */
import type { AccountSettings } from '../account/account-settings.ts';
import type { DashboardPrices, PriceInfo } from '../account/dashboard-prices.ts';
import {
  BACS_CURRENCY,
  isPaymentMethodType,
  offeredMethods,
  type PaymentMethodType,
} from '../account/payment-methods.ts';
import { nextNaturalBillingDate } from '../billing/billing-dates.ts';
import { chargeTerms, type SubscriptionDataInput } from '../billing/billing-terms.ts';
import {
  type CheckoutMode,
  type LineItemInput,
  pricedLinesOf,
  type SessionInput,
} from '../checkout/checkout-session.ts';
import { invalidRequest } from './provider-error.ts';
import type { Form, FormValue } from './request-schema.ts';

/** What the rules need besides the request: the clock, the account, where buyers may be sent back. */
export interface RequestContext {
  nowS: number;
  prices: DashboardPrices;
  settings: AccountSettings;
  /** Origins `success_url` and `cancel_url` may name (the harness is stricter than the provider on purpose). */
  returnOrigins: readonly string[];
}

/** `not-simulated`: the parameters the double computes, and those that change nothing it computes or shows. */
const SIMULATED = {
  session:
    'allowed_payment_method_types cancel_url client_reference_id customer_creation customer_email discounts expires_at ' +
    'line_items metadata mode payment_method_types subscription_data success_url ui_mode billing_address_collection ' +
    'consent_collection custom_text expand locale phone_number_collection tax_id_collection',
  line_item: 'price price_data quantity',
  price_data: 'currency product_data recurring unit_amount',
  product_data: 'name description metadata',
  subscription_data:
    'billing_cycle_anchor proration_behavior trial_end trial_period_days description metadata',
};

const MAX_PAYMENT_LINE_ITEMS = 100;
const MAX_SUBSCRIPTION_LINE_ITEMS_EACH = 20;
export const MAX_AMOUNT = 99_999_999;
export const MIN_AMOUNT = 50;
const DAY_S = 24 * 60 * 60;
const MAX_TRIAL_DAYS = 730;
// stripe/openapi's `maxLength`, which the SDK's typings the description was read from do not carry.
const MAX_URL = 5000;
const MAX_REFERENCE = 200;
const MAX_EMAIL = 512;
/**
 * Characters hidden in text, by Unicode class: controls, format characters (bidi, zero-width, soft hyphen, tags), line
 * and paragraph separators, default-ignorables and the Hangul and Braille fillers (RULES.md, `customer-email`).
 */
export const HIDDEN_CHARACTER =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\u115F\u1160\u3164\uFFA0\u2800]/u;

type Obj = { [key: string]: FormValue };
export const isObj = (value: FormValue | undefined): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const notSimulated = (param: string, what = param) =>
  invalidRequest(`${what.slice(0, 100)} is not simulated by the local double`, param);

/** Refuses a parameter the description takes but the double does not compute (never ignored). */
function onlySimulated(value: Obj, at: string, simulated: string): void {
  for (const key of Object.keys(value))
    if (!simulated.split(' ').includes(key)) throw notSimulated(at ? `${at}[${key}]` : key);
}

/** A text parameter (the description has checked it is one); empty is not given. */
export function text(value: FormValue | undefined, param: string, required: boolean): string | null {
  if (value !== undefined && value !== '') return value as string;
  if (required) throw invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
  return null;
}

export function integer(value: FormValue | undefined, param: string, min: number, max: number): number {
  const raw = text(value, param, true)!;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw invalidRequest(`Invalid integer: ${raw.slice(0, 40)} (${param} must be ${min} to ${max})`, param);
  return Number(raw);
}

/** A Unix timestamp in seconds (`expires_at`, `billing_cycle_anchor`, `trial_end`). */
export function timestamp(value: FormValue | undefined, param: string): number {
  const raw = text(value, param, true)!;
  if (!/^\d{1,11}$/.test(raw))
    throw invalidRequest(`Invalid timestamp: ${raw.slice(0, 40)} (${param} must be Unix seconds)`, param);
  return Number(raw);
}

/** `metadata-limits`: at most 50 keys of at most 40 characters, values of at most 500; an empty value drops a key. */
export function metadataOf(value: FormValue | undefined, param: string): Record<string, string> {
  if (!isObj(value)) return {};
  if (Object.keys(value).length > 50) throw invalidRequest('Metadata may hold at most 50 keys', param);
  for (const [key, v] of Object.entries(value)) {
    if (key.length > 40)
      throw invalidRequest('Metadata keys may be at most 40 characters', `${param}[${key}]`);
    if (typeof v !== 'string' || v.length > 500)
      throw invalidRequest('Metadata values must be text of at most 500 characters', `${param}[${key}]`);
  }
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== '')) as Record<string, string>;
}

/** `return-urls-on-site`: the site's origin only, as `localhost` or `127.0.0.1`, at most 5,000 characters. */
function url(
  value: FormValue | undefined,
  param: string,
  required: boolean,
  ctx: RequestContext,
): string | null {
  const raw = text(value, param, required);
  if (raw === null) return null;
  if (raw.length > MAX_URL) throw invalidRequest(`${param} may be at most ${MAX_URL} characters`, param);
  const parsed = URL.canParse(raw) ? new URL(raw) : null;
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw invalidRequest('Not a valid URL', param, 'url_invalid');
  if (parsed.hostname === '[::1]')
    throw invalidRequest(
      `${param} may not name [::1]: the pay page lists where it returns in its Content-Security-Policy, which Chrome refuses an IPv6 address in; use localhost or 127.0.0.1`,
      param,
      'url_invalid',
    );
  if (!ctx.returnOrigins.includes(parsed.origin))
    throw invalidRequest(
      `${param} must be on the site's origin (${ctx.returnOrigins.join(', ')}): the local double returns buyers nowhere else`,
      param,
      'url_invalid',
    );
  return raw;
}

/** `customer-email`: a plain address, nothing hidden in it. */
export function emailAddress(value: FormValue | undefined, param: string): string | null {
  const raw = text(value, param, false);
  if (
    raw !== null &&
    (raw.length > MAX_EMAIL || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw) || HIDDEN_CHARACTER.test(raw))
  )
    throw invalidRequest(`Invalid email address: ${raw.slice(0, 100)}`, param, 'email_invalid');
  return raw;
}

/** `price-or-price-data`, `amount-max`: a dashboard price by id, or inline price data. */
function priceOf(item: Obj, at: string, ctx: RequestContext): PriceInfo {
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
  const pd = `${at}[price_data]`;
  if (!isObj(data))
    throw invalidRequest('You must specify either price or price_data.', pd, 'parameter_missing');
  onlySimulated(data, pd, SIMULATED.price_data);
  const currency = text(data.currency, `${pd}[currency]`, true)!.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency))
    throw invalidRequest(`Invalid currency: ${currency.slice(0, 20)}`, `${pd}[currency]`);
  const amount = text(data.unit_amount, `${pd}[unit_amount]`, true)!;
  if (!/^\d{1,12}$/.test(amount))
    throw invalidRequest(`Invalid integer: ${amount.slice(0, 40)}`, `${pd}[unit_amount]`);
  if (Number(amount) > MAX_AMOUNT)
    throw invalidRequest(
      `Amount must be no more than ${MAX_AMOUNT} minor units`,
      `${pd}[unit_amount]`,
      'amount_too_large',
    );
  const product = data.product_data;
  if (!isObj(product))
    throw invalidRequest(
      'Missing required param: product_data (the double knows no product ids).',
      `${pd}[product_data]`,
      'parameter_missing',
    );
  onlySimulated(product, `${pd}[product_data]`, SIMULATED.product_data);
  const recurring = isObj(data.recurring) ? data.recurring : null;
  const count = recurring?.interval_count;
  return {
    id: 'price_inline',
    product_name: text(product.name, `${pd}[product_data][name]`, true)!.slice(0, 250),
    unit_amount: Number(amount),
    currency,
    recurring: recurring && {
      interval: recurring.interval as 'day' | 'week' | 'month' | 'year',
      interval_count: count === undefined ? 1 : integer(count, `${pd}[recurring][interval_count]`, 1, 365),
    },
  };
}

/** `line-item-limits`, `subscription-needs-recurring`: the items, their prices and quantities. */
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
    onlySimulated(item, at, SIMULATED.line_item);
    const price = priceOf(item, at, ctx);
    const quantity = integer(item.quantity, `${at}[quantity]`, 1, 999_999);
    if (mode === 'payment' && price.recurring)
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        `${at}[price]`,
      );
    return { price, quantity };
  });
  const recurring = items.filter((item) => item.price.recurring).length;
  const each = MAX_SUBSCRIPTION_LINE_ITEMS_EACH;
  if (mode === 'subscription' && (recurring > each || items.length - recurring > each))
    throw invalidRequest(
      `In subscription mode, line_items may hold at most ${each} recurring and ${each} one-time prices`,
      'line_items',
    );
  return items;
}

function methodList(value: FormValue | undefined, param: string): PaymentMethodType[] | null {
  if (!Array.isArray(value)) return null;
  if (value.length === 0) throw invalidRequest('Invalid array', param);
  for (const [i, entry] of value.entries())
    if (!isPaymentMethodType(entry)) throw notSimulated(`${param}[${i}]`, `The payment method type ${entry}`);
  return [...new Set(value as PaymentMethodType[])];
}

/** `payment-method-types-removed`, `bacs-gbp-only`: the dashboard's methods, as the request narrows or names them. */
function methodsOf(params: Obj, currency: string, ctx: RequestContext) {
  // Which of the two the request's version takes, the description (of that version) has settled.
  const named = methodList(params.payment_method_types, 'payment_method_types');
  if (named?.includes('bacs_debit') && currency !== BACS_CURRENCY)
    throw invalidRequest(
      `The currency provided (${currency}) is invalid for one or more payment method types on this Checkout Session: bacs_debit accepts ${BACS_CURRENCY} only.`,
      'payment_method_types',
    );
  const allowed = methodList(params.allowed_payment_method_types, 'allowed_payment_method_types');
  const dashboard = ctx.settings.paymentMethods;
  const methods = offeredMethods(dashboard, currency, { allowed, named });
  if (methods.length === 0)
    throw invalidRequest(
      `No payment method this session could use is turned on for ${currency} (turned on: ${dashboard.join(', ')})`,
      allowed ? 'allowed_payment_method_types' : 'currency',
    );
  return { methods, allowed };
}

/** `expires-at-range`: 30 minutes to 24 hours after creation; 24 hours by default. */
function expiresAtOf(value: FormValue | undefined, nowS: number): number {
  if (value === undefined || value === '') return nowS + DAY_S;
  const at = timestamp(value, 'expires_at');
  if (at < nowS + 30 * 60 || at > nowS + DAY_S)
    throw invalidRequest(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  return at;
}

const SD = 'subscription_data';

/** `anchor-before-natural-date`: in the future, before the next natural billing date. */
function anchorOf(
  value: FormValue | undefined,
  recurring: NonNullable<PriceInfo['recurring']>,
  nowS: number,
) {
  const param = `${SD}[billing_cycle_anchor]`;
  if (value === undefined || value === '') return null;
  const anchor = timestamp(value, param);
  if (anchor <= nowS)
    throw invalidRequest(
      `billing_cycle_anchor must be in the future (it is ${anchor}, now is ${nowS}).`,
      param,
    );
  const natural = nextNaturalBillingDate(nowS, recurring.interval, recurring.interval_count);
  if (anchor >= natural)
    throw invalidRequest(
      `billing_cycle_anchor cannot be later than the next natural billing date (${natural}) for this subscription.`,
      param,
    );
  return anchor;
}

/** `trial-one-parameter`, `trial-period-days-min`, `trial-end-48-hours`, `trial-at-most-730-days`. */
function trialOf(data: Obj, nowS: number): Pick<SubscriptionDataInput, 'trialEnd' | 'trialPeriodDays'> {
  const days = data.trial_period_days;
  if (data.trial_end !== undefined && days !== undefined)
    throw invalidRequest(
      'You may only specify one of these parameters: trial_end, trial_period_days.',
      `${SD}[trial_end]`,
    );
  if (days !== undefined)
    return { trialEnd: null, trialPeriodDays: integer(days, `${SD}[trial_period_days]`, 1, MAX_TRIAL_DAYS) };
  if (data.trial_end === undefined) return { trialEnd: null, trialPeriodDays: null };
  const param = `${SD}[trial_end]`;
  const trialEnd = timestamp(data.trial_end, param);
  if (trialEnd < nowS + 2 * DAY_S)
    throw invalidRequest('trial_end must be at least 48 hours in the future.', param);
  if (trialEnd > nowS + MAX_TRIAL_DAYS * DAY_S)
    throw invalidRequest(`trial_end must be at most ${MAX_TRIAL_DAYS} days in the future.`, param);
  return { trialEnd, trialPeriodDays: null };
}

/**
 * `subscription_data` (`subscription-data-mode`): its anchor, one trial, and the billing-cycle page's Limitations
 * (`anchor-config-exclusive`, `limitation-trial-with-anchor`, `limitation-one-time-without-proration`).
 */
export function subscriptionDataOf(
  value: FormValue | undefined,
  recurring: PriceInfo['recurring'],
  oneTimePrices: boolean,
  nowS: number,
): SubscriptionDataInput | null {
  if (!isObj(value)) return null;
  if (!recurring) throw invalidRequest('You can only pass `subscription_data` in `subscription` mode.', SD);
  const hasTrial = value.trial_end !== undefined || value.trial_period_days !== undefined;
  if (
    value.billing_cycle_anchor_config !== undefined &&
    (value.billing_cycle_anchor !== undefined || hasTrial)
  )
    throw invalidRequest(
      '`billing_cycle_anchor_config` is mutually exclusive with `billing_cycle_anchor` and any trial period parameters.',
      `${SD}[billing_cycle_anchor_config]`,
    );
  onlySimulated(value, SD, SIMULATED.subscription_data);
  const billingCycleAnchor = anchorOf(value.billing_cycle_anchor, recurring, nowS);
  const trial = trialOf(value, nowS);
  if (billingCycleAnchor !== null && (trial.trialEnd !== null || trial.trialPeriodDays !== null))
    throw invalidRequest(
      "You can't use trials in Checkout Sessions with a billing cycle anchor.",
      `${SD}[billing_cycle_anchor]`,
    );
  const proration = text(value.proration_behavior, `${SD}[proration_behavior]`, false) ?? 'create_prorations';
  if (proration === 'none' && oneTimePrices)
    throw invalidRequest(
      "You can't use one-time prices in Checkout Sessions when `proration_behavior` is `none`.",
      `${SD}[proration_behavior]`,
    );
  const description = text(value.description, `${SD}[description]`, false);
  if (description !== null && description.length > 500)
    throw invalidRequest('description may be at most 500 characters', `${SD}[description]`);
  const prorationBehavior = proration as SubscriptionDataInput['prorationBehavior'];
  return {
    billingCycleAnchor,
    prorationBehavior,
    ...trial,
    description,
    metadata: metadataOf(value.metadata, `${SD}[metadata]`),
  };
}

/** A session's parameters, already of the described shape (request-schema.ts), as the double will create it. */
export function parseSessionParams(params: Form, ctx: RequestContext): SessionInput {
  onlySimulated(params, '', SIMULATED.session);
  // The description lets `mode` be left out; the double refuses rather than guess what is sold.
  const mode = text(params.mode, 'mode', true) as CheckoutMode | 'setup';
  if (mode === 'setup') throw notSimulated('mode', 'Setup mode');
  if (params.ui_mode !== undefined && params.ui_mode !== 'hosted_page')
    throw notSimulated('ui_mode', `ui_mode ${String(params.ui_mode)}`);
  if (params.customer_creation !== undefined && mode !== 'payment')
    throw invalidRequest(
      '`customer_creation` can only be used in `payment` and `setup` mode.',
      'customer_creation',
    );
  const lineItems = lineItemsOf(params.line_items, mode, ctx);
  const currency = lineItems[0]!.price.currency;
  if (lineItems.some((item) => item.price.currency !== currency))
    throw invalidRequest('All line items must use the same currency.', 'line_items');
  const recurring = lineItems.flatMap((item) => (item.price.recurring ? [item.price.recurring] : []));
  const [first = null] = recurring;
  // Mixed intervals in one Checkout Session are not simulated.
  if (recurring.some((r) => r.interval !== first!.interval || r.interval_count !== first!.interval_count))
    throw invalidRequest(
      'Recurring prices of different intervals in one session are not simulated by the local double.',
      'line_items',
    );
  if (mode === 'subscription' && !first)
    throw invalidRequest(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'line_items',
    );
  // `limitation-amount-off-coupon` is told apart first: the double applies no coupon at all.
  if (params.discounts !== undefined) {
    const data = isObj(params.subscription_data) ? params.subscription_data : {};
    const proration = data.proration_behavior;
    if (
      data.billing_cycle_anchor !== undefined &&
      (proration === undefined || proration === 'create_prorations')
    )
      throw invalidRequest(
        "You can't apply amount_off coupons to Checkout Sessions with a default `proration_behavior` of `create_prorations`; the local double applies no coupon at all.",
        'discounts',
      );
    throw notSimulated('discounts', 'Discounts and coupons');
  }
  const oneTime = lineItems.some((item) => !item.price.recurring);
  const subscriptionData = subscriptionDataOf(params.subscription_data, first, oneTime, ctx.nowS);
  // `amount-max`, `amount-min`: what is due today and each period.
  const terms = chargeTerms(pricedLinesOf({ lineItems }), subscriptionData, ctx.nowS);
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
