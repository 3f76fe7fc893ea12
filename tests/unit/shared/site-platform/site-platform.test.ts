/**
 * The site's platform client (src/shared/site-platform/site-platform.ts and its loader): one client per page, built
 * from the launch query the bridge validated, else the build configuration, and the stored token. It is checked over
 * real HTTP: two recording servers stand for the configured platform and for one a launch query may name.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeLaunchToken } from '../../../../src/platform/launch-token/index.ts';
import { recordingServerPerFile } from '../../../support/recording-server.ts';
import { allowingThePage, pageRequests } from '../../cross-origin-server.ts';

const configured = recordingServerPerFile();
const launched = recordingServerPerFile();
const PAGE = 'http://localhost:3000/';
const BRIDGE = Symbol.for('agency-site.bridge');

/**
 * The site's modules as a new page load finds them, built against the configured server, with `launched` on the
 * `server_url` allow-list.
 */
async function newPageLoad() {
  vi.resetModules();
  const { siteConfig } = await import('../../../../src/site-config.ts');
  siteConfig.serverUrl = configured.url;
  siteConfig.serverUrlAllowList = [launched.url];
  const { getSitePlatform } = await import('../../../../src/shared/site-platform/site-platform.ts');
  const { loadSitePlatform } = await import('../../../../src/shared/site-platform/load-site-platform.ts');
  return { getSitePlatform, loadSitePlatform };
}

/** What a server saw of the page's one request: call, the headers the client sets, and the body. */
function onlyRequest(server: typeof configured) {
  const requests = pageRequests(server);
  expect(requests).toHaveLength(1);
  const [request] = requests;
  if (!request) throw new Error('no request');
  const text = request.body.toString();
  return {
    call: `${request.method} ${request.url}`,
    appId: request.headers['x-app-id'],
    authorization: request.headers.authorization,
    functionsVersion: request.headers['base44-functions-version'],
    body: text === '' ? undefined : JSON.parse(text),
  };
}

function storeToken(token: string): void {
  for (const key of ['base44_access_token', 'token']) window.localStorage.setItem(key, token);
}

beforeEach(() => {
  configured.respond(allowingThePage());
  launched.respond(allowingThePage());
  Reflect.deleteProperty(window, BRIDGE);
  window.location.href = PAGE;
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, BRIDGE);
  window.location.href = PAGE;
});

