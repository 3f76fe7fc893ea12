/**
 * Checkout redirects only to the payment provider (docs/security.md, "Redirects and untrusted values"): an https URL
 * without user-info whose origin is on the allow-list. The harness's own origin (http, local builds only) is on the
 * list as configured.
 */
export function isAllowedCheckoutUrl(value: unknown, allowedOrigins: readonly string[]): value is string {
  if (typeof value !== 'string' || value.length > 4096) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return allowedOrigins.includes(url.origin);
}
