/** The keys functions use against the double (`STRIPE_SECRET_KEY`, `STRIPE_WEBHOOK_SECRET` in their environment). */
export const PROVIDER_SECRET_KEY = 'sk_test_harness_local';
export const WEBHOOK_SECRET = 'whsec_harness_local';
/** How long one delivery attempt waits (a timeout is a failed attempt); the pay page waits for first attempts too. */
export const WEBHOOK_TIMEOUT_MS = 20_000;
/** Bodies of provider API calls (form-encoded) may be this large. */
export const PROVIDER_BODY_LIMIT = 256 * 1024;
