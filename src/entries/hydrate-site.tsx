import { StrictMode } from 'react';
import { App } from '../app/app.tsx';
import { loadPage } from '../app/page-registry.ts';
import { hydratePage } from '../hydration/index.ts';
import { pageNameForPath } from '../shared/navigation/paths.ts';

/**
 * Makes the prerendered page in `container` live: React adopts its HTML and leaves its static regions as they are
 * (src/hydration/). Started by `standalone-site.tsx`, in a task of its own.
 */
export function hydrateSite(container: HTMLElement): void {
  hydratePage(
    container,
    <StrictMode>
      <App />
    </StrictMode>,
    () => loadPage(pageNameForPath(window.location.pathname) ?? 'NotFound'),
  );
}
