import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { adoptServerRegions, replay } from './region.tsx';

/** Buttons pressed before React listened, handed over by the boot script; pressed again once the page is live. */
let early: HTMLElement[] = [];

/** Renders nothing; its effect runs once React has adopted the whole page (all but the regions left dehydrated). */
function HandOver() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    const pressed = early;
    early = [];
    replay(pressed);
  }, []);
  return null;
}

/**
 * Makes the prerendered page in `container` live (see `index.ts`): notes the regions its HTML holds, waits for `load`
 * (the page's chunk and the code of its regions the HTML does not hold, so that the first render matches the HTML)
 * and for the full stylesheet the boot script loads, then lets React adopt the page. A container without
 * prerendered HTML (the dev server) is rendered from scratch. `<html data-hydrated="true">` then marks the live page.
 */
export function hydratePage(container: HTMLElement, app: ReactNode, load: () => Promise<unknown>): void {
  // Regions already in the prerendered HTML keep it: their code is neither fetched by `load` nor hydrated.
  adoptServerRegions(container);
  const tree = (
    <>
      {app}
      <HandOver />
    </>
  );
  const start = () => {
    if (!container.firstElementChild) {
      createRoot(container).render(tree);
      return;
    }
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for
    // the whole page; a press meanwhile makes React hydrate its target at once.
    startTransition(() => {
      hydrateRoot(container, tree);
    });
    // React listens from now on: later presses are React's own (see "Presses" in index.ts).
    early = window.__siteBoot?.release() ?? [];
  };
  // Hydration starts a task after the main script's own evaluation, so that neither makes one long task of both; and
  // once the full stylesheet is there (what React renders next may need more than the first screen's inlined CSS).
  const later = () => setTimeout(start, 0);
  Promise.all([load(), window.__siteBoot?.styled]).then(later, later);
}
