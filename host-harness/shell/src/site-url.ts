/** Launch parameters the platform adds to the site's URL (docs/platform-api.md, "Launch query parameters"). */
const LAUNCH_PARAMS = [
  'app_id',
  'server_url',
  'access_token',
  'clear_access_token',
  'functions_version',
  'from_url',
];

export interface LaunchOptions {
  siteOrigin: string;
  appId: string;
  serverUrl: string;
  accessToken: string | null;
  /** Adds `clear_access_token=true`: the site forgets the token it stored. */
  clearToken?: boolean;
}

/**
 * A site path typed by a developer, normalised to `/path?query#hash` on the site's origin; null when it points
 * elsewhere (an absolute URL on another origin, `//host`, `javascript:`).
 */
export function normalisePath(input: string, siteOrigin: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return '/';
  let url: URL;
  try {
    url = new URL(
      trimmed.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `/${trimmed}`,
      siteOrigin,
    );
  } catch {
    return null;
  }
  if (url.origin !== siteOrigin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The iframe's `src`: the path on the site origin with `app_id`, `server_url`, (when signed in) `access_token`, and
 * (when asked) `clear_access_token=true`.
 */
export function launchUrl(path: string, options: LaunchOptions): string {
  const url = new URL(path, options.siteOrigin);
  url.searchParams.set('app_id', options.appId);
  url.searchParams.set('server_url', options.serverUrl);
  if (options.accessToken) url.searchParams.set('access_token', options.accessToken);
  if (options.clearToken) url.searchParams.set('clear_access_token', 'true');
  return url.href;
}

/** What the address bar shows for a URL the site reported: its path, query without launch parameters, and hash. */
export function displayPath(reported: string, siteOrigin: string): string {
  let url: URL;
  try {
    url = new URL(reported, siteOrigin);
  } catch {
    return reported;
  }
  for (const name of LAUNCH_PARAMS) url.searchParams.delete(name);
  const search = url.searchParams.toString();
  const origin = url.origin === siteOrigin ? '' : url.origin;
  return `${origin}${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}
