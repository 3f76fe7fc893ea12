/** The control API of the payment double: sessions, clocks, outcomes, cancellations, disputes, settings. */
export {
  CHECKOUT_SESSION_ROUTES,
  PAYMENT_ACCOUNT_ROUTE,
  registerPaymentControlRoutes,
} from './payment-control-routes.ts';
export { type SessionSummary, summarize } from './session-summary.ts';
