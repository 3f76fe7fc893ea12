/**
 * What the webhook needs from the provider's checkout sessions, invoices and disputes, read defensively from the
 * provider's answers at the API version the functions pin (the SDK asks for it on every call): the fields it uses
 * must be there and be what it expects (an id within the provider's bounds, text, a whole number), or the answer is
 * refused with the path of the first field that is not ( `ProviderAnswerError`: the delivery is answered 5xx and the
 * provider sends it again).
 */
import { isProviderId } from './provider-ids.ts';

/** A price as a session's line item or a subscription's item charges it: per unit, `quantity` times. */
export interface PriceItem {
  amount: number | null;
  currency: string;
  /** A recurring price's interval and count; null for a one-time price. */
  interval: string | null;
  intervalCount: number | null;
  quantity: number;
}

/** A checkout session, as far as the order needs it. */
export interface SessionFacts {
  sessionId: string;
  mode: string;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerEmail?: string;
  customerName?: string;
  /** The package createCheckout named in the session's metadata. */
  package?: string;
  amountTotal?: number;
  currency?: string;
  subscriptionId?: string;
}

/** A checkout session with what it sold: its line items' prices. */
export interface CheckoutFacts extends SessionFacts {
  items: PriceItem[];
}

export interface InvoiceFacts {
  invoiceId: string;
  /** `draft`, `open`, `paid`, `uncollectible` or `void`: whether it is paid now. */
  status: string;
  /** When the invoice was made: a renewal's due date. */
  createdS?: number;
  subscriptionId: string | null;
  billingReason: string | null;
  amountDue: number;
  currency: string;
  customerEmail?: string;
  nextPaymentAttemptS: number | null;
}

export interface DisputeFacts {
  disputeId: string;
  paymentIntent: string | null;
  amount: number;
  currency: string;
  reason: string;
}

/** The provider answered with an object this code cannot read: which one, and the first field that is not right. */
export class ProviderAnswerError extends Error {
  override name = 'ProviderAnswerError';
}

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function obj(value: unknown, where: string): Obj {
  if (!isObj(value)) throw new ProviderAnswerError(`${where} is not an object`);
  return value;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') throw new ProviderAnswerError(`${where} is not text`);
  return value;
}

function optionalText(value: unknown, where: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return text(value, where);
}

function whole(value: unknown, where: string): number {
  // `Number.isSafeInteger` is false for anything but a number.
  if (!Number.isSafeInteger(value)) throw new ProviderAnswerError(`${where} is not a whole number`);
  return value as number;
}

function optionalWhole(value: unknown, where: string): number | undefined {
  return value === undefined || value === null ? undefined : whole(value, where);
}

function id(value: unknown, where: string): string {
  if (!isProviderId(value)) throw new ProviderAnswerError(`${where} is not one of the provider's ids`);
  return value;
}

/** An id, or an expanded object's id. */
function idOf(value: unknown, where: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return isObj(value) ? id(value.id, `${where}.id`) : id(value, where);
}

/** Metadata values are text. */
function metadataOf(value: unknown, where: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  const metadata = obj(value, where);
  for (const [key, entry] of Object.entries(metadata)) text(entry, `${where}.${key}`);
  return metadata as Record<string, string>;
}

function sessionFacts(session: Obj, where: string): SessionFacts {
  if (session.object !== 'checkout.session')
    throw new ProviderAnswerError(`${where} is not a checkout.session`);
  const paymentStatus = session.payment_status;
  if (paymentStatus !== 'paid' && paymentStatus !== 'unpaid' && paymentStatus !== 'no_payment_required')
    throw new ProviderAnswerError(`${where}.payment_status is not paid, unpaid or no_payment_required`);
  const metadata = metadataOf(session.metadata, `${where}.metadata`);
  const details =
    session.customer_details == null ? {} : obj(session.customer_details, `${where}.customer_details`);
  const facts: SessionFacts = {
    sessionId: id(session.id, `${where}.id`),
    mode: text(session.mode, `${where}.mode`),
    paymentStatus,
  };
  const email =
    optionalText(details.email, `${where}.customer_details.email`) ??
    optionalText(session.customer_email, `${where}.customer_email`);
  if (email) facts.customerEmail = email;
  const name = optionalText(details.name, `${where}.customer_details.name`);
  if (name) facts.customerName = name;
  if (metadata.package) facts.package = metadata.package;
  const amountTotal = optionalWhole(session.amount_total, `${where}.amount_total`);
  if (amountTotal !== undefined) facts.amountTotal = amountTotal;
  const currency = optionalText(session.currency, `${where}.currency`);
  if (currency) facts.currency = currency;
  const subscriptionId = idOf(session.subscription, `${where}.subscription`);
  if (subscriptionId) facts.subscriptionId = subscriptionId;
  return facts;
}

