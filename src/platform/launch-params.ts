import { ID_PATTERN } from './constants.ts';
import { type AccessTokenSplit, splitAccessToken } from './launch-token.ts';

/** The part of `window` the launch helpers touch; a test passes a plain object. */
export interface LaunchWindowLike {
  location: { href: string };
  history?: { state?: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void };
}

/**
 * Returns `href` without any `access_token` (or `clear_access_token`) parameter, however its name is spelled (path,
 * other parameters and `#hash` kept byte-for-byte), so that no URL we send or show carries the token (docs/security.md
 * rule 2). Unparseable input is returned unchanged.
 */
export function stripAccessToken(href: string): string {
  return splitAccessToken(href).href;
}

/** What the address carried: the launch token (null when absent or empty), and whether to forget the stored one. */
export type LaunchTokenRead = Pick<AccessTokenSplit, 'token' | 'clear'>;

/**
 * Reads the launch token and `clear_access_token` from the address (query first, then a query-like `#hash`; the first
 * token wins), removes every copy of both from the address bar with `history.replaceState` in the same pass (keeping
 * the path, the other parameters and the rest of the `#hash`) and returns what they said. Call it before anything else
 * reads the URL: the first render, request, socket connection or `app_changed_url`.
 */
export function readLaunchTokenFromUrl(win: LaunchWindowLike): LaunchTokenRead {
  const split = splitAccessToken(win.location.href);
  if (split.removed) {
    try {
      // Stryker disable next-line StringLiteral: browsers ignore this argument (the title).
      win.history?.replaceState(win.history.state ?? null, '', split.href);
    } catch {
      // Every URL the site sends is stripped again (X-Origin-URL, from_url), so the token still goes nowhere.
      console.warn('[launch] could not take access_token out of the address bar');
    }
  }
  return split;
}

/** {@link readLaunchTokenFromUrl}'s token: null when absent or empty. */
export function readAccessTokenFromUrl(win: LaunchWindowLike): string | null {
  return readLaunchTokenFromUrl(win).token;
}

/**
 * Returns the origin of `value` when it is an `http(s)` URL whose origin is on `allowList`, else null: a crafted
 * `server_url` must never receive a stored token (docs/security.md rule 4).
 */
export function normalizeServerUrl(
  value: string | null | undefined,
  allowList: readonly string[],
): string | null {
  // Stryker disable next-line ConditionalExpression: without it, `new URL` throws on an empty value, into null too.
  if (!value) return null;
  try {
    const { origin, protocol } = new URL(value);
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
