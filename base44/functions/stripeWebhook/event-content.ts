/**
 * What the webhook needs from a verified event, read defensively: the signature proves who sent the body, not that
 * it has the fields this code uses. An event of a type it handles whose object lacks them (no id, a number where text
 * belongs, a null object) is refused with a short reason (the handler answers 400 and stores nothing); every other type
 * is recognised as one to acknowledge and ignore. Shapes are those of the API version the functions pin
 * (`API_VERSION`); the handler refuses events of any other version before reading them.
 */

export const SESSION_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
] as const;
export const INVOICE_EVENTS = ['invoice.paid', 'invoice.payment_failed'] as const;
export const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
export const DISPUTE_EVENTS = ['charge.dispute.created'] as const;

/** Every type the webhook acts on: the webhook endpoint must be sent exactly these (docs/deploy.md, step 4). */
export const HANDLED_EVENTS: readonly string[] = [
  ...SESSION_EVENTS,
  ...INVOICE_EVENTS,
  ...SUBSCRIPTION_EVENTS,
  ...DISPUTE_EVENTS,
];

export type SessionEventType = (typeof SESSION_EVENTS)[number];
export type InvoiceEventType = (typeof INVOICE_EVENTS)[number];
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENTS)[number];
export type DisputeEventType = (typeof DISPUTE_EVENTS)[number];

/** A checkout session, as far as the order needs it. */
export interface SessionFacts {
  sessionId: string;
  mode: string;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerEmail?: string;
  customerName?: string;
  package?: string;
  amountTotal?: number;
  currency?: string;
  subscriptionId?: string;
}

