/**
 * `POST /v1/checkout/sessions` once the provider's description accepted its shape (request-schema.ts): the
 * rules its pages state beyond names and types, and the double's readings, each a row of RULES.md.
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
import { chargeTerms, type PricedLine, type SubscriptionDataInput } from '../billing/billing-terms.ts';
import type { CheckoutMode, LineItemInput, SessionInput } from '../checkout/checkout-session.ts';
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

const words = (text: string) => text.split(' ');
/** Parameters the double computes, and those that change nothing it computes or shows (taken, as a display's). */
const SIMULATED = {
  session: words(
    'allowed_payment_method_types cancel_url client_reference_id customer_creation customer_email discounts ' +
      'expires_at line_items metadata mode payment_method_types subscription_data success_url ui_mode ' +
      'billing_address_collection consent_collection custom_text expand locale phone_number_collection tax_id_collection',
  ),
  line_item: words('price price_data quantity'),
  price_data: words('currency product_data recurring unit_amount'),
  product_data: words('name description metadata'),
  subscription_data: words(
    'billing_cycle_anchor proration_behavior trial_end trial_period_days description metadata',
  ),
};

// RULES.md: line-item-limits, amount-max, amount-min, expires-at-range, trial-*, return-urls-on-site, customer-email.
const MAX_PAYMENT_LINE_ITEMS = 100;
const MAX_SUBSCRIPTION_LINE_ITEMS_EACH = 20;
export const MAX_AMOUNT = 99_999_999;
export const MIN_AMOUNT = 50;
const MAX_QUANTITY = 999_999;
const MIN_LIFETIME_S = 30 * 60;
const MAX_LIFETIME_S = 24 * 60 * 60;
const DAY_S = 24 * 60 * 60;
const MIN_TRIAL_END_S = 48 * 60 * 60;
const MAX_TRIAL_DAYS = 730;
// stripe/openapi's `maxLength`, which the SDK's typings the description was read from do not carry.
const MAX_URL = 5000;
const MAX_REFERENCE = 200;
const MAX_EMAIL = 512;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * Characters hidden in text, by Unicode class: controls, format characters (bidi controls, zero-width, soft hyphen,
 * tags), line and paragraph separators, default-ignorable code points and the Hangul and Braille fillers. No e-mail
 * address holds one (the double's reading: the pages list none), and one would mislead whoever reads the address.
 */
export const HIDDEN_CHARACTER =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\u115F\u1160\u3164\uFFA0\u2800]/u;

type Obj = { [key: string]: FormValue };
export const isObj = (value: FormValue | undefined): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const notSimulated = (param: string, what = param) =>
  invalidRequest(`${what.slice(0, 100)} is not simulated by the local double`, param);

/** Refuses a parameter the description takes but the double does not compute (never ignored). */
function onlySimulated(value: Obj, at: string, simulated: readonly string[]): void {
  for (const key of Object.keys(value))
    if (!simulated.includes(key)) throw notSimulated(at ? `${at}[${key}]` : key);
}

/** A text parameter (the description has checked it is one); empty is not given. */
export function text(value: FormValue | undefined, param: string, required: boolean): string | null {
  if (value === undefined || value === '') {
    if (required) throw invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
    return null;
  }
  return value as string;
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

/** `metadata[k]=v`: at most 50 keys of at most 40 characters, values of at most 500; an empty value drops a key. */
export function metadataOf(value: FormValue | undefined, param: string): Record<string, string> {
  if (!isObj(value)) return {};
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalidRequest('Metadata may hold at most 50 keys', param);
  const out: Record<string, string> = {};
  for (const [key, v] of entries) {
    if (key.length > 40)
      throw invalidRequest('Metadata keys may be at most 40 characters', `${param}[${key}]`);
    if (typeof v !== 'string' || v.length > 500)
      throw invalidRequest('Metadata values must be text of at most 500 characters', `${param}[${key}]`);
    if (v !== '') out[key] = v;
  }
  return out;
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
  if (parsed.hostname === '[::1]')
    throw invalidRequest(
      `${param} may not name [::1]: the pay page lists where it returns in its Content-Security-Policy, which Chrome refuses an IPv6 address in; use localhost or 127.0.0.1`,
      param,
      'url_invalid',
    );
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
  if (raw.length > MAX_EMAIL || !EMAIL.test(raw) || HIDDEN_CHARACTER.test(raw))
    throw invalidRequest(`Invalid email address: ${raw.slice(0, 100)}`, param, 'email_invalid');
  return raw;
}

function amount(value: FormValue | undefined, param: string): number {
  const raw = text(value, param, true)!;
  if (!/^\d{1,12}$/.test(raw)) throw invalidRequest(`Invalid integer: ${raw.slice(0, 40)}`, param);
  if (Number(raw) > MAX_AMOUNT)
    throw invalidRequest(`Amount must be no more than ${MAX_AMOUNT} minor units`, param, 'amount_too_large');
  return Number(raw);
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
  const pd = `${at}[price_data]`;
  if (!isObj(data))
    throw invalidRequest('You must specify either price or price_data.', pd, 'parameter_missing');
  onlySimulated(data, pd, SIMULATED.price_data);
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
  onlySimulated(product, `${pd}[product_data]`, SIMULATED.product_data);
  const recurring = isObj(data.recurring) ? data.recurring : null;
  return {
    id: 'price_inline',
    product_name: text(product.name, `${pd}[product_data][name]`, true)!.slice(0, 250),
    unit_amount: unitAmount,
    currency,
    recurring: recurring && {
      interval: recurring.interval as 'day' | 'week' | 'month' | 'year',
      interval_count:
        recurring.interval_count === undefined
          ? 1
          : integer(recurring.interval_count, `${pd}[recurring][interval_count]`, 1, 365),
    },
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
    onlySimulated(item, at, SIMULATED.line_item);
    const price = priceOf(item, at, ctx);
    const quantity = integer(item.quantity, `${at}[quantity]`, 1, MAX_QUANTITY);
    if (mode === 'payment' && price.recurring)
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        `${at}[price]`,
      );
    return { price, quantity };
  });
  const recurring = items.filter((item) => item.price.recurring).length;
  if (
    mode === 'subscription' &&
    (recurring > MAX_SUBSCRIPTION_LINE_ITEMS_EACH ||
      items.length - recurring > MAX_SUBSCRIPTION_LINE_ITEMS_EACH)
  )
    throw invalidRequest(
      `In subscription mode, line_items may hold at most ${MAX_SUBSCRIPTION_LINE_ITEMS_EACH} recurring and ${MAX_SUBSCRIPTION_LINE_ITEMS_EACH} one-time prices`,
      'line_items',
    );
  return items;
}

