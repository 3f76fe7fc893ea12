/**
 * What the webhook asks the provider itself, rather than trusting an event's snapshot (docs.stripe.com/webhooks, "Event
 * ordering": events arrive "in no guaranteed order", and two can share one second; and the snapshot is rendered in
 * the endpoint's API version): each event's object by its id (a checkout session with its line items, an invoice, a
 * dispute), a subscription's state now, the checkout that started a subscription, and which invoice a disputed payment
 * paid (a dispute names its PaymentIntent; `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=…`
 * names the invoice, whose `parent.subscription_details` names the subscription). Every call goes through the SDK,
 * which asks for the API version the functions pin. An object the provider does not have (a 404) is none; an answer
 * that cannot be read is thrown on (`ProviderAnswerError`), as any other failure of the provider.
 */
import { isNotFound, type StripeClient, type StripeSubscription } from '../../shared/stripe-client.ts';
import { isProviderId } from './provider-ids.ts';
import {
  type CheckoutFacts,
  type DisputeFacts,
  type InvoiceFacts,
  type PriceItem,
  ProviderAnswerError,
  readCheckout,
  readDispute,
  readInvoice,
  readSession,
  type SessionFacts,
} from './provider-objects.ts';

/** A subscription as the order records it. */
export interface SubscriptionState {
  id: string;
  status: string;
  metadata: Record<string, string>;
  trialEndS: number | null;
  currentPeriodEndS: number | null;
  cancelAtPeriodEnd: boolean;
  cancelAtS: number | null;
  endedAtS: number | null;
  cancellationReason: string | null;
  /** Its recurring items, each priced per period. */
  items: PriceItem[];
}

export interface ProviderLookup {
  /** A checkout session with its line items (`expand[]=line_items`); null when the provider has no such session. */
  checkout(id: string): Promise<CheckoutFacts | null>;
  /** An invoice as it is now; null when the provider has no such invoice. */
  invoice(id: string): Promise<InvoiceFacts | null>;
  /** A dispute; null when the provider has no such dispute. */
  dispute(id: string): Promise<DisputeFacts | null>;
  /** The subscription as it is now; null when the provider has no such subscription. */
  subscription(id: string): Promise<SubscriptionState | null>;
  /**
   * The checkout session that created a subscription (`GET /v1/checkout/sessions?subscription=…`), so that the order
   * knows its buyer and reference whichever event came first; null when none did.
   */
  sessionOfSubscription(id: string): Promise<SessionFacts | null>;
  /** The subscription whose invoice a payment paid; null when no invoice names the payment. */
  subscriptionOfPayment(paymentIntent: string): Promise<string | null>;
}

/** The fields the order needs of the provider's subscription object. */
export function subscriptionState(subscription: StripeSubscription): SubscriptionState {
  const items = subscription.items.data;
  return {
    id: subscription.id,
    status: subscription.status,
    metadata: { ...subscription.metadata },
    trialEndS: subscription.trial_end,
    currentPeriodEndS: items[0]?.current_period_end ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAtS: subscription.cancel_at,
    endedAtS: subscription.ended_at,
    cancellationReason: subscription.cancellation_details?.reason ?? null,
    items: items.map((item) => ({
      amount: item.price.unit_amount,
      currency: item.price.currency,
      interval: item.price.recurring?.interval ?? null,
      intervalCount: item.price.recurring?.interval_count ?? null,
      quantity: item.quantity ?? 1,
    })),
  };
}

/** What `retrieve` answers, read; null when the provider answers 404. */
async function found<T>(retrieve: () => Promise<unknown>, read: (value: unknown) => T): Promise<T | null> {
  let answer: unknown;
  try {
    answer = await retrieve();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  return read(answer);
}

/** The lookups through the provider's SDK. */
export function stripeLookup(stripe: StripeClient): ProviderLookup {
  return {
    checkout: (id) =>
      found(() => stripe.checkout.sessions.retrieve(id, { expand: ['line_items'] }), readCheckout),
    invoice: (id) => found(() => stripe.invoices.retrieve(id), readInvoice),
    dispute: (id) => found(() => stripe.disputes.retrieve(id), readDispute),
    subscription: (id) =>
      found(
        () => stripe.subscriptions.retrieve(id),
        (answer) => subscriptionState(answer as StripeSubscription),
      ),
    async sessionOfSubscription(id) {
      const sessions = await stripe.checkout.sessions.list({ subscription: id, limit: 1 });
      const [session] = sessions.data;
      return session ? readSession(session) : null;
    },
    async subscriptionOfPayment(paymentIntent) {
      const payments = await stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
        limit: 1,
      });
      const invoice = payments.data[0]?.invoice;
      if (!invoice) return null;
      const paid = typeof invoice === 'string' ? await stripe.invoices.retrieve(invoice) : invoice;
      // A deleted invoice (`{ id, object, deleted: true }`) has no parent: it bills no subscription, read as none below.
      const { parent } = paid as Partial<Extract<typeof paid, { parent: unknown }>>;
      const subscription = parent?.subscription_details?.subscription;
      if (!subscription) return null;
      const id = typeof subscription === 'string' ? subscription : subscription.id;
      if (!isProviderId(id))
        throw new ProviderAnswerError("the invoice's subscription is not one of the provider's ids");
      return id;
    },
  };
}
