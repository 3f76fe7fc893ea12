import type { ComponentType } from 'react';
import { footerRegion } from './layout/footer-region.ts';
import type { PageName } from './paths.ts';
import { type StaticRegion, staticRegion } from './static-region.tsx';

/** A page of the site, or the page shown for any other path. */
export type RouteName = PageName | 'NotFound';

/**
 * A page: its component and the static regions it renders (whose code is fetched only when they are not adopted). A
 * page without a component is its one region.
 */
export interface PageModule {
  Page?: ComponentType;
  regions: readonly StaticRegion[];
}

/** A page with no behaviour of its own: one static region, and no page chunk at all when it is prerendered. */
function staticPage(region: StaticRegion): () => Promise<PageModule> {
  const page: PageModule = { regions: [region] };
  return () => Promise.resolve(page);
}

/**
 * Each page is its own chunk, so a visit downloads React, the shell and the one page it shows; the parts of a page
 * without behaviour are static regions (`static-region.tsx`), whose code a prerendered visit never downloads. The
 * prerendered HTML lists the page's chunk beside the main script, and the entry waits for it before hydrating, so
 * that the first client render is the prerendered one (no suspense, no flash).
 */
const loaders: Record<RouteName, () => Promise<PageModule>> = {
  Index: () =>
    import(/* webpackChunkName: "page-Index" */ '../pages/index-page.tsx').then((m) => m.indexPage),
  Challenges: staticPage(
    staticRegion('Challenges', () =>
      import(/* webpackChunkName: "content-Challenges" */ '../pages/challenges-page.tsx').then(
        (m) => m.ChallengesPage,
      ),
    ),
  ),
  Solutions: staticPage(
    staticRegion('Solutions', () =>
      import(/* webpackChunkName: "content-Solutions" */ '../pages/solutions-page.tsx').then(
        (m) => m.SolutionsPage,
      ),
    ),
  ),
  Results: staticPage(
    staticRegion('Results', () =>
      import(/* webpackChunkName: "content-Results" */ '../pages/results-page.tsx').then(
        (m) => m.ResultsPage,
      ),
    ),
  ),
  Process: staticPage(
    staticRegion('Process', () =>
      import(/* webpackChunkName: "content-Process" */ '../pages/process-page.tsx').then(
        (m) => m.ProcessPage,
      ),
    ),
  ),
  Pricing: () =>
    import(/* webpackChunkName: "page-Pricing" */ '../pages/pricing-page.tsx').then((m) => m.pricingPage),
  PaymentSuccess: () =>
    import(/* webpackChunkName: "page-PaymentSuccess" */ '../pages/payment-success-page.tsx').then((m) => ({
      Page: m.PaymentSuccessPage,
      regions: [],
    })),
  NotFound: () =>
    import(/* webpackChunkName: "page-NotFound" */ '../pages/not-found-page.tsx').then((m) => ({
      Page: m.NotFoundPage,
      regions: [],
    })),
};

const pending = new Map<RouteName, Promise<PageModule>>();
const loaded = new Map<RouteName, PageModule>();

const failed = new Set<RouteName>();
const inFlight = new Set<RouteName>();

/**
 * Loads a page's chunk and the code of its regions (and the layout's) that the page's HTML does not hold. A region
 * adopted from the HTML needs its code once that HTML is gone (the visitor comes back to the page later), so a page
 * whose regions are no longer ready is loaded again. A failed load stays failed (so that a render reading it throws
 * to the error boundary instead of retrying in a loop) until `forgetFailedPages()`.
 */
export function loadPage(name: RouteName): Promise<PageModule> {
  let promise = pending.get(name);
  const stale = loaded.has(name) && !inFlight.has(name) && !failed.has(name) && !loadedPage(name);
  if (!promise || stale) {
    inFlight.add(name);
    promise = loaders[name]().then(async (page) => {
      await Promise.all([footerRegion, ...page.regions].map((region) => region.preload()));
      loaded.set(name, page);
      return page;
    });
    promise.then(
      () => inFlight.delete(name),
      () => {
        inFlight.delete(name);
        failed.add(name);
      },
    );
    pending.set(name, promise);
  }
  return promise;
}

/** Lets the next `loadPage` of a page whose chunk failed try the network again. */
export function forgetFailedPages(): void {
  for (const name of failed) pending.delete(name);
  failed.clear();
}

/** The page when its chunk and the code its regions need are loaded, else undefined. */
export function loadedPage(name: RouteName): PageModule | undefined {
  const page = loaded.get(name);
  if (!page || ![footerRegion, ...page.regions].every((region) => region.ready())) return undefined;
  return page;
}

/** How long after the page has started that other pages are warmed: the first seconds belong to the page itself. */
const PREFETCH_AFTER_MS = 4000;

/**
 * Warms every page's chunk, so that later navigation does not wait for the network: once the page has had its first
 * seconds to itself (the visitor's first taps and scrolls meet a free main thread), when the browser is idle.
 */
export function prefetchPages(): void {
  const run = () => {
    for (const name of Object.keys(loaders) as RouteName[]) {
      // A failed prefetch is forgotten at once: the visit to that page will try again.
      void loadPage(name).catch(forgetFailedPages);
    }
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 4000 });
    else run();
  };
  window.setTimeout(whenIdle, PREFETCH_AFTER_MS);
}
