/**
 * What the webhook needs from a verified event, read defensively: the signature proves who sent the body, not that
 * it has the fields this code uses. An event of a type it handles whose object lacks them (no session id, a number
 * where text belongs, a null object) is refused with a short reason (the handler answers 400 and stores nothing);
 * every other type is recognised as one to acknowledge and ignore.
 */

export const SESSION_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
] as const;
export const INVOICE_EVENTS = ['invoice.paid', 'invoice.payment_failed'] as const;
export const SUBSCRIPTION_EVENTS = [
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

export type SessionEventType = (typeof SESSION_EVENTS)[number];
export type InvoiceEventType = (typeof INVOICE_EVENTS)[number];
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENTS)[number];

/** A checkout session, as far as the order needs it. */
export interface SessionFacts {
  sessionId: string;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerEmail?: string;
  customerName?: string;
  package?: string;
  amountTotal?: number;
  setupAmount?: number;
  monthlyAmount?: number;
  currency?: string;
  /** The billing anchor createCheckout chose: the first monthly charge (Unix seconds). */
  firstRenewalS?: number;
  subscriptionId?: string;
}

/** An invoice of a subscription. `ours`: the subscription was sold by this site (its metadata names a package). */
export interface InvoiceFacts {
  invoiceId: string;
  subscriptionId: string | null;
  ours: boolean;
  billingReason: string | null;
  amountDue: number;
  currency: string;
  /** The end of the period its subscription line bills: the next renewal once paid. */
  periodEndS?: number;
  nextPaymentAttemptS: number | null;
}

export interface SubscriptionFacts {
  subscriptionId: string;
  ours: boolean;
  status: string;
  currentPeriodEndS?: number;
  cancelAtPeriodEnd: boolean;
  cancelAtS: number | null;
  endedAtS: number | null;
}

export type UsableEvent = { id: string; createdS: number } & (
  | { type: SessionEventType; session: SessionFacts }
  | { type: InvoiceEventType; invoice: InvoiceFacts }
  | { type: SubscriptionEventType; subscription: SubscriptionFacts }
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
  // Stryker disable next-line ConditionalExpression: Number.isSafeInteger is false for anything but a number; the typeof narrows the type.
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new Unusable(`${where} is not a whole number`);
  return value;
}

function optionalWhole(value: unknown, where: string): number | undefined {
  return value === undefined || value === null ? undefined : whole(value, where);
}

/** An id, or an expanded object's id. */
function idOf(value: unknown, where: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  return isObj(value) ? text(value.id, `${where}.id`) : text(value, where);
}

/** Metadata values are text; amounts in it are whole minor units written as digits. */
function metadataOf(value: unknown, where: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  const metadata = obj(value, where);
  for (const [key, entry] of Object.entries(metadata)) text(entry, `${where}.${key}`);
  return metadata as Record<string, string>;
}

function digits(value: string | undefined, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,12}$/.test(value)) throw new Unusable(`${where} is not a whole number`);
  return Number(value);
}

