/**
 * What the first script of every prerendered page does (`src/entries/boot-script.ts`, inlined in its `<head>` with
 * its CSP hash by scripts/prerender.mjs: `<script data-styles="…" data-scripts="…">`, a build entry of its own, with
 * no React). Before the browser has parsed the page's body it
 * 1. takes the launch token out of the address and into storage, and remembers it for the page's later scripts
 *    (docs/security.md, "Token and bridge": one step, before the first paint, so that a link followed or a reload at
 *    any moment keeps the visitor signed in and no history entry keeps it);
 * 2. holds the presses made before React listens (`presses.ts`);
 * and once the browser has painted the page (whose first screen is styled by the CSS inlined beside this script), it
 * loads the full stylesheet, then the page's JavaScript (its chunk, then the main script, in that order).
 *
 * Every page arrives as its final HTML, so nothing a visitor sees waits for a request: until the first paint the
 * connection carries only the HTML. A page opened in the background (no frames are drawn there) loads at once.
 *
 * A button pressed before React listens is not lost: the press is held here and handed over (`window.__siteBoot`,
 * `boot-handover.ts`) once React has adopted the page (`start.tsx`), or, inside an island that is not live yet, once
 * that island is (`region.tsx`). Links need no help: they work as plain links.
 */
import { takeLaunchToken } from '../platform/launch-token/index.ts';
import type { BootHandover } from './boot-handover.ts';
import { holdPresses } from './presses.ts';

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

/**
 * Runs the boot steps for the page whose boot script is `script` (`document.currentScript`). `signal` ends the
 * listening they leave behind (held presses, the wait for the page to be hidden): a page's own boot never ends.
 */
export function bootPage(script: HTMLOrSVGScriptElement | null, signal?: AbortSignal): void {
  // Remembered for the page's later scripts (the bridge), as storage can be blocked and the address no longer has it.
  takeLaunchToken(window);

  const handover: BootHandover = holdPresses(signal);
  window.__siteBoot = handover;

  const data = script?.dataset;
  const list = (value: string | undefined) => (value ?? '').split(' ').filter(Boolean);
  const styles = list(data?.styles);
  const scripts = list(data?.scripts);

  /** Adds the full stylesheet; `renderBlocking` holds the page's rendering until it has loaded (where supported). */
  const loadStyles = (renderBlocking: boolean) => {
    const loads = styles.splice(0).map((href) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      if (renderBlocking) link.setAttribute('blocking', 'render');
      const loaded = new Promise((settle) => {
        link.onload = link.onerror = settle;
      });
      document.head.append(link);
      return loaded;
    });
    if (loads.length) handover.styled = Promise.all(loads);
  };

  // A #fragment, a reload or a move back or forward puts the visitor at a position the browser computes from the
  // whole page's layout: below-the-fold sections are laid out at once then (src/styles/standalone.css), with the whole
  // stylesheet, before the first paint.
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  if (location.hash || (navigation && navigation.type !== 'navigate')) {
    document.documentElement.dataset.layoutAll = '';
    loadStyles(true);
  }

  let started = false;
  const loadScripts = () => {
    if (started) return;
    started = true;
    loadStyles(false);
    for (const src of scripts) {
      const element = document.createElement('script');
      element.src = src;
      // Inserted scripts run in insertion order, as `defer` ones would.
      element.async = false;
      document.head.append(element);
    }
  };

  if (document.visibilityState === 'hidden') loadScripts();
  else {
    afterFirstPaint(loadScripts);
    // A tab sent to the background before painting, or a page that never paints content, still gets its scripts.
    document.addEventListener('visibilitychange', loadScripts, { signal });
    setTimeout(loadScripts, 3000);
  }
}
