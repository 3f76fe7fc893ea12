/**
 * The provider's events as the double sends them: `{ id, object: 'event', api_version, created, data: { object,
 * previous_attributes? }, type, … }` (the SDK's typed events), their `data.object` a snapshot of the object when the
 * event happened, rendered in the API version of the webhook endpoint (event-versions.ts).
 */
import { randomAlphanumeric } from '../../core/ids.ts';
import type { Stripe } from '../account/index.ts';
import { renderObject } from './event-versions.ts';

type Session = Stripe.Checkout.Session;

/** An event to send: its type, when it happened (the test clock's time), the object then, and an update's old values. */
export type EventSpec = { atS: number } & (
  | {
      type:
        | 'checkout.session.completed'
        | 'checkout.session.async_payment_succeeded'
        | 'checkout.session.async_payment_failed'
        | 'checkout.session.expired';
      object: Session;
    }
  | {
      type:
        | 'invoice.created'
        | 'invoice.finalized'
        | 'invoice.paid'
        | 'invoice.payment_succeeded'
        | 'invoice.payment_failed'
        | 'invoice.voided';
      object: Stripe.Invoice;
    }
  | {
      type:
        | 'customer.subscription.created'
        | 'customer.subscription.deleted'
        | 'customer.subscription.trial_will_end';
      object: Stripe.Subscription;
    }
  | {
      type: 'customer.subscription.updated';
      object: Stripe.Subscription;
      previous: Partial<Stripe.Subscription>;
    }
  | { type: 'charge.dispute.created'; object: Stripe.Dispute }
);

export type ProviderEventType = EventSpec['type'];

/** A built event: its id and type, and its body exactly as it is delivered. */
export interface BuiltEvent {
  id: string;
  type: ProviderEventType;
  createdS: number;
  payload: string;
}

/** The event the provider would POST for `spec`, rendered in `apiVersion`. */
export function buildEvent(spec: EventSpec, apiVersion: string): BuiltEvent {
  const id = `evt_${randomAlphanumeric(24)}`;
  const base = {
    id,
    object: 'event' as const,
    api_version: apiVersion,
    created: spec.atS,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  // The typed event for the current version; `renderObject` then rewrites its object for an older one.
  let event: Stripe.Event;
  switch (spec.type) {
    case 'customer.subscription.updated':
      event = {
        ...base,
        type: spec.type,
        data: { object: spec.object, previous_attributes: spec.previous },
      } satisfies Stripe.CustomerSubscriptionUpdatedEvent;
      break;
    case 'customer.subscription.created':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      event = { ...base, type: spec.type, data: { object: spec.object } } satisfies
        | Stripe.CustomerSubscriptionCreatedEvent
        | Stripe.CustomerSubscriptionDeletedEvent
        | Stripe.CustomerSubscriptionTrialWillEndEvent;
      break;
    case 'invoice.created':
    case 'invoice.finalized':
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
    case 'invoice.voided':
      event = { ...base, type: spec.type, data: { object: spec.object } } satisfies
        | Stripe.InvoiceVoidedEvent
        | Stripe.InvoiceCreatedEvent
        | Stripe.InvoiceFinalizedEvent
        | Stripe.InvoicePaidEvent
        | Stripe.InvoicePaymentSucceededEvent
        | Stripe.InvoicePaymentFailedEvent;
      break;
    case 'charge.dispute.created':
      event = {
        ...base,
        type: spec.type,
        data: { object: spec.object },
      } satisfies Stripe.ChargeDisputeCreatedEvent;
      break;
    default:
      event = { ...base, type: spec.type, data: { object: spec.object } } satisfies
        | Stripe.CheckoutSessionCompletedEvent
        | Stripe.CheckoutSessionAsyncPaymentSucceededEvent
        | Stripe.CheckoutSessionAsyncPaymentFailedEvent
        | Stripe.CheckoutSessionExpiredEvent;
  }
  const rendered = {
    ...event,
    data: { ...event.data, object: renderObject(event.data.object, apiVersion) },
  };
  return { id, type: spec.type, createdS: spec.atS, payload: JSON.stringify(rendered, null, 2) };
}
