/**
 * What the webhook takes from a verified event: which event it is (its id, type and time) and which object it is about
 * (`data.object.id`), nothing more. The object itself is read from the provider by that id, at the API version the
 * functions pin (event-objects.ts): an event may be stale, arrive out of order, or be rendered in whatever version the
 * webhook endpoint was created at, and the provider keeps each event as rendered when it was created ("Each event
 * data is rendered according to Stripe API version at its creation time", docs.stripe.com/api/events/list). These
 * few fields are the same in every version, so no endpoint version loses an order. An event without them cannot be
 * identified and is refused (the handler answers 400 and stores nothing); a type the webhook does not handle is
 * acknowledged and ignored, whatever else it holds.
 */
import { isProviderId } from './provider-ids.ts';

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
export type HandledEventType = SessionEventType | InvoiceEventType | SubscriptionEventType | DisputeEventType;

/** An event of a handled type: what happened, and to which of the provider's objects. */
export interface EventReference {
  id: string;
  createdS: number;
  type: HandledEventType;
  /** The id of the event's object: a checkout session, invoice, subscription or dispute, by its type. */
  objectId: string;
}

export type IdentifiedEvent = EventReference | { id: string; createdS: number; type: 'other'; name: string };

export type Reading = { ok: true; event: IdentifiedEvent } | { ok: false; reason: string };

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const refused = (reason: string): Reading => ({ ok: false, reason });

const NOT_AN_ID = "is not one of the provider's ids";

/** Reads a verified event: which event it is and which object it is about, or why it cannot be identified. */
export function readEvent(value: unknown): Reading {
  if (!isObj(value)) return refused('the event is not an object');
  const { id, type, created: createdS, data } = value;
  if (!isProviderId(id)) return refused(`id ${NOT_AN_ID}`);
  if (typeof type !== 'string' || type === '') return refused('type is not text');
  // `Number.isSafeInteger` is false for anything but a number.
  if (!Number.isSafeInteger(createdS)) return refused('created is not a whole number');
  const at = createdS as number;
  if (!HANDLED_EVENTS.includes(type))
    return { ok: true, event: { id, createdS: at, type: 'other', name: type } };
  const object = isObj(data) ? data.object : undefined;
  const objectId = isObj(object) ? object.id : undefined;
  if (!isProviderId(objectId)) return refused(`data.object.id ${NOT_AN_ID}`);
  return { ok: true, event: { id, createdS: at, type: type as HandledEventType, objectId } };
}

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

export const isSessionEvent = (type: string): type is SessionEventType => includes(SESSION_EVENTS, type);
export const isInvoiceEvent = (type: string): type is InvoiceEventType => includes(INVOICE_EVENTS, type);
export const isDisputeEvent = (type: string): type is DisputeEventType => includes(DISPUTE_EVENTS, type);
