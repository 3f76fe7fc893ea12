/** Checkout Sessions: the session object, its store, what paying, the clock and expiry do to it, and its status. */
export {
  advanceClock,
  applyBilling,
  type Change,
  cancelOnPage,
  completeCheckout,
  expireIfDue,
  settleFirstDebit,
} from './checkout-completion.ts';
export {
  buildLineItems,
  buildSession,
  type CheckoutMode,
  type CheckoutSession,
  type LineItemInput,
  newSessionId,
  pricedLine,
  pricedLinesOf,
  type SessionInput,
  type SessionLineItem,
} from './checkout-session.ts';
export {
  CHECKOUT_SESSION_TABLES,
  type CheckoutRecord,
  CheckoutSessionStore,
  type NewCheckoutRecord,
} from './checkout-session-store.ts';
export type { PaymentState, PaymentsContext, PaymentsEngine } from './payments-context.ts';
export { type SessionStatus, sessionStatus } from './session-status.ts';
