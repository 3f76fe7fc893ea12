/**
 * The one script a prerendered page names in its HTML (`<script defer src=boot data-scripts="…">`, a build entry of
 * its own, with no React): it loads the page's JavaScript (its chunk, then the main script, in that order) once the
 * browser has painted the page.
 *
 * Every page arrives as its final HTML, so nothing a visitor sees waits for JavaScript; what JavaScript adds (the
 * menu, the form, checkout, client-side navigation) can start a frame later. Until the first paint the connection
 * carries only the HTML, the stylesheet and the pictures in view, instead of sharing its bandwidth with ~70 KB of
 * scripts. A page opened in the background (no frames are drawn there) loads its scripts at once.
 *
 * A button pressed before React listens is not lost: the press is held here and handed over (`presses.ts`) once
 * React has adopted the page (`start.tsx`), or, inside an island that is not live yet, once that island is
 * (`region.tsx`). Links need no help: they work as plain links.
 */
import { holdPresses } from './presses.ts';

const sources = (document.currentScript?.dataset.scripts ?? '').split(' ').filter(Boolean);

window.__siteBoot = holdPresses();

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
