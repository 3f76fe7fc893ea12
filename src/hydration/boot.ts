/**
 * The one script a prerendered page names in its HTML (`<script defer src=boot data-scripts="…">`): it loads the page's
 * JavaScript (its chunk, then the main script, in that order) once the browser has painted the page.
 *
 * Every page arrives as its final HTML, so nothing a visitor sees waits for JavaScript; what JavaScript adds (the
 * menu, the form, checkout, client-side navigation) can start a frame later. Until the first paint the connection
 * carries only the HTML, the stylesheet and the pictures in view, instead of sharing its bandwidth with ~70 KB of
 * scripts. A page opened in the background (no frames are drawn there) loads its scripts at once.
 *
 * A button pressed before the scripts have run is not lost: the press is held here and replayed once React has
 * adopted the page (`src/app/early-clicks.ts`), or, inside an island that is not live yet (`[data-island]`, see
 * `src/app/static-region.tsx`), once that island is. Links need no help: they work as plain links.
 */
const sources = (document.currentScript?.dataset.scripts ?? '').split(' ').filter(Boolean);

/** What the page's scripts read from this one once React has adopted the page. */
interface SiteBoot {
  /**
   * Stops holding presses outside islands that are not live yet, and hands over the buttons pressed there so far,
   * oldest first.
   */
  release(): HTMLElement[];
  /** Hands over the buttons pressed inside `container` (an island now live), oldest first. */
  claim(container: Element): HTMLElement[];
}

export {};

declare global {
  interface Window {
    __siteBoot?: SiteBoot;
  }
}

/** Inside an island whose code has not run yet. */
const PENDING_ISLAND = '[data-island]:not([data-live])';
let released = false;
let held: HTMLElement[] = [];
function hold(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  if (released && !target?.closest(PENDING_ISLAND)) return;
  const button = event.type === 'submit' ? target : target?.closest('button');
  if (!(button instanceof HTMLElement)) return;
  // Without this, a form would submit itself to the address bar, and the press would do nothing else.
  event.preventDefault();
  const submitter = event.type === 'submit' ? (event as SubmitEvent).submitter : null;
  held.push(submitter instanceof HTMLElement ? submitter : button);
}
document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);
/** Hands over (and forgets) the held presses that `pick` accepts. */
function take(pick: (element: HTMLElement) => boolean): HTMLElement[] {
  const taken = held.filter(pick);
  held = held.filter((element) => !pick(element));
  return taken;
}
window.__siteBoot = {
  release() {
    released = true;
    return take((element) => !element.closest(PENDING_ISLAND));
  },
  claim: (container) => take((element) => container.contains(element)),
};

// A #fragment, a reload or a move back or forward puts the visitor at a position the browser computes from the whole
// page's layout: below-the-fold sections are laid out at once then (src/styles/standalone.css).
const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
if (location.hash || (navigation && navigation.type !== 'navigate')) {
  document.documentElement.dataset.layoutAll = '';
}

let started = false;
function loadScripts(): void {
  if (started) return;
  started = true;
  for (const src of sources) {
    const script = document.createElement('script');
    script.src = src;
    // Inserted scripts run in insertion order, as `defer` ones would.
    script.async = false;
    document.head.append(script);
  }
}

/** Calls `then` once the page's first contentful paint has happened (by the Paint Timing API, or two frames later). */
function afterFirstPaint(then: () => void): void {
  if (
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(then));
  }
}

if (document.visibilityState === 'hidden') loadScripts();
else {
  afterFirstPaint(loadScripts);
  // A tab sent to the background before painting, or a page that never paints content, still gets its scripts.
  document.addEventListener('visibilitychange', loadScripts, { once: true });
  setTimeout(loadScripts, 3000);
}
