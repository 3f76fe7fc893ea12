/**
 * Waking an island: its code is fetched (and React hydrates its adopted HTML) when the visitor comes near it, or
 * presses, focuses or taps inside it, or at once when it has state of the visitor's to restore. Until then it is
 * adopted like any region, and presses made inside it are held by the boot script (React would drop them: see
 * "Presses" in `index.ts`).
 */

import type { ComponentType } from 'react';
import { type RegionPlace, region, type StaticRegion } from './region.tsx';

/** How far below the viewport an island starts loading, so that it is live by the time it is seen. */
const ISLAND_MARGIN = '50% 0px';
const ISLAND_WAKE_EVENTS = ['pointerdown', 'focusin', 'keydown', 'click'] as const;

/**
 * Wakes the island framed by `frame` when it nears the viewport or is touched (or at once), until its code has loaded:
 * a failed load is tried again on the next touch. Returns the clean-up.
 */
function watchIsland(frame: HTMLElement, wake: () => Promise<boolean>, atOnce: boolean): () => void {
  // On the document, in the capture phase: React stops events aimed at content it cannot hydrate, at its root. (None
  // of these events scrolls the page, so a passive listener would spare nothing.)
  const listening = new AbortController();
  const stop = () => {
    observer?.disconnect();
    listening.abort();
  };
  const onTouch = () => {
    void wake().then((loaded) => loaded && stop());
  };
  const onEvent = (event: Event) => {
    if (event.target instanceof Node && frame.contains(event.target)) onTouch();
  };
  for (const type of ISLAND_WAKE_EVENTS)
    document.addEventListener(type, onEvent, { capture: true, signal: listening.signal });
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

export interface IslandOptions {
  /** Read once the page is live: true wakes the island at once (e.g. it has state of the visitor's to restore). */
  wakeAtOnce?: () => boolean;
}

/** A region with behaviour that is not needed at once, hydrated when the visitor comes near it or touches it. */
export function island(
  place: RegionPlace,
  load: () => Promise<ComponentType>,
  options: IslandOptions = {},
): StaticRegion {
  return region(place, load, (frame, wake) => watchIsland(frame, wake, options.wakeAtOnce?.() ?? false));
}
