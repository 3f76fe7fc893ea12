/**
 * `useStartupAuth` (src/app/auth/use-startup-auth.ts): the startup check runs once per page load, after the first render,
 * with the site's own platform client over real HTTP (a recording server stands for the configured platform); when the
 * client's chunk cannot load, the page is left usable as a visitor's and the failure is reported.
 */
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedRequest, recordingServerPerFile } from '../../../support/recording-server.ts';
import { waitFor } from '../../../support/wait-for.ts';
import { allowingThePage, pageRequests } from '../../cross-origin-server.ts';

const platform = recordingServerPerFile();
const PAGE = 'http://localhost:3000/';
const BRIDGE = Symbol.for('agency-site.bridge');
const LOADER = '../../../../src/shared/site-platform/load-site-platform.ts';
const SETTINGS_PATH = '/api/apps/public/prod/public-settings/by-id/local-app';
const ME_PATH = '/api/apps/local-app/entities/User/me';

/** Answers the public settings and `me` as given (anything else: 404). */
function platformAnswering(answers: { settings: [number, unknown]; me?: [number, unknown] }) {
  platform.respond(
    allowingThePage((request: RecordedRequest, response) => {
      const answer =
        request.url === SETTINGS_PATH
          ? answers.settings
          : request.url === ME_PATH && answers.me
            ? answers.me
            : ([404, { message: 'not found' }] as [number, unknown]);
      json(response, answer[0], answer[1]);
    }),
  );
}

/** The site's modules as a new page load finds them (built against the recording server), and the hook's component. */
async function newPageLoad() {
  vi.resetModules();
  const { siteConfig } = await import('../../../../src/site-config.ts');
  siteConfig.serverUrl = platform.url;
  useStartupAuth = (await import('../../../../src/app/auth/use-startup-auth.ts')).useStartupAuth;
  const { useAuthStore } = await import('../../../../src/shared/auth/auth-store.ts');
  return { Startup, useAuthStore };
}

/** The hook of the current page load (each test loads the site's modules afresh). */
let useStartupAuth: () => void = () => {};

function Startup() {
  useStartupAuth();
  return null;
}

/** The `preload-error` events the page gets (the reload notice listens to them). */
function watchNotices() {
  const details: unknown[] = [];
  const listener = (event: Event) => details.push((event as CustomEvent).detail);
  addEventListener('preload-error', listener);
  return { details, stop: () => removeEventListener('preload-error', listener) };
}

const calls = () => pageRequests(platform).map((request) => `${request.method} ${request.url}`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

let notices: ReturnType<typeof watchNotices>;
beforeEach(() => {
  Reflect.deleteProperty(window, BRIDGE);
  window.location.href = PAGE;
  notices = watchNotices();
});
afterEach(() => {
  notices.stop();
  vi.doUnmock(LOADER);
  Reflect.deleteProperty(window, BRIDGE);
  window.location.href = PAGE;
});

describe('useStartupAuth', () => {
  it('runs the startup check once per page load, however many times it is mounted', async () => {
    platformAnswering({ settings: [200, { id: 'local-app', public_settings: { theme: 'dark' } }] });
    const { Startup, useAuthStore } = await newPageLoad();
    expect(useAuthStore.getState().status).toBe('loading');
    const first = render(
      <>
        <Startup />
        <Startup />
      </>,
    );
    await waitFor(() => useAuthStore.getState().status === 'ready', 5000, 'the check');
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      publicSettings: { id: 'local-app', public_settings: { theme: 'dark' } },
      error: null,
    });
    first.unmount();
    render(<Startup />);
    await settle();
    expect(calls()).toEqual([`GET ${SETTINGS_PATH}`]);
  });

  it('signs in a visitor whose stored token the platform accepts', async () => {
    for (const key of ['base44_access_token', 'token']) window.localStorage.setItem(key, 'Zvalid');
    platformAnswering({
      settings: [200, { id: 'local-app', public_settings: {} }],
      me: [200, { id: 'u1', email: 'user@example.com', role: 'user' }],
    });
    const { Startup, useAuthStore } = await newPageLoad();
    render(<Startup />);
    await waitFor(() => useAuthStore.getState().status === 'ready', 5000, 'the check');
    expect(useAuthStore.getState()).toMatchObject({
      hasToken: true,
      isAuthenticated: true,
      user: { id: 'u1', email: 'user@example.com', role: 'user' },
    });
    expect(calls()).toEqual([`GET ${SETTINGS_PATH}`, `GET ${ME_PATH}`]);
    expect(pageRequests(platform)[1]?.headers.authorization).toBe('Bearer Zvalid');
  });

  it('auth_required sends the visitor to the login, returning to this page', async () => {
    window.location.href = `${PAGE}Pricing?plan=gold`;
    platformAnswering({
      settings: [403, { message: 'Denied', extra_data: { reason: 'auth_required' } }],
    });
    const { Startup, useAuthStore } = await newPageLoad();
    render(<Startup />);
    await waitFor(() => useAuthStore.getState().status === 'error', 5000, 'the check');
    expect(useAuthStore.getState().error?.type).toBe('auth_required');
    expect(window.location.href).toBe(
      `${platform.url}/login?from_url=${encodeURIComponent(`${PAGE}Pricing?plan=gold`)}`,
    );
  });

  it("when the client's chunk cannot load: a visitor's page (ready), no call, and the reload notice", async () => {
    platformAnswering({ settings: [200, { id: 'local-app', public_settings: {} }] });
    // As the browser rejects the chunk's import when the network fails.
    vi.doMock(LOADER, () => ({
      loadSitePlatform: () =>
        Promise.reject(
          Object.assign(new Error('Loading chunk platform failed.'), { name: 'ChunkLoadError' }),
        ),
    }));
    const { Startup, useAuthStore } = await newPageLoad();
    const rejections: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => rejections.push(event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    render(<Startup />);
    await waitFor(() => notices.details.length > 0, 5000, 'the reload notice');
    window.removeEventListener('unhandledrejection', onRejection);
    expect(useAuthStore.getState()).toMatchObject({ status: 'ready', isAuthenticated: false, error: null });
    expect(notices.details).toHaveLength(1);
    expect(JSON.stringify(notices.details[0])).toContain('Loading chunk platform failed.');
    expect(calls()).toEqual([]);
    expect(rejections).toEqual([]);
  });
});
