/**
 * Starts the prerender step: its server entry (built for Node by `rspack.config.ts`, run by `scripts/prerender.mjs`)
 * renders a page of the site to HTML exactly as the browser's first render will produce it, for hydration.
 */
import { renderToString } from 'react-dom/server';
import { App } from '../app/app.tsx';
import { loadPage } from '../app/page-registry.ts';
import { pageMeta } from '../app/seo/page-meta.ts';
import { brand } from '../content/brand.ts';
import { officeHours } from '../content/office-hours.ts';
import { pricing, soldPackage } from '../content/pricing.ts';
import { shareImage } from '../content/seo.ts';
import { pageNameForPath, pageNames, paths } from '../shared/navigation/paths.ts';
import { siteConfig } from '../site-config.ts';

/** The HTML of the page at `path`, as the app renders it before any browser-only state. */
export async function renderPage(path: string): Promise<string> {
  await loadPage(pageNameForPath(path) ?? 'NotFound');
  return renderToString(<App ssrPath={path} ssrSearch="" />);
}

export { brand, officeHours, pageMeta, pageNames, paths, pricing, shareImage, siteConfig, soldPackage };
