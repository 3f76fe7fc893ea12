/** The provider's REST API: its routes, the rules its requests are checked by, its errors and idempotency. */
export { emailAddress, HIDDEN_CHARACTERS, MAX_AMOUNT, MIN_AMOUNT } from './checkout-params.ts';
export { IDEMPOTENCY_TABLES, IdempotencyStore } from './idempotency-store.ts';
export { registerProviderRoutes } from './provider-routes.ts';
