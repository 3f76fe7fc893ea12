/**
 * The payment-provider double (Stripe's API as the project's functions use it): checkout sessions with what follows
 * them (subscriptions, invoices, a test clock), their events delivered and redelivered to the webhook function, the
 * hosted pay page, and the control routes that settle, renew, cancel and resend.
 */

export { PROVIDER_SECRET_KEY, WEBHOOK_FUNCTION, WEBHOOK_SECRET } from './account/provider-config.ts';
export { registerProviderRoutes } from './api/provider-routes.ts';
export { CHECKOUT_SESSION_TABLES, CheckoutSessionStore } from './checkout/checkout-session-store.ts';
export { PaymentDouble } from './checkout/payment-double.ts';
export type { PaymentState, PaymentsContext } from './checkout/payments-context.ts';
export { CHECKOUT_SESSION_ROUTES, registerPaymentControlRoutes } from './control/payment-control-routes.ts';
export { registerPayPage } from './pay-page/pay-page.ts';
export { PROVIDER_EVENT_TABLES, ProviderEventStore } from './webhooks/provider-event-store.ts';
export {
  DEFAULT_RETRY_SCHEDULE,
  type RetrySchedule,
  retryScheduleFromEnv,
} from './webhooks/retry-schedule.ts';
