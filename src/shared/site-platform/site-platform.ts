import type { LaunchParams } from '../../bridge/index.ts';
import {
  type AppClient,
  type AppLogsClient,
  type AuthClient,
  createAppClient,
  createAppLogsClient,
  createAuthClient,
  createFunctionsClient,
  createHttpCore,
  createTokenStore,
  type FunctionsClient,
} from '../../platform/index.ts';
import { siteConfig } from '../../site-config.ts';
import { getSiteBridge } from './site-bridge.ts';

/**
 * The platform calls the site makes (docs/requirements.md, "The calls it makes"): public settings, the current user,
 * createCheckout and page logs. Only these sub-clients are imported, so the site's bundle carries the HTTP core and
 * nothing else of the client (no socket.io).
 */
export interface SitePlatform {
  app: AppClient;
  auth: AuthClient;
  functions: FunctionsClient;
  appLogs: AppLogsClient;
}

let instance: SitePlatform | null = null;

/** The app the site's calls name, and the functions version they ask for. */
export interface AppTarget {
  appId: string;
  functionsVersion: string | null;
}

/**
 * The site is pinned to its configured app. The launch query's `app_id` and `functions_version` are the editor's to
 * give (a preview of another app or of a draft of the functions), so they count only when the bridge verified that the
 * parent frame is an editor; a top-level visit or an unknown parent that names another app is ignored, so a crafted
 * link (`/Pricing?app_id=evilapp`) cannot make a signed-in visitor's browser send its token to another app's
 * endpoints, or start another app's checkout.
 */
export function appTarget(
  launch: Pick<LaunchParams, 'appId' | 'functionsVersion'>,
  inVerifiedEditor: boolean,
  configuredAppId: string,
): AppTarget {
  if (inVerifiedEditor) {
    return { appId: launch.appId ?? configuredAppId, functionsVersion: launch.functionsVersion };
  }
  if ((launch.appId !== null && launch.appId !== configuredAppId) || launch.functionsVersion !== null) {
    console.warn(
      '[site] ignored the launch parameters app_id and functions_version: they count only inside the editor',
    );
  }
  return { appId: configuredAppId, functionsVersion: null };
}

/**
 * The site's platform client, created on first use from the launch query (validated by the bridge) and the build
 * configuration. A token passed in the URL was stored when it was taken out of the address (`takeLaunchToken`), so
 * that a reload keeps the session; it is used here even when storage is blocked.
 */
export function getSitePlatform(): SitePlatform {
  if (instance) return instance;
  const { launch, targetOrigin } = getSiteBridge();
  const serverUrl = launch.serverUrl ?? siteConfig.serverUrl;
  const tokenStore = createTokenStore();
  const core = createHttpCore({
    ...appTarget(launch, targetOrigin !== null, siteConfig.appId),
    serverUrl,
    token: launch.accessToken ?? tokenStore.get(),
  });
  instance = {
    app: createAppClient(core),
    auth: createAuthClient(core, { tokenStore, appBaseUrl: serverUrl }),
    functions: createFunctionsClient(core),
    appLogs: createAppLogsClient(core),
  };
  return instance;
}
