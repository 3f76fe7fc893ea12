/** The launch query the platform opens the site with (platform-api.md, "Launch query parameters"). */
export interface LaunchParams {
  /** The bearer token passed in the URL; already removed from the address bar when this is read. */
  accessToken: string | null;
  appId: string | null;
  /** Only set when the value's origin is on the allow-list (security rule 4). */
  serverUrl: string | null;
  functionsVersion: string | null;
  fromUrl: string | null;
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_PARAM_LENGTH = 2048;

/** `app_id` and `functions_version` must match `^[A-Za-z0-9_-]{1,64}$`; anything else is ignored with a warning. */
export function validId(name: string, value: string | null): string | null {
  if (value === null || value === '') return null;
  if (ID_PATTERN.test(value)) return value;
  console.warn(`[bridge] ignored the launch parameter ${name}: it must match ${ID_PATTERN}`);
  return null;
}

/** The origin of `value` when it is an http(s) URL whose origin is on `allowList`; otherwise null. */
export function allowedOrigin(value: string | null, allowList: readonly string[]): string | null {
  if (!value || value.length > MAX_PARAM_LENGTH) return null;
  try {
    const url = new URL(value);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password) {
      if (allowList.includes(url.origin)) return url.origin;
    }
  } catch {
    // not a URL: ignored below
  }
  console.warn('[bridge] ignored the launch parameter server_url: its origin is not on the allow-list');
  return null;
}

/**
 * Reads the launch query and removes `access_token` from the address bar with `history.replaceState`, keeping the
 * path, the rest of the query and the hash. Call it before anything else reads the URL (security rule 2).
 */
export function takeLaunchParams(win: Window, serverUrlAllowList: readonly string[]): LaunchParams {
  const url = new URL(win.location.href);
  const query = url.searchParams;
  const accessToken = query.get('access_token');
  if (query.has('access_token')) {
    query.delete('access_token');
    const search = query.toString();
    win.history.replaceState(
      win.history.state,
      '',
      `${url.pathname}${search ? `?${search}` : ''}${url.hash}`,
    );
  }
  const fromUrl = query.get('from_url');
  return {
    accessToken: accessToken && accessToken.length <= MAX_PARAM_LENGTH ? accessToken : null,
    appId: validId('app_id', query.get('app_id')),
    serverUrl: query.has('server_url') ? allowedOrigin(query.get('server_url'), serverUrlAllowList) : null,
    functionsVersion: validId('functions_version', query.get('functions_version')),
    fromUrl: fromUrl && fromUrl.length <= MAX_PARAM_LENGTH ? fromUrl : null,
  };
}
