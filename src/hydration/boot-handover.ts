import type { HeldPresses } from './presses.ts';

/**
 * What the boot script (`boot.ts`, the first script a prerendered page runs) hands over to the page's other scripts,
 * which are separate bundles loaded later: `window.__siteBoot`.
 */
export interface BootHandover extends HeldPresses {
  /**
   * The launch token the boot script took out of the address and stored (docs/security.md rule 2), or null. Handed over in
   * memory too, because storage can be blocked (a sandboxed frame) and the address no longer has it.
   */
  launchToken?: string | null;
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
