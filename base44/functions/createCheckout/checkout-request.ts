/**
 * The caller's JSON body, `{ packageName: 'gold' }`, checked before anything else happens. It must be sent as
 * `application/json`, as the site's platform client and `@base44/sdk`'s `functions.invoke` send it: a browser sends a
 * page's cross-site `text/plain`, form or `no-cors` post without asking the server first, but never an
 * `application/json` one (that needs a CORS preflight the page's origin must pass), so refusing every other type keeps
 * such posts from opening checkout sessions (docs/security.md, "Servers of the harness and the backend functions").
 */
import { isPackageName, PACKAGE_NAMES, type PackageName } from '../../shared/packages.ts';

export type CheckoutRefusal = {
  ok: false;
  status: 400 | 415;
  code: 'invalid_request' | 'unsupported_media_type';
  message: string;
};
export type CheckoutInput = { ok: true; packageName: PackageName } | CheckoutRefusal;

/** Bigger bodies are not a checkout request; reading stops being free. */
const MAX_BODY_CHARS = 16_384;
const JSON_TYPE = 'application/json';

const invalid = (message: string): CheckoutRefusal => ({
  ok: false,
  status: 400,
  code: 'invalid_request',
  message,
});

/** True when a `Content-Type` header names JSON: `application/json`, in any case, with or without parameters. */
export function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const semicolon = header.indexOf(';');
  const essence = semicolon === -1 ? header : header.slice(0, semicolon);
  return essence.trim().toLowerCase() === JSON_TYPE;
}

export async function readCheckoutInput(req: Request): Promise<CheckoutInput> {
  if (!isJsonContentType(req.headers.get('content-type'))) {
    // The caller's header is not echoed: it is untrusted text.
    return {
      ok: false,
      status: 415,
      code: 'unsupported_media_type',
      message: 'Send the request as JSON: its Content-Type must be application/json',
    };
  }
  const text = await req.text();
  if (text.length > MAX_BODY_CHARS) return invalid('The request body is too large');
  if (!text.trim()) return invalid('The request body must be a JSON object with a packageName');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return invalid('The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return invalid('The request body must be a JSON object with a packageName');
  }
  const { packageName } = body as { packageName?: unknown };
  if (packageName === undefined || packageName === null || packageName === '') {
    return invalid('packageName is required');
  }
  if (!isPackageName(packageName)) {
    // The caller's value is not echoed: it is untrusted text.
    // Stryker disable next-line StringLiteral: the separator's only mutant ('') never shows: one package is on sale.
    const onSale = PACKAGE_NAMES.join(', ');
    return invalid(`Unknown packageName: the packages on sale are ${onSale}`);
  }
  return { ok: true, packageName };
}
