/** What the double's routes and pages use: its stores, its engine (payment-engine.ts), where its pay page is. */
import type { ProviderEventStore } from '../webhooks/provider-event-store.ts';
import type { CheckoutSessionStore } from './checkout-session-store.ts';
import type { PaymentDouble } from './payment-engine.ts';

/** The double's stores, and the account a new session belongs to (it has one). */
export interface PaymentState {
  appId: string;
  checkoutSessions: CheckoutSessionStore;
  providerEvents: ProviderEventStore;
}

export interface PaymentsContext {
  state: PaymentState;
  payments: PaymentDouble;
  /** The origin its hosted page is named on in a new session. */
  ownUrl(): string;
  quiet: boolean;
}
