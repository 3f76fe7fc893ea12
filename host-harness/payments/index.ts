/**
 * The payment provider's stand-in (Stripe's API as the project's functions use it), its own emulator: its
 * public surface for `host-harness/src/main.ts`, its CLI and the tests.
 */
export { PROVIDER_SECRET_KEY, WEBHOOK_SECRET } from './account/provider-config.ts';
export {
  createPaymentProvider,
  type PaymentProvider,
  type PaymentProviderOptions,
} from './create-payment-provider.ts';
export {
  eventDuplicatesFromEnv,
  eventOrderSeedFromEnv,
  SEEDED_PRICES,
  WEBHOOK_EVENTS,
} from './dashboard-seed.ts';
export { type RetrySchedule, retryScheduleFromEnv } from './webhooks/retry-schedule.ts';
