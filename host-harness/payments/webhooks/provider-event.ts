/**
 * The provider's events as the double sends them: `{ id, object: 'event', api_version, created, data: {
 * object, previous_attributes? }, type, … }` (the SDK's typed events), their `data.object` a snapshot of the
 * object when the event happened, rendered in the API version of the webhook endpoint (event-versions.ts).
 */

import type { Stripe } from '../account/stripe-types.ts';
import { randomAlphanumeric } from '../server/ids.ts';
import { renderObject } from './event-versions.ts';

/** The event types the double sends, besides `customer.subscription.updated` (which also carries old values). */
type SimpleType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
  | 'invoice.created'
  | 'invoice.finalized'
  | 'invoice.paid'
  | 'invoice.payment_succeeded'
  | 'invoice.payment_failed'
  | 'invoice.voided'
  | 'customer.subscription.created'
  | 'customer.subscription.deleted'
  | 'customer.subscription.trial_will_end'
  | 'charge.dispute.created';

/** The object the SDK's typed event of type `T` carries (`Stripe.InvoicePaidEvent`'s is an invoice, and so on). */
type EventObject<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>['data']['object'];

/** An event to send: its type, when it happened (the test clock's time), the object then, and an update's old values. */
export type EventSpec = { atS: number } & (
  | { [T in SimpleType]: { type: T; object: EventObject<T> } }[SimpleType]
  | {
      type: 'customer.subscription.updated';
      object: EventObject<'customer.subscription.updated'>;
      previous: Partial<Stripe.Subscription>;
    }
);

export type ProviderEventType = EventSpec['type'];

/** A built event: its id and type, and its body exactly as it is delivered. */
export interface BuiltEvent {
  id: string;
  type: ProviderEventType;
  createdS: number;
  payload: string;
}

/**
 * The event the provider would POST for `spec`, its object rendered in `apiVersion`: the SDK's event of its
 * type (`Stripe.Event`), whose `data.previous_attributes` only an update has.
 */
export function buildEvent(spec: EventSpec, apiVersion: string): BuiltEvent {
  const id = `evt_${randomAlphanumeric(24)}`;
  // Other specs have no `previous`: undefined, which JSON leaves out.
  const previous = (spec as Partial<Extract<EventSpec, { previous: unknown }>>).previous;
  const event = {
    id,
    object: 'event',
    api_version: apiVersion,
    created: spec.atS,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: spec.type,
    data: { object: renderObject(spec.object, apiVersion), previous_attributes: previous },
  } satisfies Omit<Stripe.Event, 'data'> & { data: unknown };
  return { id, type: spec.type, createdS: spec.atS, payload: JSON.stringify(event, null, 2) };
}
