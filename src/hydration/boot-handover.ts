import type { HeldPresses } from './presses.ts';

/**
 * What the boot script (`boot.ts`, the first script a prerendered page runs) hands over to the page's other scripts,
 * which are separate bundles loaded later: `window.__siteBoot`.
 */
export interface BootHandover extends HeldPresses {
  /**
   * The launch token the boot script took out of the address and stored (security rule 2), or null. Handed over in
   * memory too, because storage can be blocked (a sandboxed frame) and the address no longer has it.
   */
  launchToken?: string | null;
}

declare global {
  interface Window {
    __siteBoot?: BootHandover;
  }
}
