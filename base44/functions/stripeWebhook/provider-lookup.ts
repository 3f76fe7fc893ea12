/**
 * What the webhook asks the provider itself, rather than trusting an event's snapshot: a subscription's state now
 * (events arrive "in no guaranteed order", and two can share one second, so the newest state is the provider's, not
 * the last event's: docs.stripe.com/webhooks, "Event ordering"), and which invoice a disputed payment paid (a dispute
 * names its PaymentIntent; `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=…` names the
 * invoice, whose `parent.subscription_details` names the subscription).
 */
import { isNotFound, type StripeClient, type StripeSubscription } from '../../shared/stripe-client.ts';
import { readSession, type SessionFacts } from './event-content.ts';

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
  items: {
    amount: number | null;
    currency: string;
    interval: string | null;
    intervalCount: number | null;
    quantity: number;
  }[];
}

export interface ProviderLookup {
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

/** The lookups through the provider's SDK. */
export function stripeLookup(stripe: StripeClient): ProviderLookup {
  return {
    async subscription(id) {
      try {
        return subscriptionState(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
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
      const found = typeof invoice === 'string' ? await stripe.invoices.retrieve(invoice) : invoice;
      // A deleted invoice (`{ id, object, deleted: true }`) has no parent: it bills no subscription, read as none below.
      const { parent } = found as Partial<Extract<typeof found, { parent: unknown }>>;
      const subscription = parent?.subscription_details?.subscription;
      if (!subscription) return null;
      return typeof subscription === 'string' ? subscription : subscription.id;
    },
  };
}
