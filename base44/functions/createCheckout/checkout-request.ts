/** The caller's JSON body, `{ packageName: 'gold' }`, checked before anything else happens. */
import { isPackageName, PACKAGE_NAMES, type PackageName } from '../../shared/packages.ts';

export type CheckoutInput = { ok: true; packageName: PackageName } | { ok: false; message: string };

/** Bigger bodies are not a checkout request; reading stops being free. */
const MAX_BODY_CHARS = 16_384;

export async function readCheckoutInput(req: Request): Promise<CheckoutInput> {
  const text = await req.text();
  if (text.length > MAX_BODY_CHARS) return { ok: false, message: 'The request body is too large' };
  if (!text.trim())
    return { ok: false, message: 'The request body must be a JSON object with a packageName' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The request body is not valid JSON' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The request body must be a JSON object with a packageName' };
  }
  const { packageName } = body as { packageName?: unknown };
  if (packageName === undefined || packageName === null || packageName === '') {
    return { ok: false, message: 'packageName is required' };
  }
  if (!isPackageName(packageName)) {
    // The caller's value is not echoed: it is untrusted text.
    return {
      ok: false,
      // Stryker disable next-line StringLiteral: one package is on sale, so the separator never shows.
      message: `Unknown packageName: the packages on sale are ${PACKAGE_NAMES.join(', ')}`,
    };
  }
  return { ok: true, packageName };
}
