/**
 * The startup auth's action for each answer (docs/requirements.md, "States and transitions", docs/platform-api.md
 * "Startup"), decided in `checkAppState` and shown by `AuthGate`: the real platform client runs over a stand-in
 * `fetch`, with the real token store on `localStorage`.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthGate } from '../../../../src/app/auth/auth-gate.tsx';
import { checkAppState, STARTUP_CALL_TIMEOUT_MS } from '../../../../src/app/auth/check-app-state.ts';
import { authText } from '../../../../src/content/auth.ts';
import {
  createAppClient,
  createAppLogsClient,
  createAuthClient,
  createFunctionsClient,
  createHttpCore,
  createTokenStore,
} from '../../../../src/platform/index.ts';
import { initialAuthState, useAuthStore } from '../../../../src/shared/auth/auth-store.ts';
import type { SitePlatform } from '../../../../src/shared/site-platform/site-platform.ts';
import { type CannedAnswer, cannedResponse } from '../../canned-answer.ts';

const SERVER = 'http://platform.example';
const HERE = 'https://site.example/Pricing?plan=gold#faq';
const KEYS = ['base44_access_token', 'token'];

interface Startup {
  platform: SitePlatform;
  location: { href: string; reload: () => void };
  /** Paths called, in order. */
  calls: string[];
}

function startup(answers: { settings: CannedAnswer; me?: CannedAnswer }): Startup {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    const answer: CannedAnswer = url.pathname.includes('/public-settings/')
      ? answers.settings
      : url.pathname.endsWith('/entities/User/me') && answers.me
        ? answers.me
        : [404, { message: 'not found' }];
    return cannedResponse(answer, init?.signal);
  }) as typeof globalThis.fetch;
  const location = { href: HERE, reload: vi.fn() };
  const tokenStore = createTokenStore(window.localStorage);
  const core = createHttpCore({
    appId: 'local-app',
    serverUrl: SERVER,
    fetch,
    location,
    token: tokenStore.get(),
  });
  const platform: SitePlatform = {
    app: createAppClient(core),
    auth: createAuthClient(core, { tokenStore, appBaseUrl: SERVER, location }),
    functions: createFunctionsClient(core),
    appLogs: createAppLogsClient(core),
  };
  return { platform, location, calls };
}

const SETTINGS_OK: CannedAnswer = [200, { id: 'local-app', public_settings: {} }];
const reason = (why: string): CannedAnswer => [
  403,
  { message: `Denied: ${why}`, extra_data: { reason: why } },
];
const loginAddress = (from: string) => `${SERVER}/login?from_url=${encodeURIComponent(from)}`;
const storedTokens = () => KEYS.map((key) => window.localStorage.getItem(key));

function storeToken(token: string): void {
  for (const key of KEYS) window.localStorage.setItem(key, token);
}

