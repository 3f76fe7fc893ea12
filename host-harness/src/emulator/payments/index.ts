/**
 * The payment-provider double (Stripe's API as the project's functions use it): checkout sessions and the
 * subscriptions they start, with their invoices, payments and disputes on a test clock; their events delivered and
 * redelivered to the webhook function; the hosted pay page; the control routes. Its rules come from the provider's
 * pages (RULES.md); it imports nothing from the project's backend (`base44/`).
 *
 * Folders, each reached by the others only through its `index.ts`, lower ones never importing higher ones:
 * account (settings, keys, types) ← webhooks (events, delivery) ← billing (prices, dates, subscriptions, invoices,
 * the clock) ← checkout (sessions) ← api (the REST API), pay-page ← control; this file and payment-double.ts wire
 * them.
 */
export {
  type AccountSettings,
  type DashboardPrice,
  DEFAULT_ENABLED_EVENTS,
  defaultAccountSettings,
  PROVIDER_SECRET_KEY,
  WEBHOOK_FUNCTION,
  WEBHOOK_SECRET,
} from './account/index.ts';
export { IDEMPOTENCY_TABLES, IdempotencyStore, registerProviderRoutes } from './api/index.ts';
export {
  CHECKOUT_SESSION_TABLES,
  CheckoutSessionStore,
  type PaymentState,
  type PaymentsContext,
} from './checkout/index.ts';
export {
  CHECKOUT_SESSION_ROUTES,
  PAYMENT_ACCOUNT_ROUTE,
  registerPaymentControlRoutes,
} from './control/index.ts';
export { registerPayPage } from './pay-page/index.ts';
export { PaymentDouble, type PaymentDoubleOptions } from './payment-double.ts';
export {
  DEFAULT_RETRY_SCHEDULE,
  PROVIDER_EVENT_TABLES,
  ProviderEventStore,
  type RetrySchedule,
  retryScheduleFromEnv,
  TEST_MODE_RETRY_SCHEDULE,
} from './webhooks/index.ts';
