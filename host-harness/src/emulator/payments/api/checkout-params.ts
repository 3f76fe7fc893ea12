import { KNOWN_PRICES, type PriceInfo } from '../account/known-prices.ts';
import { isInterval } from '../billing/billing-dates.ts';
import { type PaymentMethodType, paymentMethodTypesOf } from '../checkout/payment-methods.ts';
import type { FormValue } from './form-decode.ts';
import { integer, isObj, metadataOf, type Obj, text } from './param-values.ts';
import { invalidRequest } from './provider-error.ts';
import {
  type RecurringInterval,
  type SubscriptionDataInput,
  subscriptionDataOf,
} from './subscription-data-params.ts';

export type CheckoutMode = 'payment' | 'subscription';

export interface LineItemInput {
  price: PriceInfo;
  quantity: number;
}

/** A validated `POST /v1/checkout/sessions`. */
export interface SessionInput {
  mode: CheckoutMode;
  lineItems: LineItemInput[];
  currency: string;
  successUrl: string;
  cancelUrl: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /** `payment_method_types` when the session names them; null = the account's dashboard settings. */
  paymentMethodTypes: PaymentMethodType[] | null;
  /** `subscription_data` (subscription mode only). */
  subscriptionData: SubscriptionDataInput | null;
}

// Parameters the real API takes that change nothing in the double: accepted so that a function using them still
// works locally. Anything else is refused, like the real API refuses an unknown parameter.
const ACCEPTED_AND_IGNORED = new Set([
  'allow_promotion_codes',
  'automatic_tax',
  'billing_address_collection',
  'consent_collection',
  'custom_text',
  'customer_creation',
  'expand',
  'locale',
  'phone_number_collection',
  'submit_type',
  'payment_intent_data',
  'tax_id_collection',
  'ui_mode',
]);
const KNOWN = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'customer_email',
  'client_reference_id',
  'metadata',
  'payment_method_types',
  'subscription_data',
  ...ACCEPTED_AND_IGNORED,
]);
const MAX_LINE_ITEMS = 100;
const MAX_UNIT_AMOUNT = 99_999_999;
const MAX_QUANTITY = 999_999;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function url(value: FormValue | undefined, param: string, required: boolean): string | null {
  const raw = text(value, param, required);
  if (raw === null) return null;
  let parsed: URL | null = null;
  try {
    parsed = raw.length <= 5000 ? new URL(raw) : null;
  } catch {}
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    throw invalidRequest('Not a valid URL', param, 'url_invalid');
  return raw;
}

function priceOf(item: Obj, at: string): PriceInfo {
  if (item.price !== undefined && item.price_data !== undefined)
    throw invalidRequest('You may only specify one of these parameters: price, price_data.', `${at}[price]`);
  if (item.price !== undefined) {
    const id = text(item.price, `${at}[price]`, true)!;
    const known = KNOWN_PRICES[id];
    if (!known || !Object.hasOwn(KNOWN_PRICES, id))
      throw invalidRequest(`No such price: '${id.slice(0, 100)}'`, `${at}[price]`, 'resource_missing');
    return { id, ...known };
  }
  const data = item.price_data;
  if (!isObj(data))
    throw invalidRequest(
      'You must specify either price or price_data.',
      `${at}[price_data]`,
      'parameter_missing',
    );
  const currency = text(data.currency, `${at}[price_data][currency]`, true)!.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency))
    throw invalidRequest(`Invalid currency: ${currency.slice(0, 20)}`, `${at}[price_data][currency]`);
  const unitAmount = integer(data.unit_amount, `${at}[price_data][unit_amount]`, 0, MAX_UNIT_AMOUNT);
  if (!isObj(data.product_data))
    throw invalidRequest(
      'Missing required param: product_data (the double knows no product ids).',
      `${at}[price_data][product_data]`,
      'parameter_missing',
    );
  const name = text(data.product_data.name, `${at}[price_data][product_data][name]`, true)!.slice(0, 250);
  let recurring: PriceInfo['recurring'] = null;
  if (data.recurring !== undefined) {
    if (!isObj(data.recurring)) throw invalidRequest('Invalid object', `${at}[price_data][recurring]`);
    const interval = text(data.recurring.interval, `${at}[price_data][recurring][interval]`, true)!;
    if (!isInterval(interval))
      throw invalidRequest(
        `Invalid recurring interval: must be one of day, week, month or year`,
        `${at}[price_data][recurring][interval]`,
      );
    const count =
      data.recurring.interval_count === undefined
        ? 1
        : integer(data.recurring.interval_count, `${at}[price_data][recurring][interval_count]`, 1, 365);
    recurring = { interval, interval_count: count };
  }
  return { id: 'price_inline', product_name: name, unit_amount: unitAmount, currency, recurring };
}

