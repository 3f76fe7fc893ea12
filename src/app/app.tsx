import { Suspense, useEffect } from 'react';
import { type BaseLocationHook, Router, useLocation } from 'wouter';
import { useAdoptedRegionLinks } from '../hydration/index.ts';
import { bookACallHref, useBookACall } from '../shared/navigation/use-book-a-call.ts';
import { installSiteBridge } from '../shared/site-platform/site-bridge-loader.ts';
import { AuthGate } from './auth/auth-gate.tsx';
import { usePageViewLog } from './auth/use-page-view-log.ts';
import { useStartupAuth } from './auth/use-startup-auth.ts';
import { SiteLayout } from './layout/site-layout.tsx';
import { forgetFailedPages, prefetchPages } from './page-registry.ts';
import { AppRoutes } from './routes.tsx';
import { ErrorBoundary } from './screens/error-boundary.tsx';
import { PageLoading } from './screens/page-loading.tsx';
import { SiteNotices } from './screens/site-notices.tsx';
import { useDocumentTitle } from './seo/use-document-title.ts';

export interface AppProps {
  /** Path prefix when the site is mounted below the root of a host (e.g. `/preview`). */
  base?: string;
  /** Location to render on the server (prerendering). */
  ssrPath?: string;
  ssrSearch?: string;
  /** A custom location hook (e.g. wouter's `memoryLocation` in a host that owns the address bar). */
  hook?: BaseLocationHook;
}

/**
 * Links in HTML adopted from the prerendered page (no React handlers) go where the site's own links go: Book A Call
 * scrolls to the contact section, a same-origin path without a fragment is routed client-side, anything else is left
 * to the browser.
 */
function useRegionLinkRouting(): void {
  const [, navigate] = useLocation();
  const bookACall = useBookACall();
  useAdoptedRegionLinks((anchor) => {
    const href = anchor.getAttribute('href') ?? '';
    if (href === bookACallHref) {
      bookACall();
      return true;
    }
    const url = new URL(anchor.href);
    if (!href.startsWith('/') || url.origin !== window.location.origin || url.hash) return false;
    navigate(`${url.pathname}${url.search}`);
    return true;
  });
}

/** The site inside the router: startup auth and page logs start after hydration (browser-only state). */
function Site() {
  const [location] = useLocation();
  useStartupAuth();
  usePageViewLog();
  useDocumentTitle();
  useRegionLinkRouting();
  return (
    <>
      <SiteLayout>
        {/* A new page gets a fresh boundary: a failure on one page does not stick to the next. */}
        <ErrorBoundary key={location} onError={forgetFailedPages}>
          <AuthGate>
            <Suspense fallback={<PageLoading />}>
              <AppRoutes />
            </Suspense>
          </AuthGate>
        </ErrorBoundary>
      </SiteLayout>
      <SiteNotices />
    </>
  );
}

/** The whole site as one component: the standalone entry renders it, and the federated remote exposes it as `./App`. */
export function App({ base, ssrPath, ssrSearch, hook }: AppProps) {
  useEffect(() => {
    prefetchPages();
    // Once the page is live, or inside a host that mounts ./App: the bridge, and the editor's "rendered" signal.
    return installSiteBridge();
  }, []);
  return (
    <Router base={base ?? ''} ssrPath={ssrPath} ssrSearch={ssrSearch} {...(hook ? { hook } : {})}>
      <Site />
    </Router>
  );
}
