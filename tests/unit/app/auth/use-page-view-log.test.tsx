/**
 * Page-view logs (docs/requirements.md, "The calls it makes"), decided in `usePageViewLog`: a signed-in visitor's page
 * views are logged under the canonical page name, whatever the path's case; other paths and signed-out visitors log
 * nothing.
 */
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { usePageViewLog } from '../../../../src/app/auth/use-page-view-log.ts';
import { initialAuthState, useAuthStore } from '../../../../src/shared/auth/auth-store.ts';
import { loadSitePlatform } from '../../../../src/shared/site-platform/load-site-platform.ts';
import type { SitePlatform } from '../../../../src/shared/site-platform/site-platform.ts';

vi.mock('../../../../src/shared/site-platform/load-site-platform.ts', () => ({ loadSitePlatform: vi.fn() }));

function Logger() {
  usePageViewLog();
  return null;
}

/** The site at `path`, and the names `logUserInApp` was called with. */
function openAt(path: string, logUserInApp: (page: string) => Promise<void> = async () => {}) {
  const logged: string[] = [];
  vi.mocked(loadSitePlatform).mockResolvedValue({
    appLogs: {
      logUserInApp: (page: string) => {
        logged.push(page);
        return logUserInApp(page);
      },
    },
  } as unknown as SitePlatform);
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook}>
      <Logger />
    </Router>,
  );
  return { logged, navigate: (to: string) => act(() => memory.navigate(to)) };
}

/** Lets the platform promise resolve. */
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const signIn = () =>
  act(() => {
    useAuthStore.setState({ isAuthenticated: true });
  });

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState, isAuthenticated: true });
  vi.mocked(loadSitePlatform).mockClear();
});

describe('usePageViewLog', () => {
  it('logs each page under its canonical name, matching the path case-insensitively', async () => {
    const site = openAt('/');
    await flush();
    for (const path of [
      '/pricing',
      '/CHALLENGES',
      '/Solutions/',
      '/results',
      '/process',
      '/paymentsuccess',
      '/index',
    ]) {
      await site.navigate(path);
      await flush();
    }
    expect(site.logged).toEqual([
      'Index',
      'Pricing',
      'Challenges',
      'Solutions',
      'Results',
      'Process',
      'PaymentSuccess',
      'Index',
    ]);
  });

  it('logs nothing for a path that is not a page', async () => {
    const site = openAt('/nope');
    await flush();
    for (const path of ['/Pricing/extra', '/Pricing.html', '/no-such-page']) {
      await site.navigate(path);
      await flush();
    }
    expect(site.logged).toEqual([]);
    expect(loadSitePlatform).not.toHaveBeenCalled();
  });

  it('logs nothing for a signed-out visitor, and starts once they are signed in', async () => {
    useAuthStore.setState({ isAuthenticated: false });
    const site = openAt('/Results');
    await site.navigate('/Process');
    await flush();
    expect(site.logged).toEqual([]);
    await signIn();
    await flush();
    expect(site.logged).toEqual(['Process']);
  });

  it('a failed log is ignored (no unhandled rejection)', async () => {
    const rejections: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => rejections.push(event.reason);
    window.addEventListener('unhandledrejection', onRejection);
    const site = openAt('/Pricing', async () => {
      throw new Error('log failed');
    });
    await flush();
    await flush();
    window.removeEventListener('unhandledrejection', onRejection);
    expect(site.logged).toEqual(['Pricing']);
    expect(rejections).toEqual([]);
  });
});
