import { useEffect } from 'react';
import { AUTH_STATUS, useAuthStore } from '../../shared/auth/auth-store.ts';
import { loadSitePlatform } from '../../shared/site-platform/load-site-platform.ts';
import { reportSiteError } from '../../shared/site-platform/site-bridge-loader.ts';

let started = false;

/** Starts the startup auth check once per page load, after hydration (browser-only state). */
export function useStartupAuth(): void {
  useEffect(() => {
    if (started) return;
    started = true;
    // The check travels with the platform client, in its chunk: a page that never needs it downloads neither.
    Promise.all([loadSitePlatform(), import(/* webpackChunkName: "platform" */ './check-app-state.ts')]).then(
      ([platform, { checkAppState }]) => checkAppState(platform, () => window.location.href),
      (error: unknown) => {
        // The client's chunk did not load: the page stays usable as a visitor's, and the editor hears of it.
        useAuthStore.setState({ status: AUTH_STATUS.ready });
        reportSiteError(error);
      },
    );
  }, []);
}
