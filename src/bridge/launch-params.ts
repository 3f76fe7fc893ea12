import { MAX_LAUNCH_PARAM_LENGTH } from '../platform/constants.ts';
import { isValidId, normalizeServerUrl } from '../platform/launch-params.ts';
import { takeLaunchToken } from '../platform/launch-token/index.ts';

/** The launch query the platform opens the site with (docs/platform-api.md, "Launch query parameters"). */
export interface LaunchParams {
  /**
   * The bearer token passed in the URL (taken now, or earlier by the page's first script); already removed from the
   * address bar and stored when this is read.
   */
  accessToken: string | null;
  appId: string | null;
  /** Only set when the value's origin is on the allow-list (docs/security.md, "Token and bridge"). */
  serverUrl: string | null;
  functionsVersion: string | null;
  fromUrl: string | null;
}

function validId(name: string, value: string | null): string | null {
  if (value === null || value === '') return null;
  if (isValidId(value)) return value;
  console.warn(`[bridge] ignored the launch parameter ${name}: it must match ^[A-Za-z0-9_-]{1,64}$`);
  return null;
}

function allowedServerUrl(value: string | null, allowList: readonly string[]): string | null {
  const origin =
    value && value.length <= MAX_LAUNCH_PARAM_LENGTH ? normalizeServerUrl(value, allowList) : null;
  if (!origin)
    console.warn('[bridge] ignored the launch parameter server_url: its origin is not on the allow-list');
  return origin;
}

/**
 * Reads the launch query, taking `access_token` out of the address bar (and into storage) first, path, the rest of
 * the query and the hash kept. Call it before anything else reads the URL (docs/security.md, "Token and bridge"). On
 * a prerendered page the boot script has taken the token already: `takeLaunchToken` returns the one it remembered.
 */
export function takeLaunchParams(win: Window, serverUrlAllowList: readonly string[]): LaunchParams {
  const accessToken = takeLaunchToken(win);
  // A window's address is always an absolute URL.
  const query = new URL(win.location.href).searchParams;
  const fromUrl = query.get('from_url');
  return {
    accessToken,
    appId: validId('app_id', query.get('app_id')),
    serverUrl: query.has('server_url') ? allowedServerUrl(query.get('server_url'), serverUrlAllowList) : null,
    functionsVersion: validId('functions_version', query.get('functions_version')),
    fromUrl: fromUrl && fromUrl.length <= MAX_LAUNCH_PARAM_LENGTH ? fromUrl : null,
  };
}
