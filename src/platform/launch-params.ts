import { ID_PATTERN, LAUNCH_PARAMS } from './constants.ts';

/** The part of `window` the launch helpers touch; a test passes a plain object. */
export interface LaunchWindowLike {
  location: { href: string };
  history?: { state?: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void };
}

/**
 * Returns `href` without its `access_token` query parameter (path, other parameters and `#hash` kept), so that no URL
 * we send or show carries the token (security rule 2). Unparseable input is returned unchanged.
 */
export function stripAccessToken(href: string): string {
  if (!href.includes(LAUNCH_PARAMS.accessToken)) return href;
  try {
    const url = new URL(href);
    url.searchParams.delete(LAUNCH_PARAMS.accessToken);
    return url.href;
  } catch {
    return href;
  }
}

/**
 * Reads `access_token` from the launch query, removes it from the address bar with `history.replaceState` (keeping
 * the path, the remaining query and the `#hash`) and returns it; null when absent. Call it before anything else reads
 * the URL: the first render, request, socket connection or `app_changed_url`.
 */
export function readAccessTokenFromUrl(win: LaunchWindowLike): string | null {
  let token: string | null;
  try {
    token = new URL(win.location.href).searchParams.get(LAUNCH_PARAMS.accessToken);
  } catch {
    return null;
  }
  if (token === null) return null;
  win.history?.replaceState(win.history.state ?? null, '', stripAccessToken(win.location.href));
  return token || null;
}

/**
 * Returns the origin of `value` when it is an `http(s)` URL whose origin is on `allowList`, else null: a crafted
 * `server_url` must never receive a stored token (security rule 4).
 */
export function normalizeServerUrl(
  value: string | null | undefined,
  allowList: readonly string[],
): string | null {
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
