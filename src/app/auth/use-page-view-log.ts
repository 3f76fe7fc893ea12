import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { pageNameForPath } from '../../shared/navigation/paths.ts';
import { loadSitePlatform } from '../../shared/site-platform/load-site-platform.ts';

/**
 * Logs each page view of a signed-in user as `log-user-in-app/{PageName}` with the canonical page name (`/pricing` →
 * Pricing, `/` → Index). Unknown paths are not logged; failures are ignored (docs/requirements.md,
 * "The calls it makes").
 */
export function usePageViewLog(): void {
  const [location] = useLocation();
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  useEffect(() => {
    if (!signedIn) return;
    const page = pageNameForPath(location);
    if (!page) return;
    loadSitePlatform()
      .then((platform) => platform.appLogs.logUserInApp(page))
      .catch(() => {});
  }, [location, signedIn]);
}