/** A checkout session as the provider answers it (`GET /v1/checkout/sessions/{id}`, or one of a list). */
export function readSession(value: unknown): SessionFacts {
  return sessionFacts(obj(value, 'the checkout session'), 'the checkout session');
}

/**
 * A line item's price, or a subscription item's: `price.unit_amount`, `currency` and `recurring` (docs.stripe.com/api/
 * checkout/sessions/line_items, /api/subscription_items/object).
 */
export function readPriceItem(value: unknown, where: string): PriceItem {
  const item = obj(value, where);
  const price = obj(item.price, `${where}.price`);
  const recurring = price.recurring == null ? null : obj(price.recurring, `${where}.price.recurring`);
  return {
    amount: optionalWhole(price.unit_amount, `${where}.price.unit_amount`) ?? null,
    currency: text(price.currency, `${where}.price.currency`),
    interval: recurring ? text(recurring.interval, `${where}.price.recurring.interval`) : null,
    intervalCount: recurring
      ? whole(recurring.interval_count, `${where}.price.recurring.interval_count`)
      : null,
    quantity: optionalWhole(item.quantity, `${where}.quantity`) ?? 1,
  };
}

/**
 * A checkout session retrieved with its line items expanded (`expand[]=line_items`): what it sold. The expanded list
 * holds the first page of items; a session of this site's has two, so a longer list (more to page through) is not
 * one of its sessions whatever the rest holds.
 */
export function readCheckout(value: unknown): CheckoutFacts {
  const where = 'the checkout session';
  const session = obj(value, where);
  const lineItems = obj(session.line_items, `${where}.line_items`);
  if (!Array.isArray(lineItems.data)) throw new ProviderAnswerError(`${where}.line_items.data is not a list`);
  const items = lineItems.data.map((item, i) => readPriceItem(item, `${where}.line_items.data[${i}]`));
  return { ...sessionFacts(session, where), items };
}

/** An invoice as the provider answers it (`GET /v1/invoices/{id}`): its subscription under `parent`. */
export function readInvoice(value: unknown): InvoiceFacts {
  const where = 'the invoice';
  const invoice = obj(value, where);
  if (invoice.object !== 'invoice') throw new ProviderAnswerError(`${where} is not an invoice`);
  const parent = invoice.parent == null ? {} : obj(invoice.parent, `${where}.parent`);
  const details =
    parent.subscription_details == null
      ? null
      : obj(parent.subscription_details, `${where}.parent.subscription_details`);
  const facts: InvoiceFacts = {
    invoiceId: id(invoice.id, `${where}.id`),
    status: text(invoice.status, `${where}.status`),
    subscriptionId: details
      ? (idOf(details.subscription, `${where}.parent.subscription_details.subscription`) ?? null)
      : null,
    billingReason: optionalText(invoice.billing_reason, `${where}.billing_reason`) ?? null,
    amountDue: whole(invoice.amount_due, `${where}.amount_due`),
    currency: text(invoice.currency, `${where}.currency`),
    nextPaymentAttemptS: optionalWhole(invoice.next_payment_attempt, `${where}.next_payment_attempt`) ?? null,
  };
  const created = optionalWhole(invoice.created, `${where}.created`);
  if (created !== undefined) facts.createdS = created;
  const email = optionalText(invoice.customer_email, `${where}.customer_email`);
  if (email) facts.customerEmail = email;
  return facts;
}

/** A dispute as the provider answers it (`GET /v1/disputes/{id}`). */
export function readDispute(value: unknown): DisputeFacts {
  const where = 'the dispute';
  const dispute = obj(value, where);
  if (dispute.object !== 'dispute') throw new ProviderAnswerError(`${where} is not a dispute`);
  return {
    disputeId: id(dispute.id, `${where}.id`),
    paymentIntent: idOf(dispute.payment_intent, `${where}.payment_intent`) ?? null,
    amount: whole(dispute.amount, `${where}.amount`),
    currency: text(dispute.currency, `${where}.currency`),
    reason: optionalText(dispute.reason, `${where}.reason`) ?? 'not given',
  };
}
