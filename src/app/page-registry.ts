import type { ComponentType } from 'react';
import type { PageName } from './paths.ts';

/**
 * Each page is its own chunk, so a visit downloads React, the shell and the one page it shows. The prerendered HTML
 * lists the page's chunk beside the main script, and the entry waits for it before hydrating, so that the first
 * client render is the prerendered one (no suspense, no flash).
 */
const loaders: Record<PageName, () => Promise<ComponentType>> = {
  Index: () =>
    import(/* webpackChunkName: "page-Index" */ '../pages/index-page.tsx').then((m) => m.IndexPage),
  Challenges: () =>
    import(/* webpackChunkName: "page-Challenges" */ '../pages/challenges-page.tsx').then(
      (m) => m.ChallengesPage,
    ),
  Solutions: () =>
    import(/* webpackChunkName: "page-Solutions" */ '../pages/solutions-page.tsx').then(
      (m) => m.SolutionsPage,
    ),
  Results: () =>
    import(/* webpackChunkName: "page-Results" */ '../pages/results-page.tsx').then((m) => m.ResultsPage),
  Process: () =>
    import(/* webpackChunkName: "page-Process" */ '../pages/process-page.tsx').then((m) => m.ProcessPage),
  Pricing: () =>
    import(/* webpackChunkName: "page-Pricing" */ '../pages/pricing-page.tsx').then((m) => m.PricingPage),
  PaymentSuccess: () =>
    import(/* webpackChunkName: "page-PaymentSuccess" */ '../pages/payment-success-page.tsx').then(
      (m) => m.PaymentSuccessPage,
    ),
};

const pending = new Map<PageName, Promise<ComponentType>>();
const loaded = new Map<PageName, ComponentType>();

const failed = new Set<PageName>();

/**
 * Loads a page's chunk, once. A failed load stays failed (so that a render reading it throws to the error boundary
 * instead of retrying in a loop) until `forgetFailedPages()`.
 */
export function loadPage(name: PageName): Promise<ComponentType> {
  let promise = pending.get(name);
  if (!promise) {
    promise = loaders[name]().then((component) => {
      loaded.set(name, component);
      return component;
    });
    promise.catch(() => failed.add(name));
    pending.set(name, promise);
  }
  return promise;
}

/** Lets the next `loadPage` of a page whose chunk failed try the network again. */
export function forgetFailedPages(): void {
  for (const name of failed) pending.delete(name);
  failed.clear();
}

/** The page's component when its chunk is already loaded, else undefined. */
export function loadedPage(name: PageName): ComponentType | undefined {
  return loaded.get(name);
}

/** Warms every page's chunk once the browser is idle, so that later navigation does not wait for the network. */
export function prefetchPages(): void {
  const run = () => {
    for (const name of Object.keys(loaders) as PageName[]) {
      // A failed prefetch is forgotten at once: the visit to that page will try again.
      void loadPage(name).catch(forgetFailedPages);
    }
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 4000 });
  else setTimeout(run, 2000);
}
