import type { HeldPresses } from './presses.ts';

/**
 * What the boot script (`src/entries/boot-script.ts`, the first script a prerendered page runs) hands over to the
 * page's other scripts, which are separate bundles loaded later: `window.__siteBoot`.
 */
export interface BootHandover extends HeldPresses {
  /**
   * Settles once the full stylesheet has loaded (or failed to): the page's first screen is styled by the CSS inlined
   * in its HTML, and what React renders or changes after adopting the page may need the rest.
   */
  styled?: Promise<unknown>;
}

declare global {
  interface Window {
    __siteBoot?: BootHandover;
  }
}
