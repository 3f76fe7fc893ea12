import type { CheckoutSessionStore } from './checkout-session-store.ts';
import type { PaymentDouble } from './payment-double.ts';
import type { ProviderEventStore } from './provider-event-store.ts';

/** The payment double's stores: its checkout sessions (with what followed each) and its events. */
export interface PaymentState {
  /** The app a new session belongs to (the seeded app: the provider's account has one). */
  appId: string;
  checkoutSessions: CheckoutSessionStore;
  providerEvents: ProviderEventStore;
}

/** What the payment double's routes and pages use. */
export interface PaymentsContext {
  state: PaymentState;
  /** Idempotency keys, and the dispatcher that delivers and redelivers events. */
  payments: PaymentDouble;
  /** The address the emulator listens on: the hosted page's address in a new session. */
  ownUrl(): string;
  quiet: boolean;
}
