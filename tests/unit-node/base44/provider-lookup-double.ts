/**
 * The provider as the webhook asks it (`ProviderLookup`), holding one purchase, read through the real readers
 * (`readCheckout`, `readInvoice`, `readDispute`, `subscriptionState`): its checkout session with the package's line
 * items, the invoices and disputes a test says it holds now (`hold`), its subscription as a test last set it, and which
 * payment paid its first invoice. Any other id is unknown to it. `asked` lists each lookup and its id, in order.
 */
import {
  type ProviderLookup,
  type SubscriptionState,
  subscriptionState,
} from '../../../base44/functions/stripeWebhook/provider-lookup.ts';
import {
  readCheckout,
  readDispute,
  readInvoice,
  readSession,
} from '../../../base44/functions/stripeWebhook/provider-objects.ts';
import type { StripeSubscription } from '../../../base44/shared/stripe-client.ts';
import {
  dispute,
  invoice,
  PAYMENT_INTENT_ID,
  SESSION_ID,
  SUBSCRIPTION_ID,
  type SubscriptionSpec,
  session,
  subscription,
  withLineItems,
} from '../../support/provider-events.ts';

type Obj = Record<string, unknown>;

export type LookupDouble = ProviderLookup & {
  /** The subscription the provider holds from now on (`null`: none). */
  set(next: SubscriptionSpec | null): void;
  /** Checkout sessions (with their line items), invoices and disputes the provider holds from now on, by id. */
  hold(...objects: Obj[]): void;
  /** Takes an object away: the provider answers 404 for it. */
  drop(id: string): void;
  /** How often the subscription was asked for. */
  calls: number;
  /** How often the checkout session of a subscription was asked for. */
  sessionCalls: number;
  /** Each lookup and the id it was for. */
  asked: string[];
};

export function subscriptionStateOf(spec: SubscriptionSpec): SubscriptionState {
  return subscriptionState(subscription(spec) as unknown as StripeSubscription);
}

export function providerLookup(spec: SubscriptionSpec = {}): LookupDouble {
  let current: SubscriptionState | null = subscriptionStateOf(spec);
  const held = new Map<string, Obj>();
  const asked: string[] = [];
  /** A lookup of one kind of held object, read as the webhook reads the provider's answer. */
  const lookUp =
    <T>(what: string, kind: string, read: (value: unknown) => T) =>
    async (id: string): Promise<T | null> => {
      asked.push(`${what} ${id}`);
      const found = held.get(id);
      return found?.object === kind ? read(found) : null;
    };
  const double: LookupDouble = {
    calls: 0,
    sessionCalls: 0,
    asked,
    checkout: lookUp('checkout', 'checkout.session', readCheckout),
    invoice: lookUp('invoice', 'invoice', readInvoice),
    dispute: lookUp('dispute', 'dispute', readDispute),
    async subscription(id) {
      double.asked.push(`subscription ${id}`);
      double.calls++;
      return id === SUBSCRIPTION_ID ? current : null;
    },
    async subscriptionOfPayment(pi) {
      double.asked.push(`subscription of payment ${pi}`);
      return pi === PAYMENT_INTENT_ID ? SUBSCRIPTION_ID : null;
    },
    async sessionOfSubscription(id) {
      double.asked.push(`session of subscription ${id}`);
      double.sessionCalls++;
      const found = held.get(SESSION_ID);
      return id === SUBSCRIPTION_ID && found ? readSession(found) : null;
    },
    set(next) {
      current = next === null ? null : subscriptionStateOf(next);
    },
    hold(...objects) {
      for (const object of objects) {
        const kept =
          object.object === 'checkout.session' && !object.line_items ? withLineItems(object) : object;
        held.set(String(object.id), kept);
      }
    },
    drop(id) {
      held.delete(id);
    },
  };
  double.hold(session(), invoice(), dispute());
  return double;
}
