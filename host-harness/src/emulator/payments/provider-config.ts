/** The secret key functions use against the double (`STRIPE_SECRET_KEY` in their environment). */
export const PROVIDER_SECRET_KEY = 'sk_test_harness_local';
/** The secret the double signs webhook events with (`STRIPE_WEBHOOK_SECRET` in the functions' environment). */
export const WEBHOOK_SECRET = 'whsec_harness_local';
/** The function the double delivers its events to. */
export const WEBHOOK_FUNCTION = 'stripeWebhook';
/** How long the pay page waits for the webhook function before it sends the buyer on anyway. */
export const WEBHOOK_TIMEOUT_MS = 20_000;
/** Bodies of provider API calls (form-encoded) may be this large. */
export const PROVIDER_BODY_LIMIT = 256 * 1024;
