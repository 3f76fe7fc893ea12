import { ID_PATTERN } from './constants.ts';

/**
 * Returns the origin of `value` when it is an `http(s)` URL whose origin is on `allowList`, else null: a crafted
 * `server_url` must never receive a stored token (docs/security.md, "Token and bridge").
 */
export function normalizeServerUrl(
  value: string | null | undefined,
  allowList: readonly string[],
): string | null {
  try {
    // No value is no URL: `new URL` refuses an empty one, and null or undefined (read as "null", "undefined"), alike.
    const { origin, protocol } = new URL(String(value));
    if (protocol !== 'https:' && protocol !== 'http:') return null;
    return allowList.some((allowed) => allowed.replace(/\/+$/, '') === origin) ? origin : null;
  } catch {
    return null;
  }
}

/** True when `value` is a valid `app_id` / `functions_version` (`^[A-Za-z0-9_-]{1,64}$`). */
export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
