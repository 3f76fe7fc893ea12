/**
 * The provider's events as the double sends them (the SDK's typed events): `data.object` a snapshot of the object when
 * it happened, rendered in the webhook endpoint's API version (event-versions.ts).
 */
import { complete, type Stripe } from '../account/stripe-types.ts';
import { randomAlphanumeric } from '../server/ids.ts';
import { renderObject } from './event-versions.ts';

type Type = Stripe.Event['type'];
/** The object the SDK's typed event of type `T` carries (`Stripe.InvoicePaidEvent`'s is an invoice, and so on). */
type EventObject<T extends Type> = Extract<Stripe.Event, { type: T }>['data']['object'];
type Updated = 'customer.subscription.updated';

/** An event to send: its type, when it happened (the test clock's time), the object then, and an update's old values. */
export type EventSpec = { atS: number } & (
  | { [T in Exclude<Type, Updated>]: { type: T; object: EventObject<T>; previous?: undefined } }[Exclude<
      Type,
      Updated
    >]
  | { type: Updated; object: EventObject<Updated>; previous: Partial<Stripe.Subscription> }
);

/** A built event: its id and type, and its body exactly as it is delivered. */
export interface BuiltEvent {
  id: string;
  type: Type;
  createdS: number;
  payload: string;
}

/** The event the provider would POST for `spec`, its object rendered in `apiVersion`; only an update has old values. */
export function buildEvent(spec: EventSpec, apiVersion: string): BuiltEvent {
  const event = complete<Stripe.Event>('event', {
    id: `evt_${randomAlphanumeric(24)}`,
    api_version: apiVersion,
    created: spec.atS,
    pending_webhooks: 1,
    request: {},
    type: spec.type,
    data: { object: renderObject(spec.object, apiVersion), previous_attributes: spec.previous },
  } as object);
  return { id: event.id, type: spec.type, createdS: spec.atS, payload: JSON.stringify(event, null, 2) };
}
