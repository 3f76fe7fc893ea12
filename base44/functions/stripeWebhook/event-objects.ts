/**
 * An event's object as the provider holds it now, read by its id with the SDK at the API version the functions pin,
 * rather than the snapshot the event carries: the snapshot may be older than another event already applied, and it is
 * rendered in the webhook endpoint's version, which need not be the functions' (docs/deploy.md, step 4). A checkout
 * session is read with its line items (what it sold: ownership.ts), an invoice with its status and subscription, a
 * dispute with the payment it took back; a subscription is read later, by the purchase (purchase-events.ts). An
 * object the provider does not have is not this site's purchase: acknowledged with the reason.
 */
import {
  type DisputeEventType,
  type EventReference,
  type InvoiceEventType,
  isDisputeEvent,
  isInvoiceEvent,
  isSessionEvent,
  type SessionEventType,
  type SubscriptionEventType,
} from './event-content.ts';
import type { ProviderLookup } from './provider-lookup.ts';
import type { CheckoutFacts, DisputeFacts, InvoiceFacts } from './provider-objects.ts';

/** A purchase's event with its object as the provider holds it now. */
export type PurchaseEvent = { id: string; createdS: number } & (
  | { type: SessionEventType; checkout: CheckoutFacts }
  | { type: InvoiceEventType; invoice: InvoiceFacts }
  | { type: SubscriptionEventType; subscriptionId: string }
  | { type: DisputeEventType; dispute: DisputeFacts }
);

/** Why an event is about nothing the provider has. */
export interface Missing {
  missing: string;
}

export async function readEventObject(
  lookup: ProviderLookup,
  event: EventReference,
): Promise<PurchaseEvent | Missing> {
  const { id, createdS, type, objectId } = event;
  if (isSessionEvent(type)) {
    const checkout = await lookup.checkout(objectId);
    return checkout ? { id, createdS, type, checkout } : { missing: `checkout session ${objectId}` };
  }
  if (isInvoiceEvent(type)) {
    const invoice = await lookup.invoice(objectId);
    return invoice ? { id, createdS, type, invoice } : { missing: `invoice ${objectId}` };
  }
  if (isDisputeEvent(type)) {
    const dispute = await lookup.dispute(objectId);
    return dispute ? { id, createdS, type, dispute } : { missing: `dispute ${objectId}` };
  }
  return { id, createdS, type, subscriptionId: objectId };
}
