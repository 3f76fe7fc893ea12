/**
 * The provider as the webhook asks it (`ProviderLookup`), holding one purchase: its subscription as a test last set it
 * (read through the real `subscriptionState`), which payment paid its first invoice, and the checkout session that
 * started it (read through the real `readSession`). Any other id is unknown to it.
 */
import { readSession } from '../../../base44/functions/stripeWebhook/event-content.ts';
import {
  type ProviderLookup,
  type SubscriptionState,
  subscriptionState,
} from '../../../base44/functions/stripeWebhook/provider-lookup.ts';
import type { StripeSubscription } from '../../../base44/shared/stripe-client.ts';
import {
  PAYMENT_INTENT_ID,
  SUBSCRIPTION_ID,
  type SubscriptionSpec,
  session,
  subscription,
} from '../../support/provider-events.ts';

export type LookupDouble = ProviderLookup & {
  /** The subscription the provider holds from now on (`null`: none). */
  set(next: SubscriptionSpec | null): void;
  /** How often the subscription was asked for. */
  calls: number;
  /** How often the checkout session of a subscription was asked for. */
  sessionCalls: number;
};

export function subscriptionStateOf(spec: SubscriptionSpec): SubscriptionState {
  return subscriptionState(subscription(spec) as unknown as StripeSubscription);
}

export function providerLookup(spec: SubscriptionSpec = {}): LookupDouble {
  let current: SubscriptionState | null = subscriptionStateOf(spec);
  return {
    calls: 0,
    sessionCalls: 0,
    async subscription(id) {
      this.calls++;
      return id === SUBSCRIPTION_ID ? current : null;
    },
    async subscriptionOfPayment(pi) {
      return pi === PAYMENT_INTENT_ID ? SUBSCRIPTION_ID : null;
    },
    async sessionOfSubscription(id) {
      this.sessionCalls++;
      return id === SUBSCRIPTION_ID ? readSession(session()) : null;
    },
    set(next) {
      current = next === null ? null : subscriptionStateOf(next);
    },
  };
}
