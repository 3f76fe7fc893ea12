/**
 * Islands: regions with behaviour that is not needed at once (the home page's contact form, far below the fold). In a
 * prerendered page an island's HTML is adopted like a static region's (`static-region.tsx`), and its code is fetched
 * and hydrated when the visitor comes near it, or presses, focuses or taps inside it. Presses made inside it before
 * then are held by the boot script (`src/boot.ts`) and replayed once it is live; text typed into it stays in its
 * inputs. Elsewhere (client-side navigation, the federated `./App`) an island is an ordinary region.
 */
import type { ComponentType } from 'react';
import { startBridge } from './bridge-setup.ts';
import { type StaticRegion, staticRegion } from './static-region.tsx';

/** How far below the viewport an island starts loading, so that it is live by the time it is seen. */
const ISLAND_MARGIN = '50% 0px';
const ISLAND_WAKE_EVENTS = ['pointerdown', 'focusin', 'keydown', 'click'] as const;

/**
 * Wakes an island when it nears the viewport or is touched, until its code has loaded (a failed load is tried again on
 * the next touch); returns the clean-up.
 */
function watchIsland(frame: HTMLElement, wake: () => Promise<boolean>, atOnce: boolean): () => void {
  // On the document, in the capture phase: React stops events aimed at content it has not hydrated at its root.
  const listenerOptions = { capture: true, passive: true };
  const stop = () => {
    observer?.disconnect();
    for (const type of ISLAND_WAKE_EVENTS) document.removeEventListener(type, onEvent, listenerOptions);
  };
  const onTouch = () => {
    void wake().then((loaded) => loaded && stop());
  };
  const onEvent = (event: Event) => {
    if (event.target instanceof Node && frame.contains(event.target)) onTouch();
  };
  for (const type of ISLAND_WAKE_EVENTS) document.addEventListener(type, onEvent, listenerOptions);
  // The frame is `display: contents` (no box of its own): its content is what comes into view.
  const target = frame.firstElementChild;
  const observer =
    typeof IntersectionObserver === 'function' && target
      ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onTouch(), {
          rootMargin: ISLAND_MARGIN,
        })
      : null;
  if (observer && target && !atOnce) observer.observe(target);
  else onTouch();
  return stop;
}

/** Presses held by the boot script inside `frame` while it was not live, pressed again now that it is. */
function replayHeldPresses(frame: HTMLElement): void {
  const pressed = window.__siteBoot?.claim(frame) ?? [];
  if (!pressed.length) return;
  // A task later, so that state set by the island's first effects (e.g. a form adopting what was typed) has rendered.
  window.setTimeout(() => {
    for (const element of pressed) {
      if (element.isConnected) element.click();
    }
  }, 0);
}

export interface IslandOptions {
  /** Read once the page is live: true wakes the island at once (e.g. it has state of the visitor's to restore). */
  wakeAtOnce?: () => boolean;
}

/**
 * A region whose adopted HTML React hydrates once its code has been fetched (see the top of this file). A code that
 * fails to load leaves the HTML as it is, reports a `preload-error` (the notice offers a reload) and is fetched again
 * on the next touch.
 */
export function island(
  id: string,
  load: () => Promise<ComponentType>,
  options: IslandOptions = {},
): StaticRegion {
  const region = staticRegion(id, load);
  let resolve: (component: ComponentType) => void = () => {};
  const woken = new Promise<ComponentType>((settle) => {
    resolve = settle;
  });
  let waking: Promise<boolean> | undefined;
  const wake = () => {
    waking ??= region.fetchCode().then(
      (component) => {
        resolve(component);
        return true;
      },
      (error: unknown) => {
        waking = undefined;
        startBridge().reportError(error);
        return false;
      },
    );
    return waking;
  };
  return {
    ...region,
    woken,
    watch: (frame) => watchIsland(frame, wake, options.wakeAtOnce?.() ?? false),
    onLive(frame) {
      frame.dataset.live = '';
      replayHeldPresses(frame);
    },
  };
}
