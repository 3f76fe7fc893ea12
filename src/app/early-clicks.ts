/**
 * The hand-over from `src/boot.ts` once React has adopted a prerendered page: buttons pressed before the scripts ran
 * are pressed again, now with their handlers, and `<html data-hydrated>` tells tests and tools the page is live.
 * (Presses inside an island not live yet stay held until it is: `src/app/static-region.tsx`.)
 */
let finished = false;

export function finishBoot(): void {
  const boot = window.__siteBoot;
  if (!boot || finished) return;
  finished = true;
  const pressed = boot.release();
  document.documentElement.dataset.hydrated = 'true';
  // A task later, so that state set by the first effects (e.g. a form adopting what was typed) has rendered.
  window.setTimeout(() => {
    for (const element of pressed) {
      if (element.isConnected) element.click();
    }
  }, 0);
}
