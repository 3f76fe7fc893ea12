/**
 * Presses made before React could take them (see "Presses" in `index.ts`): the boot script
 * (`src/entries/boot-script.ts`) holds them from its first moment, and hands them over to the page's scripts, which
 * press them again (`replay` in `region.tsx`).
 */

/** Inside an island whose code has not run yet: React cannot hydrate it for a press, so the boot script holds those. */
export const PENDING_ISLAND = '[data-island]:not([data-live])';

/** The presses the boot script holds for the page's scripts (part of `window.__siteBoot`, see `boot-handover.ts`). */
export interface HeldPresses {
  /**
   * Stops holding presses outside islands that are not live yet (React takes those from now on), and hands over the
   * buttons pressed so far, oldest first.
   */
  release(): HTMLElement[];
  /** Hands over the buttons pressed inside `container` (an island now live), oldest first. */
  claim(container: Element): HTMLElement[];
}

/**
 * Holds every press of a button (and every form submission) from now on, until `release()`; after that only those
 * inside islands that are not live yet. The boot script calls it before any other script runs. `signal` ends holding.
 */
export function holdPresses(signal?: AbortSignal): HeldPresses {
  let released = false;
  let held: HTMLElement[] = [];
  const hold = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (released && !target?.closest(PENDING_ISLAND)) return;
    const button = event.type === 'submit' ? target : target?.closest('button');
    if (!(button instanceof HTMLElement)) return;
    // Without this, a form would submit itself to the address bar, and the press would do nothing else.
    event.preventDefault();
    // Only a submission has a submitter (a click has none: the button it pressed is held).
    const { submitter } = event as Partial<SubmitEvent>;
    held.push(submitter instanceof HTMLElement ? submitter : button);
  };
  document.addEventListener('click', hold, { capture: true, signal });
  document.addEventListener('submit', hold, { capture: true, signal });
  /** Hands over (and forgets) the held presses that `pick` accepts. */
  const take = (pick: (element: HTMLElement) => boolean) => {
    const taken = held.filter(pick);
    held = held.filter((element) => !pick(element));
    return taken;
  };
  return {
    release() {
      released = true;
      return take((element) => !element.closest(PENDING_ISLAND));
    },
    claim: (container) => take((element) => container.contains(element)),
  };
}