/** The interval every recurring price shares; mixed intervals in one Checkout Session are not simulated. */
function recurringIntervalOf(lineItems: LineItemInput[]): PriceInfo['recurring'] {
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
  if (!Array.isArray(value)) return null;
  if (value.length === 0) throw invalidRequest('Invalid array', param);
  const types: PaymentMethodType[] = [];
  for (const [i, entry] of value.entries()) {
    if (!isPaymentMethodType(entry)) throw notSimulated(`${param}[${i}]`, `The payment method type ${entry}`);
    if (!types.includes(entry)) types.push(entry);
  }
  return types;
}

/** The methods the session offers, from the dashboard and what the request names (RULES.md, payment methods). */
function methodsOf(params: Obj, currency: string, ctx: RequestContext) {
  // Which of the two the request's version takes, the description (of that version) has settled.
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

/** `discounts`: the double computes none; the billing-cycle page's coupon Limitation is told apart first. */
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

const SD = 'subscription_data';

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

function trialOf(data: Obj, nowS: number): Pick<SubscriptionDataInput, 'trialEnd' | 'trialPeriodDays'> {
  if (data.trial_end !== undefined && data.trial_period_days !== undefined)
    throw invalidRequest(
      'You may only specify one of these parameters: trial_end, trial_period_days.',
      `${SD}[trial_end]`,
    );
  if (data.trial_period_days !== undefined)
    return {
      trialEnd: null,
      trialPeriodDays: integer(data.trial_period_days, `${SD}[trial_period_days]`, 1, MAX_TRIAL_DAYS),
    };
  if (data.trial_end === undefined) return { trialEnd: null, trialPeriodDays: null };
  const param = `${SD}[trial_end]`;
  const trialEnd = timestamp(data.trial_end, param);
  if (trialEnd < nowS + MIN_TRIAL_END_S)
    throw invalidRequest('trial_end must be at least 48 hours in the future.', param);
  if (trialEnd > nowS + MAX_TRIAL_DAYS * DAY_S)
    throw invalidRequest(`trial_end must be at most ${MAX_TRIAL_DAYS} days in the future.`, param);
  return { trialEnd, trialPeriodDays: null };
}

/** `subscription_data` (subscription mode only): its anchor, the billing-cycle page's Limitations, one trial. */
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
  const prorationBehavior = (text(value.proration_behavior, `${SD}[proration_behavior]`, false) ??
    'create_prorations') as SubscriptionDataInput['prorationBehavior'];
  if (prorationBehavior === 'none' && oneTimePrices)
    throw invalidRequest(
      "You can't use one-time prices in Checkout Sessions when `proration_behavior` is `none`.",
      `${SD}[proration_behavior]`,
    );
  const description = text(value.description, `${SD}[description]`, false);
  if (description !== null && description.length > 500)
    throw invalidRequest('description may be at most 500 characters', `${SD}[description]`);
  return {
    billingCycleAnchor,
    prorationBehavior,
    ...trial,
    description,
    metadata: metadataOf(value.metadata, `${SD}[metadata]`),
  };
}

const lines = (items: LineItemInput[]): PricedLine[] =>
  items.map(({ price, quantity }) => ({
    unitAmount: price.unit_amount,
    quantity,
    recurring: price.recurring,
  }));

/** A session's parameters, already of the described shape (request-schema.ts), as the double will create it. */
export function parseSessionParams(params: Form, ctx: RequestContext): SessionInput {
  onlySimulated(params, '', SIMULATED.session);
  // The description lets `mode` be left out; the double refuses rather than guess what is sold.
  const mode = text(params.mode, 'mode', true)!;
  if (mode === 'setup') throw notSimulated('mode', 'Setup mode');
  if (params.ui_mode !== undefined && params.ui_mode !== 'hosted_page')
    throw notSimulated('ui_mode', `ui_mode ${String(params.ui_mode)}`);
  // "Can only be set in `payment` and `setup` mode."
  if (params.customer_creation !== undefined && mode !== 'payment')
    throw invalidRequest(
      '`customer_creation` can only be used in `payment` and `setup` mode.',
      'customer_creation',
    );
  const lineItems = lineItemsOf(params.line_items, mode as CheckoutMode, ctx);
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
    recurring,
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
    mode: mode as CheckoutMode,
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