function sessionFacts(value: unknown): SessionFacts {
  const session = obj(value, 'data.object');
  if (session.object !== 'checkout.session') throw new Unusable('data.object is not a checkout.session');
  const sessionId = text(session.id, 'data.object.id');
  const paymentStatus = session.payment_status;
  if (paymentStatus !== 'paid' && paymentStatus !== 'unpaid' && paymentStatus !== 'no_payment_required')
    throw new Unusable('data.object.payment_status is not paid, unpaid or no_payment_required');
  const metadata = metadataOf(session.metadata, 'data.object.metadata');
  const details =
    session.customer_details == null ? {} : obj(session.customer_details, 'data.object.customer_details');
  const facts: SessionFacts = { sessionId, paymentStatus };
  const email =
    optionalText(details.email, 'data.object.customer_details.email') ??
    optionalText(session.customer_email, 'data.object.customer_email');
  if (email) facts.customerEmail = email;
  const name = optionalText(details.name, 'data.object.customer_details.name');
  if (name) facts.customerName = name;
  if (metadata.package) facts.package = metadata.package;
  const amountTotal = optionalWhole(session.amount_total, 'data.object.amount_total');
  if (amountTotal !== undefined) facts.amountTotal = amountTotal;
  const setup = digits(metadata.setup_amount, 'data.object.metadata.setup_amount');
  if (setup !== undefined) facts.setupAmount = setup;
  const monthly = digits(metadata.monthly_amount, 'data.object.metadata.monthly_amount');
  if (monthly !== undefined) facts.monthlyAmount = monthly;
  const firstRenewal = digits(metadata.first_renewal, 'data.object.metadata.first_renewal');
  if (firstRenewal !== undefined) facts.firstRenewalS = firstRenewal;
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
  const lines = obj(invoice.lines, 'data.object.lines');
  if (!Array.isArray(lines.data)) throw new Unusable('data.object.lines.data is not a list');
  // The line that bills the subscription's period (one-time items have their own lines).
  const periodLine = lines.data.find(
    (line) => isObj(line) && isObj(line.parent) && line.parent.type === 'subscription_item_details',
  );
  const periodEndS = isObj(periodLine)
    ? whole(
        obj(periodLine.period, 'data.object.lines.data[].period').end,
        'data.object.lines.data[].period.end',
      )
    : undefined;
  const metadata = details
    ? metadataOf(details.metadata, 'data.object.parent.subscription_details.metadata')
    : {};
  const facts: InvoiceFacts = {
    invoiceId: text(invoice.id, 'data.object.id'),
    subscriptionId: details
      ? (idOf(details.subscription, 'data.object.parent.subscription_details.subscription') ?? null)
      : null,
    ours: typeof metadata.package === 'string',
    billingReason: optionalText(invoice.billing_reason, 'data.object.billing_reason') ?? null,
    amountDue: whole(invoice.amount_due, 'data.object.amount_due'),
    currency: text(invoice.currency, 'data.object.currency'),
    nextPaymentAttemptS:
      optionalWhole(invoice.next_payment_attempt, 'data.object.next_payment_attempt') ?? null,
  };
  if (periodEndS !== undefined) facts.periodEndS = periodEndS;
  return facts;
}

function subscriptionFacts(value: unknown): SubscriptionFacts {
  const subscription = obj(value, 'data.object');
  if (subscription.object !== 'subscription') throw new Unusable('data.object is not a subscription');
  const items = obj(subscription.items, 'data.object.items');
  if (!Array.isArray(items.data)) throw new Unusable('data.object.items.data is not a list');
  const [first] = items.data;
  if (typeof subscription.cancel_at_period_end !== 'boolean')
    throw new Unusable('data.object.cancel_at_period_end is not true or false');
  const metadata = metadataOf(subscription.metadata, 'data.object.metadata');
  const facts: SubscriptionFacts = {
    subscriptionId: text(subscription.id, 'data.object.id'),
    ours: typeof metadata.package === 'string',
    status: text(subscription.status, 'data.object.status'),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAtS: optionalWhole(subscription.cancel_at, 'data.object.cancel_at') ?? null,
    endedAtS: optionalWhole(subscription.ended_at, 'data.object.ended_at') ?? null,
  };
  if (first !== undefined) {
    const end = whole(
      obj(first, 'data.object.items.data[0]').current_period_end,
      'data.object.items.data[0].current_period_end',
    );
    facts.currentPeriodEndS = end;
  }
  return facts;
}

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** Reads a verified event: what its handler needs, or why it cannot be used. */
export function readEvent(value: unknown): Reading {
  try {
    const event = obj(value, 'the event');
    const id = text(event.id, 'id');
    const type = text(event.type, 'type');
    const createdS = whole(event.created, 'created');
    const handled =
      includes(SESSION_EVENTS, type) || includes(INVOICE_EVENTS, type) || includes(SUBSCRIPTION_EVENTS, type);
    if (!handled) return { ok: true, event: { id, createdS, type: 'other', name: type } };
    const object = obj(event.data, 'data').object;
    if (includes(SESSION_EVENTS, type))
      return { ok: true, event: { id, createdS, type, session: sessionFacts(object) } };
    if (includes(INVOICE_EVENTS, type))
      return { ok: true, event: { id, createdS, type, invoice: invoiceFacts(object) } };
    return {
      ok: true,
      event: { id, createdS, type: type as SubscriptionEventType, subscription: subscriptionFacts(object) },
    };
  } catch (error) {
    if (error instanceof Unusable) return { ok: false, reason: error.message };
    throw error;
  }
}
