import type { PaymentDouble, PaymentStores } from './payment-double.ts';

/** The payment double's stores, and the app a new session belongs to (the seeded app: the provider's has one). */
export interface PaymentState extends PaymentStores {
  appId: string;
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