beforeEach(() => {
  useAuthStore.setState(initialAuthState);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('checkAppState: auth_required', () => {
  it('from the public settings: sends the visitor to the login with from_url = this page', async () => {
    const run = startup({ settings: reason('auth_required') });
    await checkAppState(run.platform, () => HERE);
    expect(run.location.href).toBe(loginAddress(HERE));
    expect(useAuthStore.getState().error?.type).toBe('auth_required');
  });

  it('from_url never carries a launch token, whatever its spelling', async () => {
    const run = startup({ settings: reason('auth_required') });
    await checkAppState(run.platform, () => 'https://site.example/Process?access%5Ftoken=Zleak&plan=gold#a');
    expect(run.location.href).toBe(loginAddress('https://site.example/Process?plan=gold#a'));
  });

  it.each([401, 403])(
    'a %i on `me`: the token leaves both storage keys, the login follows, and the return does not loop',
    async (status) => {
      storeToken('Zrejected');
      const first = startup({ settings: SETTINGS_OK, me: [status, { message: 'Invalid token' }] });
      await checkAppState(first.platform, () => HERE);
      expect(first.calls.at(-1)).toBe('/api/apps/local-app/entities/User/me');
      expect(storedTokens()).toEqual([null, null]);
      expect(first.location.href).toBe(loginAddress(HERE));
      expect(useAuthStore.getState()).toMatchObject({
        isAuthenticated: false,
        error: { type: 'auth_required' },
      });

      // Back from the login page without a session: no `me`, no second redirect.
      const again = startup({ settings: SETTINGS_OK, me: [status, { message: 'Invalid token' }] });
      await checkAppState(again.platform, () => HERE);
      expect(again.calls).toEqual(['/api/apps/public/prod/public-settings/by-id/local-app']);
      expect(again.location.href).toBe(HERE);
      expect(useAuthStore.getState()).toMatchObject({ status: 'ready', error: null });
    },
  );
});

describe('checkAppState: everything else stays on the page', () => {
  it('user_not_registered: no redirect, and AuthGate shows Access Restricted instead of the page', async () => {
    storeToken('Zvalid');
    const run = startup({ settings: reason('user_not_registered') });
    await checkAppState(run.platform, () => HERE);
    expect(run.location.href).toBe(HERE);
    expect(useAuthStore.getState().error).toEqual({
      type: 'user_not_registered',
      message: 'User not registered for this app',
    });
    render(
      <AuthGate>
        <p>the page</p>
      </AuthGate>,
    );
    // The screen is its own chunk: the first import can be slow on a busy machine.
    expect(
      await screen.findByRole('heading', { name: authText.accessRestrictedTitle }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
  });

  it.each([
    ['another 403 reason', reason('app_suspended'), 'app_suspended'],
    ['a 500', [500, { message: 'boom' }] as CannedAnswer, 'unknown'],
  ])('%s on the public settings: the error is kept, no redirect', async (_label, settings, type) => {
    const run = startup({ settings });
    await checkAppState(run.platform, () => HERE);
    expect(run.location.href).toBe(HERE);
    expect(useAuthStore.getState().error?.type).toBe(type);
  });

  it('a 500 on `me`: signed out for now, no redirect, the token kept for the next visit', async () => {
    storeToken('Zvalid');
    const run = startup({ settings: SETTINGS_OK, me: [500, { message: 'boom' }] });
    await checkAppState(run.platform, () => HERE);
    expect(run.location.href).toBe(HERE);
    expect(storedTokens()).toEqual(['Zvalid', 'Zvalid']);
    expect(useAuthStore.getState()).toMatchObject({ status: 'ready', isAuthenticated: false, error: null });
  });

  it('a valid token: signed in', async () => {
    storeToken('Zvalid');
    const run = startup({
      settings: SETTINGS_OK,
      me: [200, { id: 'u1', email: 'user@example.com', role: 'user' }],
    });
    await checkAppState(run.platform, () => HERE);
    expect(run.location.href).toBe(HERE);
    expect(useAuthStore.getState()).toMatchObject({ status: 'ready', isAuthenticated: true, error: null });
  });
});

describe('checkAppState: calls that hang', () => {
  /** Runs the check on fake timers: whether it had finished just before STARTUP_CALL_TIMEOUT_MS, and at it. */
  async function checkOnFakeTimers(answers: { settings: CannedAnswer; me?: CannedAnswer }) {
    vi.useFakeTimers();
    const run = startup(answers);
    let done = false;
    void checkAppState(run.platform, () => HERE).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(STARTUP_CALL_TIMEOUT_MS - 1);
    const before = done;
    await vi.advanceTimersByTimeAsync(1);
    return { run, before, after: done };
  }

  it('public settings that never answer: the spinner gives way to "unknown" after STARTUP_CALL_TIMEOUT_MS', async () => {
    const { run, before, after } = await checkOnFakeTimers({ settings: 'hang' });
    expect([before, after]).toEqual([false, true]);
    expect(useAuthStore.getState()).toMatchObject({ status: 'error', error: { type: 'unknown' } });
    expect(run.location.href).toBe(HERE);
  });

  it('a `me` that never answers: signed out after STARTUP_CALL_TIMEOUT_MS, the token kept', async () => {
    storeToken('Zvalid');
    const { run, before, after } = await checkOnFakeTimers({ settings: SETTINGS_OK, me: 'hang' });
    expect([before, after]).toEqual([false, true]);
    expect(useAuthStore.getState()).toMatchObject({ status: 'ready', isAuthenticated: false, error: null });
    expect(storedTokens()).toEqual(['Zvalid', 'Zvalid']);
    expect(run.location.href).toBe(HERE);
  });
});

describe('checkAppState: what it keeps', () => {
  it('the public settings, for the rest of the site to read', async () => {
    const run = startup({ settings: [200, { id: 'local-app', public_settings: { theme: 'dark' } }] });
    await checkAppState(run.platform, () => HERE);
    expect(useAuthStore.getState().publicSettings).toEqual({
      id: 'local-app',
      public_settings: { theme: 'dark' },
    });
  });
});
