import type { ComponentType } from 'react';
import { pageLoader, staticPage } from '../hydration/index.ts';
import type { PageName } from '../shared/navigation/paths.ts';

/** A page of the site, or the page shown for any other path. */
export type RouteName = PageName | 'NotFound';

/**
 * The page table: each page is its own chunk, so a visit downloads React, the shell and the one page it shows. A page
 * with no behaviour of its own is one static region and has no page chunk at all (`staticPage`). The prerendered HTML
 * lists the page's chunk beside the main script, and the entry waits for it before hydrating, so that the first client
 * render is the prerendered one (no suspense, no flash). Regions and their loading: `src/hydration/`.
 */
const loaders: Record<RouteName, () => Promise<ComponentType>> = {
  Index: () =>
    import(/* webpackChunkName: "page-Index" */ '../pages/index-page.tsx').then((m) => m.IndexPage),
  Challenges: staticPage('Challenges', () =>
    import(/* webpackChunkName: "content-Challenges" */ '../pages/challenges-page.tsx').then(
      (m) => m.ChallengesPage,
    ),
  ),
  Solutions: staticPage('Solutions', () =>
    import(/* webpackChunkName: "content-Solutions" */ '../pages/solutions-page.tsx').then(
      (m) => m.SolutionsPage,
    ),
  ),
  Results: staticPage('Results', () =>
    import(/* webpackChunkName: "content-Results" */ '../pages/results-page.tsx').then((m) => m.ResultsPage),
  ),
  Process: staticPage('Process', () =>
    import(/* webpackChunkName: "content-Process" */ '../pages/process-page.tsx').then((m) => m.ProcessPage),
  ),
  Pricing: () =>
    import(/* webpackChunkName: "page-Pricing" */ '../pages/pricing-page.tsx').then((m) => m.PricingPage),
  PaymentSuccess: () =>
    import(/* webpackChunkName: "page-PaymentSuccess" */ '../pages/payment-success-page.tsx').then(
      (m) => m.PaymentSuccessPage,
    ),
  NotFound: () =>
    import(/* webpackChunkName: "page-NotFound" */ '../pages/not-found-page.tsx').then((m) => m.NotFoundPage),
};

export const { loadPage, loadedPage, forgetFailedPages, prefetchPages } = pageLoader(loaders);
