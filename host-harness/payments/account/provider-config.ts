/** The secret key functions use against the double (`STRIPE_SECRET_KEY` in their environment). */
export const PROVIDER_SECRET_KEY = 'sk_test_harness_local';
/** The secret the double signs webhook events with (`STRIPE_WEBHOOK_SECRET` in the functions' environment). */
export const WEBHOOK_SECRET = 'whsec_harness_local';
/**
 * How long one delivery attempt waits for the webhook's answer (a timeout is a failed attempt, retried
 * later); the pay page and the control routes wait for first attempts, so this also bounds how long the buyer
 * waits.
 */
export const WEBHOOK_TIMEOUT_MS = 20_000;
/** Bodies of provider API calls (form-encoded) may be this large. */
export const PROVIDER_BODY_LIMIT = 256 * 1024;