/** An invoice; `package`: the package its subscription's metadata names. */
export interface InvoiceFacts {
  invoiceId: string;
  /** When the invoice was made: a renewal's due date. */
  createdS?: number;
  subscriptionId: string | null;
  package?: string;
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

export type UsableEvent = { id: string; createdS: number } & (
  | { type: SessionEventType; session: SessionFacts }
  | { type: InvoiceEventType; invoice: InvoiceFacts }
  | { type: SubscriptionEventType; subscriptionId: string }
  | { type: DisputeEventType; dispute: DisputeFacts }
  | { type: 'other'; name: string }
);

export type Reading = { ok: true; event: UsableEvent } | { ok: false; reason: string };

type Obj = Record<string, unknown>;

/** A field that is not what the code needs: its path, for the refusal's reason. */
class Unusable extends Error {}

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function obj(value: unknown, where: string): Obj {
  if (!isObj(value)) throw new Unusable(`${where} is not an object`);
  return value;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') throw new Unusable(`${where} is not text`);
  return value;
}

function optionalText(value: unknown, where: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return text(value, where);
}

function whole(value: unknown, where: string): number {
  // `Number.isSafeInteger` is false for anything but a number.
  if (!Number.isSafeInteger(value)) throw new Unusable(`${where} is not a whole number`);
  return value as number;
}

function optionalWhole(value: unknown, where: string): number | undefined {
  return value === undefined || value === null ? undefined : whole(value, where);
}

/** An id, or an expanded object's id. */
function idOf(value: unknown, where: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return isObj(value) ? text(value.id, `${where}.id`) : text(value, where);
}

/** Metadata values are text. */
function metadataOf(value: unknown, where: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  const metadata = obj(value, where);
  for (const [key, entry] of Object.entries(metadata)) text(entry, `${where}.${key}`);
  return metadata as Record<string, string>;
}

function sessionFacts(value: unknown): SessionFacts {
  const session = obj(value, 'data.object');
  if (session.object !== 'checkout.session') throw new Unusable('data.object is not a checkout.session');
  const paymentStatus = session.payment_status;
  if (paymentStatus !== 'paid' && paymentStatus !== 'unpaid' && paymentStatus !== 'no_payment_required')
    throw new Unusable('data.object.payment_status is not paid, unpaid or no_payment_required');
  const metadata = metadataOf(session.metadata, 'data.object.metadata');
  const details =
    session.customer_details == null ? {} : obj(session.customer_details, 'data.object.customer_details');
  const facts: SessionFacts = {
    sessionId: text(session.id, 'data.object.id'),
    mode: text(session.mode, 'data.object.mode'),
    paymentStatus,
  };
  const email =
    optionalText(details.email, 'data.object.customer_details.email') ??
    optionalText(session.customer_email, 'data.object.customer_email');
  if (email) facts.customerEmail = email;
  const name = optionalText(details.name, 'data.object.customer_details.name');
  if (name) facts.customerName = name;
  if (metadata.package) facts.package = metadata.package;
  const amountTotal = optionalWhole(session.amount_total, 'data.object.amount_total');
  if (amountTotal !== undefined) facts.amountTotal = amountTotal;
  const currency = optionalText(session.currency, 'data.object.currency');
  if (currency) facts.currency = currency;
  const subscriptionId = idOf(session.subscription, 'data.object.subscription');
  if (subscriptionId) facts.subscriptionId = subscriptionId;
  return facts;
}

function invoiceFacts(value: unknown): InvoiceFacts {
  const invoice = obj(value, 'data.object');
  if (invoice.object !== 'invoice') throw new Unusable('data.object is not an invoice');
  const parent = invoice.parent == null ? {} : obj(invoice.parent, 'data.object.parent');
  const details =
    parent.subscription_details == null
      ? null
      : obj(parent.subscription_details, 'data.object.parent.subscription_details');
  const metadata = details
    ? metadataOf(details.metadata, 'data.object.parent.subscription_details.metadata')
    : {};
  const facts: InvoiceFacts = {
    invoiceId: text(invoice.id, 'data.object.id'),
    subscriptionId: details
      ? (idOf(details.subscription, 'data.object.parent.subscription_details.subscription') ?? null)
      : null,
    billingReason: optionalText(invoice.billing_reason, 'data.object.billing_reason') ?? null,
    amountDue: whole(invoice.amount_due, 'data.object.amount_due'),
    currency: text(invoice.currency, 'data.object.currency'),
    nextPaymentAttemptS:
      optionalWhole(invoice.next_payment_attempt, 'data.object.next_payment_attempt') ?? null,
  };
  if (metadata.package) facts.package = metadata.package;
  const created = optionalWhole(invoice.created, 'data.object.created');
  if (created !== undefined) facts.createdS = created;
  const email = optionalText(invoice.customer_email, 'data.object.customer_email');
  if (email) facts.customerEmail = email;
  return facts;
}

function subscriptionId(value: unknown): string {
  const subscription = obj(value, 'data.object');
  if (subscription.object !== 'subscription') throw new Unusable('data.object is not a subscription');
  return text(subscription.id, 'data.object.id');
}

function disputeFacts(value: unknown): DisputeFacts {
  const dispute = obj(value, 'data.object');
  if (dispute.object !== 'dispute') throw new Unusable('data.object is not a dispute');
  return {
    disputeId: text(dispute.id, 'data.object.id'),
    paymentIntent: idOf(dispute.payment_intent, 'data.object.payment_intent') ?? null,
    amount: whole(dispute.amount, 'data.object.amount'),
    currency: text(dispute.currency, 'data.object.currency'),
    reason: optionalText(dispute.reason, 'data.object.reason') ?? 'not given',
  };
}

/** A checkout session the provider answered (the same reading as an event's); null when it cannot be used. */
export function readSession(value: unknown): SessionFacts | null {
  try {
    return sessionFacts(value);
  } catch (error) {
    if (error instanceof Unusable) return null;
    throw error;
  }
}

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The event's API version, as written in it (`null` when it has none). */
export function apiVersionOf(value: unknown): string | null {
  return isObj(value) && typeof value.api_version === 'string' ? value.api_version : null;
}

/** Reads a verified event: what its handler needs, or why it cannot be used. */
export function readEvent(value: unknown): Reading {
  try {
    const event = obj(value, 'the event');
    const id = text(event.id, 'id');
    const type = text(event.type, 'type');
    const createdS = whole(event.created, 'created');
    if (!HANDLED_EVENTS.includes(type))
      return { ok: true, event: { id, createdS, type: 'other', name: type } };
    const object = obj(event.data, 'data').object;
    if (includes(SESSION_EVENTS, type))
      return { ok: true, event: { id, createdS, type, session: sessionFacts(object) } };
    if (includes(INVOICE_EVENTS, type))
      return { ok: true, event: { id, createdS, type, invoice: invoiceFacts(object) } };
    if (includes(DISPUTE_EVENTS, type))
      return { ok: true, event: { id, createdS, type, dispute: disputeFacts(object) } };
    return {
      ok: true,
      event: { id, createdS, type: type as SubscriptionEventType, subscriptionId: subscriptionId(object) },
    };
  } catch (error) {
    if (error instanceof Unusable) return { ok: false, reason: error.message };
    throw error;
  }
}