function lineItemsOf(value: FormValue | undefined, mode: CheckoutMode): LineItemInput[] {
  if (value === undefined)
    throw invalidRequest(
      `Missing required param: line_items (required in ${mode} mode).`,
      'line_items',
      'parameter_missing',
    );
  if (!Array.isArray(value) || value.length === 0) throw invalidRequest('Invalid array', 'line_items');
  if (value.length > MAX_LINE_ITEMS)
    throw invalidRequest(`line_items may hold at most ${MAX_LINE_ITEMS} items`, 'line_items');
  return value.map((item, i) => {
    const at = `line_items[${i}]`;
    if (!isObj(item)) throw invalidRequest('Invalid object', at);
    const price = priceOf(item, at);
    const quantity = integer(item.quantity, `${at}[quantity]`, 1, MAX_QUANTITY);
    if (mode === 'payment' && price.recurring)
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        `${at}[price_data][recurring]`,
      );
    return { price, quantity };
  });
}

/** The interval every recurring price of a subscription shares (the provider refuses mixed ones); null = none. */
function recurringIntervalOf(lineItems: LineItemInput[]): RecurringInterval | null {
  const recurring = lineItems.flatMap((item) => (item.price.recurring ? [item.price.recurring] : []));
  const first = recurring[0];
  if (!first) return null;
  if (recurring.some((r) => r.interval !== first.interval || r.interval_count !== first.interval_count))
    throw invalidRequest(
      'All prices on a subscription must have the same `recurring.interval` and `recurring.interval_count`.',
      'line_items',
    );
  return { interval: first.interval, interval_count: first.interval_count };
}

/**
 * Validates the decoded body of `POST /v1/checkout/sessions` the way the provider does, at `nowS` (anchors and trials
 * are checked against it); throws a `ProviderError`.
 */
export function parseSessionParams(params: Obj, nowS: number): SessionInput {
  for (const key of Object.keys(params))
    if (!KNOWN.has(key)) throw invalidRequest(`Received unknown parameter: ${key.slice(0, 100)}`, key);
  const mode = text(params.mode, 'mode', true)!;
  if (mode !== 'payment' && mode !== 'subscription')
    throw invalidRequest(
      `Invalid mode: must be one of payment or subscription (setup mode is not simulated)`,
      'mode',
    );
  const lineItems = lineItemsOf(params.line_items, mode);
  const currency = lineItems[0]!.price.currency;
  if (lineItems.some((item) => item.price.currency !== currency))
    throw invalidRequest('All line items must use the same currency.', 'line_items');
  const recurring = recurringIntervalOf(lineItems);
  if (mode === 'subscription' && !recurring)
    throw invalidRequest(
      'You must provide at least one recurring price in `subscription` mode when using prices.',
      'line_items',
    );
  const customerEmail = text(params.customer_email, 'customer_email', false);
  if (customerEmail !== null && (customerEmail.length > 512 || !EMAIL.test(customerEmail)))
    throw invalidRequest(
      `Invalid email address: ${customerEmail.slice(0, 100)}`,
      'customer_email',
      'email_invalid',
    );
  const clientReferenceId = text(params.client_reference_id, 'client_reference_id', false);
  if (clientReferenceId !== null && clientReferenceId.length > 200)
    throw invalidRequest('client_reference_id may be at most 200 characters', 'client_reference_id');
  return {
    mode,
    lineItems,
    currency,
    successUrl: url(params.success_url, 'success_url', true)!,
    cancelUrl: url(params.cancel_url, 'cancel_url', false),
    customerEmail,
    clientReferenceId,
    metadata: metadataOf(params.metadata, 'metadata'),
    paymentMethodTypes: paymentMethodTypesOf(params.payment_method_types, currency),
    subscriptionData: subscriptionDataOf(
      params.subscription_data,
      mode === 'subscription' ? recurring : null,
      nowS,
    ),
  };
}
