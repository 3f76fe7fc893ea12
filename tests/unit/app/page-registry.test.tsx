/**
 * The page table (src/app/page-registry.ts): each route loads its own page. A page with behaviour is its page
 * component; a static page is one region, whose code (the page's content) is loaded with it, so that the loaded page
 * renders that content.
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { loadedPage, loadPage, type RouteName } from '../../../src/app/page-registry.ts';
import { paths } from '../../../src/shared/navigation/paths.ts';

/** The HTML a page component renders at `path`, as the prerender step renders it. */
const html = (Page: ComponentType, path: string) =>
  renderToString(
    <Router ssrPath={path}>
      <Page />
    </Router>,
  );

describe('loadPage', () => {
  it('loads the component of each page with behaviour of its own, and of the 404 page', async () => {
    const modules = {
      Index: (await import('../../../src/pages/index-page.tsx')).IndexPage,
      Pricing: (await import('../../../src/pages/pricing-page.tsx')).PricingPage,
      PaymentSuccess: (await import('../../../src/pages/payment-success-page.tsx')).PaymentSuccessPage,
      NotFound: (await import('../../../src/pages/not-found-page.tsx')).NotFoundPage,
    };
    for (const [name, component] of Object.entries(modules) as [RouteName, ComponentType][]) {
      expect(await loadPage(name), name).toBe(component);
      expect(loadedPage(name), name).toBe(component);
    }
  });

  it("renders each static page's own content, in one region named after the page", async () => {
    const contents = {
      Challenges: (await import('../../../src/pages/challenges-page.tsx')).ChallengesPage,
      Solutions: (await import('../../../src/pages/solutions-page.tsx')).SolutionsPage,
      Results: (await import('../../../src/pages/results-page.tsx')).ResultsPage,
      Process: (await import('../../../src/pages/process-page.tsx')).ProcessPage,
    };
    for (const [name, content] of Object.entries(contents) as [keyof typeof contents, ComponentType][]) {
      const page = await loadPage(name);
      expect(page, name).not.toBe(content);
      expect(loadedPage(name), name).toBe(page);
      const own = html(content, paths[name]);
      expect(own.length, name).toBeGreaterThan(200);
      expect(html(page, paths[name]), name).toBe(
        // The region's Suspense boundary, resolved: React's markers around the content.
        `<div data-region="${name}" class="contents"><!--$-->${own}<!--/$--></div>`,
      );
    }
  });
});
