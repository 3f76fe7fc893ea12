/** The provider account as its dashboard configures it: keys, settings, payment methods, prices; the object types. */
export {
  type AccountSettings,
  AFTER_RETRIES,
  type AfterRetries,
  DEFAULT_ENABLED_EVENTS,
  defaultAccountSettings,
  patchedSettings,
  SettingsError,
  settingsView,
  type WebhookEndpointSettings,
} from './account-settings.ts';
export { type DashboardPrice, DashboardPrices, type PriceInfo } from './dashboard-prices.ts';
export {
  BACS_CURRENCY,
  collects,
  isPaymentMethodType,
  offeredMethods,
  PAYMENT_METHOD_TYPES,
  type PaymentMethodType,
} from './payment-methods.ts';
export {
  PROVIDER_BODY_LIMIT,
  PROVIDER_SECRET_KEY,
  WEBHOOK_FUNCTION,
  WEBHOOK_SECRET,
  WEBHOOK_TIMEOUT_MS,
} from './provider-config.ts';
export { API_VERSION, decimalText, type Stripe } from './stripe-types.ts';
