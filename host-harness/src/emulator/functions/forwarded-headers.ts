import type { IncomingHttpHeaders } from 'node:http';
import { SERVICE_TOKEN } from '../auth/index.ts';

// `createClientFromRequest` of the platform's SDK throws on anything but exactly `Bearer <token>`.
const BEARER = /^Bearer [\x21-\x7e]{1,4096}$/;
const VERSION = /^[\x20-\x7e]{1,64}$/;
const SIGNATURE = /^[\x20-\x7e]{1,4096}$/;

function single(value: string | string[] | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * The headers the platform sends a function, and only those: its app id and API URL, the service-role token, the
 * caller's own token when it has the `Bearer <token>` form, the functions version and the body's type when the caller
 * sent them, and a payment provider's `Stripe-Signature`. Never the caller's cookies or anything else.
 */
export function forwardedHeaders(
  incoming: IncomingHttpHeaders,
  appId: string,
  apiUrl: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    'Base44-App-Id': appId,
    'Base44-Api-Url': apiUrl,
    'Base44-Service-Authorization': `Bearer ${SERVICE_TOKEN}`,
  };
  const authorization = single(incoming.authorization);
  if (authorization && BEARER.test(authorization)) headers.Authorization = authorization;
  const version = single(incoming['base44-functions-version']);
  if (version && VERSION.test(version)) headers['Base44-Functions-Version'] = version;
  const type = single(incoming['content-type']);
  if (type) headers['Content-Type'] = type;
  const signature = single(incoming['stripe-signature']);
  if (signature && SIGNATURE.test(signature)) headers['Stripe-Signature'] = signature;
  return headers;
}
