/**
 * The startup auth's store (src/shared/auth/auth-store.ts, docs/requirements.md, "States and transitions"): its first
 * state, and logout, which signs the visitor out in the store and through the real auth client (token storage cleared,
 * page reloaded or sent to the platform's logout).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createAppClient,
  createAppLogsClient,
  createAuthClient,
  createFunctionsClient,
  createHttpCore,
  createTokenStore,
} from '../../../../src/platform/index.ts';
import {
  AUTH_STATUS,
  initialAuthState,
  logout,
  useAuthStore,
} from '../../../../src/shared/auth/auth-store.ts';
import type { SitePlatform } from '../../../../src/shared/site-platform/site-platform.ts';
import { createFakeLocation, createMemoryStorage } from '../../../support/recording-server.ts';

const HERE = 'https://site.example/Pricing?plan=gold';

/** The site's platform on a memory storage holding `Zuser`, with a location that records reloads and navigations. */
function signedInPlatform() {
  const storage = createMemoryStorage({ base44_access_token: 'Zuser', token: 'Zuser' });
  const location = createFakeLocation(HERE);
  const tokenStore = createTokenStore(storage);
  const core = createHttpCore({
    appId: 'local-app',
    serverUrl: 'http://platform.example',
    location: null,
    token: tokenStore.get(),
  });
  const platform: SitePlatform = {
    app: createAppClient(core),
    auth: createAuthClient(core, { tokenStore, appBaseUrl: 'http://platform.example', location }),
    functions: createFunctionsClient(core),
    appLogs: createAppLogsClient(core),
  };
  return { platform, storage, location };
}

const signedInState = () => ({
  status: AUTH_STATUS.ready,
  hasToken: true,
  user: {
    id: 'u1',
    email: 'user@example.com',
    role: 'user',
    created_date: '2025-01-01T00:00:00.000Z',
    updated_date: '2025-01-01T00:00:00.000Z',
  },
  isAuthenticated: true,
  publicSettings: { id: 'local-app', public_settings: {} },
  error: null,
});

describe('the auth store', () => {
  it('starts loading, signed out, with nothing known', () => {
    expect(AUTH_STATUS).toEqual({ loading: 'loading', ready: 'ready', error: 'error' });
    expect(initialAuthState).toEqual({
      status: 'loading',
      hasToken: false,
      user: null,
      isAuthenticated: false,
      publicSettings: null,
      error: null,
    });
    expect(useAuthStore.getState()).toEqual(initialAuthState);
  });
});

describe('logout', () => {
  beforeEach(() => {
    useAuthStore.setState(signedInState());
  });

  it('signs the visitor out in the store, clears the stored token and reloads the page', () => {
    const { platform, storage, location } = signedInPlatform();
    logout(platform);
    expect(useAuthStore.getState()).toEqual({
      ...signedInState(),
      user: null,
      isAuthenticated: false,
      hasToken: false,
    });
    expect(storage.map.size).toBe(0);
    expect(platform.auth.getToken()).toBeNull();
    expect(location.reloads).toBe(1);
    expect(location.href).toBe(HERE);
  });

  it('with a redirect address, goes through the platform logout to it instead of reloading', () => {
    const { platform, storage, location } = signedInPlatform();
    logout(platform, 'https://site.example/Process');
    expect(useAuthStore.getState()).toMatchObject({ user: null, isAuthenticated: false, hasToken: false });
    expect(storage.map.size).toBe(0);
    expect(location.reloads).toBe(0);
    expect(location.href).toBe(
      `http://platform.example/api/apps/auth/logout?from_url=${encodeURIComponent('https://site.example/Process')}`,
    );
  });
});
