import type { ComponentType } from 'react';
import { regionsOf } from './region.tsx';

/** How long after the page has started that other pages are warmed: the first seconds belong to the page itself. */
const PREFETCH_AFTER_MS = 4000;

export interface PageLoader<Name extends string> {
  /**
   * Loads a page's chunk and the code of its regions (and the layout's) that the page's HTML does not hold. A region
   * adopted from the HTML needs its code once that HTML is gone (the visitor comes back to the page later), so a page
   * whose regions are no longer ready is loaded again. A failed load stays failed (so that a render reading it throws
   * to the error boundary instead of retrying in a loop) until `forgetFailedPages()`.
   */
  loadPage(name: Name): Promise<ComponentType>;
  /** The page when its chunk and the code its regions need are loaded, else undefined. */
  loadedPage(name: Name): ComponentType | undefined;
  /** Lets the next `loadPage` of a page whose chunk failed try the network again. */
  forgetFailedPages(): void;
  /**
   * Warms every page's chunk, so that later navigation does not wait for the network: once the page has had its first
   * seconds to itself (the visitor's first taps and scrolls meet a free main thread), when the browser is idle.
   */
  prefetchPages(): void;
}

/**
 * The pages of a site, each loaded by its own function (its chunk, or `staticPage`); the regions each page needs are
 * the ones it declared (`region({ page })`) plus the layout's.
 */
export function pageLoader<Name extends string>(
  loaders: Record<Name, () => Promise<ComponentType>>,
): PageLoader<Name> {
  const pending = new Map<Name, Promise<ComponentType>>();
  const loaded = new Map<Name, ComponentType>();
  const failed = new Set<Name>();
  const inFlight = new Set<Name>();

  const loadedPage = (name: Name): ComponentType | undefined => {
    const page = loaded.get(name);
    return page && regionsOf(name).every((region) => region.ready()) ? page : undefined;
  };
  const forgetFailedPages = () => {
    for (const name of failed) pending.delete(name);
    failed.clear();
  };
  const loadPage = (name: Name): Promise<ComponentType> => {
    let promise = pending.get(name);
    const stale = loaded.has(name) && !inFlight.has(name) && !failed.has(name) && !loadedPage(name);
    if (!promise || stale) {
      inFlight.add(name);
      promise = loaders[name]().then(async (page) => {
        // The page's chunk has declared its regions by now.
        await Promise.all(regionsOf(name).map((region) => region.preload()));
        loaded.set(name, page);
        return page;
      });
      promise.then(
        () => inFlight.delete(name),
        () => {
          inFlight.delete(name);
          failed.add(name);
        },
      );
      pending.set(name, promise);
    }
    return promise;
  };
  const prefetchPages = () => {
    const run = () => {
      for (const name of Object.keys(loaders) as Name[]) {
        // A failed prefetch is forgotten at once: the visit to that page will try again.
        void loadPage(name).catch(forgetFailedPages);
      }
    };
    const whenIdle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 4000 });
      else run();
    };
    window.setTimeout(whenIdle, PREFETCH_AFTER_MS);
  };
  return { loadPage, loadedPage, forgetFailedPages, prefetchPages };
}
