/**
 * The payment-provider double (Stripe's API as the project's functions use it): checkout sessions with what follows
 * them (subscriptions, invoices, a test clock), their events delivered and redelivered to the webhook function, the
 * hosted pay page, and the control routes that settle, renew, cancel and resend.
 */
export { CHECKOUT_SESSION_TABLES, CheckoutSessionStore } from './checkout-session-store.ts';
export { registerPayPage } from './pay-page.ts';
export { CHECKOUT_SESSION_ROUTES, registerPaymentControlRoutes } from './payment-control-routes.ts';
export { PaymentDouble } from './payment-double.ts';
export type { PaymentState, PaymentsContext } from './payments-context.ts';
export { PROVIDER_SECRET_KEY, WEBHOOK_FUNCTION, WEBHOOK_SECRET } from './provider-config.ts';
export { PROVIDER_EVENT_TABLES, ProviderEventStore } from './provider-event-store.ts';
export { registerProviderRoutes } from './provider-routes.ts';
export { DEFAULT_RETRY_SCHEDULE, type RetrySchedule, retryScheduleFromEnv } from './retry-schedule.ts';
