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
 * The platform calls the site makes (docs/requirements.md §7): public settings, the current user, createCheckout and page logs. Only
 * these sub-clients are imported, so the site's bundle carries the HTTP core and nothing else of the client (no
 * socket.io).
 */
export interface SitePlatform {
  app: AppClient;
  auth: AuthClient;
  functions: FunctionsClient;
  appLogs: AppLogsClient;
}

let instance: SitePlatform | null = null;

/**
 * The site's platform client, created on first use from the launch query (validated by the bridge) and the build
 * configuration. A token passed in the URL was stored when it was taken out of the address (`takeLaunchToken`), so
 * that a reload keeps the session; it is used here even when storage is blocked.
 */
export function getSitePlatform(): SitePlatform {
  if (instance) return instance;
  const { launch } = getSiteBridge();
  const serverUrl = launch.serverUrl ?? siteConfig.serverUrl;
  const tokenStore = createTokenStore();
  const core = createHttpCore({
    appId: launch.appId ?? siteConfig.appId,
    serverUrl,
    token: launch.accessToken ?? tokenStore.get(),
    functionsVersion: launch.functionsVersion,
  });
  instance = {
    app: createAppClient(core),
    auth: createAuthClient(core, { tokenStore, appBaseUrl: serverUrl }),
    functions: createFunctionsClient(core),
    appLogs: createAppLogsClient(core),
  };
  return instance;
}