describe('getSitePlatform', () => {
  it('without a launch query: the configured server and app id, no token; one client for the page', async () => {
    const { getSitePlatform } = await newPageLoad();
    const platform = getSitePlatform();
    expect(getSitePlatform()).toBe(platform);
    expect(platform.auth.getToken()).toBeNull();
    configured.respond(allowingThePage((_req, res) => res.end(JSON.stringify({ id: 'local-app' }))));
    expect(await platform.app.getPublicSettings()).toEqual({ id: 'local-app' });
    expect(onlyRequest(configured)).toEqual({
      call: 'GET /api/apps/public/prod/public-settings/by-id/local-app',
      appId: 'local-app',
      authorization: undefined,
      functionsVersion: undefined,
      body: undefined,
    });
    expect(pageRequests(launched)).toEqual([]);
  });

  it('uses the stored token, and the auth client keeps a new one in the same storage', async () => {
    storeToken('Zstored');
    const { getSitePlatform } = await newPageLoad();
    const platform = getSitePlatform();
    await platform.functions.invoke('createCheckout', { packageName: 'standard' });
    expect(onlyRequest(configured)).toEqual({
      call: 'POST /api/apps/local-app/functions/createCheckout',
      appId: 'local-app',
      authorization: 'Bearer Zstored',
      functionsVersion: undefined,
      body: { packageName: 'standard' },
    });
    platform.auth.setToken('Znew');
    expect(window.localStorage.getItem('base44_access_token')).toBe('Znew');
  });

  it('sends the login to the configured server', async () => {
    const { getSitePlatform } = await newPageLoad();
    window.location.href = `${PAGE}Pricing?plan=gold`;
    getSitePlatform().auth.redirectToLogin();
    expect(window.location.href).toBe(
      `${configured.url}/login?from_url=${encodeURIComponent(`${PAGE}Pricing?plan=gold`)}`,
    );
  });

  it("the launch query's server and token win over the configuration; outside the editor its app id and functions version do not", async () => {
    storeToken('Zstored');
    window.location.href = `${PAGE}Pricing?server_url=${encodeURIComponent(launched.url)}&app_id=launched-app&functions_version=v7&access_token=Zlaunch`;
    const { getSitePlatform } = await newPageLoad();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const platform = getSitePlatform();
    expect(warn).toHaveBeenCalledWith(
      '[site] ignored the launch parameters app_id and functions_version: they count only inside the editor',
    );
    expect(platform.auth.getToken()).toBe('Zlaunch');
    await platform.functions.invoke('createCheckout', { packageName: 'standard' });
    expect(onlyRequest(launched)).toEqual({
      call: 'POST /api/apps/local-app/functions/createCheckout',
      appId: 'local-app',
      authorization: 'Bearer Zlaunch',
      functionsVersion: undefined,
      body: { packageName: 'standard' },
    });
    launched.reset();
    launched.respond(allowingThePage());
    await platform.appLogs.logUserInApp('Pricing');
    expect(onlyRequest(launched)).toMatchObject({
      call: 'POST /api/app-logs/local-app/log-user-in-app/Pricing',
      authorization: 'Bearer Zlaunch',
      functionsVersion: undefined,
    });
    platform.auth.redirectToLogin('/Process');
    expect(window.location.href).toBe(
      `${launched.url}/login?from_url=${encodeURIComponent(`${PAGE}Process`)}`,
    );
    expect(pageRequests(configured)).toEqual([]);
  });

  it('a launch app_id equal to the configured app is used without a warning', async () => {
    window.location.href = `${PAGE}Pricing?app_id=local-app`;
    const { getSitePlatform } = await newPageLoad();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await getSitePlatform().functions.invoke('createCheckout', { packageName: 'standard' });
    expect(onlyRequest(configured).call).toBe('POST /api/apps/local-app/functions/createCheckout');
    expect(warn).not.toHaveBeenCalled();
  });

  it('a token the boot script took (storage blocked) wins over the stored one', async () => {
    window.location.href = `${PAGE}Pricing?access_token=Zboot`;
    // The boot script takes it; storage refused its write, and holds another token.
    expect(takeLaunchToken(window)).toBe('Zboot');
    storeToken('Zstored');
    const { getSitePlatform } = await newPageLoad();
    const platform = getSitePlatform();
    await platform.auth.me();
    expect(onlyRequest(configured)).toMatchObject({
      call: 'GET /api/apps/local-app/entities/User/me',
      authorization: 'Bearer Zboot',
    });
  });
});

describe('appTarget', () => {
  const launch = (appId: string | null, functionsVersion: string | null) => ({ appId, functionsVersion });

  it("inside the verified editor frame, the launch query's app id and functions version are used", async () => {
    const { appTarget } = await import('../../../../src/shared/site-platform/site-platform.ts');
    expect(appTarget(launch('preview-app', 'v7'), true, 'local-app')).toEqual({
      appId: 'preview-app',
      functionsVersion: 'v7',
    });
    expect(appTarget(launch(null, null), true, 'local-app')).toEqual({
      appId: 'local-app',
      functionsVersion: null,
    });
  });

  it('outside it, the configured app and no functions version, whatever the query names', async () => {
    const { appTarget } = await import('../../../../src/shared/site-platform/site-platform.ts');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(appTarget(launch('evilapp', null), false, 'local-app')).toEqual({
      appId: 'local-app',
      functionsVersion: null,
    });
    expect(appTarget(launch(null, 'v7'), false, 'local-app')).toEqual({
      appId: 'local-app',
      functionsVersion: null,
    });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockClear();
    expect(appTarget(launch('local-app', null), false, 'local-app')).toEqual({
      appId: 'local-app',
      functionsVersion: null,
    });
    expect(appTarget(launch(null, null), false, 'local-app').appId).toBe('local-app');
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('loadSitePlatform', () => {
  it("resolves the page's one client", async () => {
    const { getSitePlatform, loadSitePlatform } = await newPageLoad();
    const loaded = await loadSitePlatform();
    expect(loaded).toBe(getSitePlatform());
    expect(await loadSitePlatform()).toBe(loaded);
    await loaded.auth.isAuthenticated();
    expect(onlyRequest(configured).call).toBe('GET /api/apps/local-app/entities/User/me');
  });
});
