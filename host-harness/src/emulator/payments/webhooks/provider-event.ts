import { randomAlphanumeric } from '../../core/ids.ts';
import type { Stripe } from '../account/stripe-types.ts';
import type { Invoice } from '../billing/invoice-object.ts';
import type { Subscription } from '../billing/subscription-object.ts';
import type { CheckoutSession } from '../checkout/checkout-session.ts';

/** The event types the double sends: those the project's webhook endpoint is subscribed to (docs/deploy.md). */
export type ProviderEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted';

/** An event to send: its type, the object as it is now, and for updates the fields that changed (their old values). */
export type EventSpec =
  | { type: Extract<ProviderEventType, `checkout.session.${string}`>; object: CheckoutSession }
  | { type: Extract<ProviderEventType, `invoice.${string}`>; object: Invoice }
  | { type: 'customer.subscription.updated'; object: Subscription; previous: Partial<Subscription> }
  | { type: 'customer.subscription.deleted'; object: Subscription };

/** A built event: its id and type, and its body exactly as it is delivered. */
export interface BuiltEvent {
  id: string;
  type: ProviderEventType;
  createdS: number;
  payload: string;
}

/** The event the provider would POST for `spec` at `createdS`, for the API version the session was created with. */
export function buildEvent(spec: EventSpec, apiVersion: string | null, createdS: number): BuiltEvent {
  const id = `evt_${randomAlphanumeric(24)}`;
  const base = {
    id,
    object: 'event' as const,
    api_version: apiVersion,
    created: createdS,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  let event: Stripe.Event;
  switch (spec.type) {
    case 'customer.subscription.updated':
      event = {
        ...base,
        type: spec.type,
        data: { object: spec.object, previous_attributes: spec.previous },
      } satisfies Stripe.CustomerSubscriptionUpdatedEvent;
      break;
    case 'customer.subscription.deleted':
      event = {
        ...base,
        type: spec.type,
        data: { object: spec.object },
      } satisfies Stripe.CustomerSubscriptionDeletedEvent;
      break;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      event = { ...base, type: spec.type, data: { object: spec.object } } satisfies
        | Stripe.InvoicePaidEvent
        | Stripe.InvoicePaymentFailedEvent;
      break;
    default:
      event = { ...base, type: spec.type, data: { object: spec.object } } satisfies
        | Stripe.CheckoutSessionCompletedEvent
        | Stripe.CheckoutSessionAsyncPaymentSucceededEvent
        | Stripe.CheckoutSessionAsyncPaymentFailedEvent;
  }
  return { id, type: spec.type, createdS, payload: JSON.stringify(event, null, 2) };
}
