import { describe, expect, it } from 'vitest';
import {
  createAppClient,
  createAppLogsClient,
  createAuthClient,
  createFunctionsClient,
  createHttpCore,
  type PlatformError,
  toPublicSettingsAuthError,
  toUserCheckAuthError,
} from '../../../src/platform/index.ts';
import { perFile } from '../../support/per-file.ts';
import { ACCOUNTS, APP_ID, startEmulator, type TestEmulator } from './support/emulator.ts';

let emu: TestEmulator;
perFile(startEmulator, (started) => {
  emu = started;
});

/** An entry of `GET /__harness/requests`. */
interface LoggedRequest {
  method: string;
  path: string;
  functions_version?: string;
}

describe('startup calls against the emulator (standalone sub-clients)', () => {
  it('loads public settings, the current user, a checkout URL and logs the page', async () => {
    const { platform } = await emu.signedIn('user');
    const core = createHttpCore({
      appId: APP_ID,
      serverUrl: emu.baseUrl,
      token: platform.auth.getToken(),
      functionsVersion: 'v3',
      location: { href: 'http://localhost:4401/Pricing' },
    });
    const settings = await createAppClient(core).getPublicSettings();
    expect(settings.id).toBe(APP_ID);
    expect(typeof settings.public_settings).toBe('object');

    const user = await createAuthClient(core, { tokenStore: undefined, location: null }).me();
    expect(user.email).toBe(ACCOUNTS.user.email);
    expect(user.role).toBe('user');

    const { data, status } = await createFunctionsClient(core).invoke<{ url: string }>('createCheckout', {
      packageName: 'gold',
    });
    expect(status).toBe(200);
    expect(data.url).toMatch(new RegExp(`^${emu.baseUrl}/__harness/pay/`));
    const sessions = await emu.control<{ customer_email: string | null }[]>('GET', '/checkout-sessions');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.customer_email).toBe(ACCOUNTS.user.email);
    const calls = await emu.control<LoggedRequest[]>('GET', '/requests?limit=10');
    expect(calls.find((r) => r.path.endsWith('/functions/createCheckout'))?.functions_version).toBe('v3');

    await createAppLogsClient(core).logUserInApp('Pricing');
    const requests = await emu.control<LoggedRequest[]>('GET', '/requests?limit=10');
    expect(JSON.stringify(requests)).toContain(`/api/app-logs/${APP_ID}/log-user-in-app/Pricing`);
  });

  it('maps a 403 user_not_registered on public settings to the Access Restricted state', async () => {
    const { platform } = await emu.signedIn('outsider');
    expect(platform.auth.getToken()).toBeTruthy();
    const error: PlatformError = await platform.app.getPublicSettings().catch((e) => e);
    expect(error.status).toBe(403);
    expect(error.code).toBe('user_not_registered');
    expect(toPublicSettingsAuthError(error)).toEqual({
      type: 'user_not_registered',
      message: 'User not registered for this app',
    });
  });

  it('maps a 403 auth_required on public settings (requireLogin) to Authentication required', async () => {
    await emu.control('POST', '/settings', { requireLogin: true });
    const { platform } = emu.client();
    const error: PlatformError = await platform.app.getPublicSettings().catch((e) => e);
    expect(error.status).toBe(403);
    expect(toPublicSettingsAuthError(error)).toEqual({
      type: 'auth_required',
      message: 'Authentication required',
    });
    const signed = await emu.signedIn('user');
    expect((await signed.platform.app.getPublicSettings()).id).toBe(APP_ID);
  });

  it('maps other failures to unknown with the message, and non-platform throws to the generic message', async () => {
    await emu.control('POST', '/faults', {
      path: `/api/apps/public/prod/public-settings`,
      status: 503,
      times: 1,
    });
    const error = await emu
      .client()
      .platform.app.getPublicSettings()
      .catch((e) => e);
    expect(toPublicSettingsAuthError(error)).toEqual({
      type: 'unknown',
      message: 'Injected fault (status 503)',
    });
    expect(toPublicSettingsAuthError(new TypeError('boom'))).toEqual({
      type: 'unknown',
      message: 'An unexpected error occurred',
    });
  });

  it('a rejected stored token on me() gives auth_required and is removed from both keys', async () => {
    const { platform, storage } = emu.client();
    platform.setToken('not-a-real-token');
    expect(storage.getItem('base44_access_token')).toBe('not-a-real-token');
    const error = await platform.auth.me().catch((e) => e);
    expect([401, 403]).toContain(error.status);
    expect(toUserCheckAuthError(error)).toEqual({
      type: 'auth_required',
      message: 'Authentication required',
    });
    expect(storage.getItem('base44_access_token')).toBeNull();
    expect(storage.getItem('token')).toBeNull();
  });

  it('sends the contract headers the emulator sees (X-App-Id, bearer, X-Origin-URL)', async () => {
    const { platform } = await emu.signedIn('user', {
      location: { href: 'http://localhost:4401/Index?x=1' },
    });
    await platform.app.getPublicSettings();
    const [last] = await emu.control<{ headers: string[]; status: number }[]>('GET', '/requests?limit=1');
    expect(last?.status).toBe(200);
    expect(last?.headers).toEqual(
      expect.arrayContaining(['x-app-id', 'authorization', 'x-origin-url', 'accept']),
    );
  });
});
