/**
 * Shared set-up of the hydration tests: a page is rendered to HTML as the prerender step does (React's server
 * renderer, regions preloaded), put in a container as the browser receives it, then made live by `hydratePage`.
 */
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { vi } from 'vitest';
import { island, type RegionPlace, region, type StaticRegion } from '../../../src/hydration/index.ts';

let count = 0;
/** A place no other test uses (regions are declared once per module, for the life of the page). */
export function freshPlace(part = 'part'): { page: string; part: string } {
  count += 1;
  return { page: `Test${count}`, part };
}

/**
 * The same region twice, as the server and the browser each declare it: the server's copy is loaded (prerendering
 * preloads every region), the browser's loads `component` through `load`, a mock that tells whether and how often the
 * browser fetched the code.
 */
export async function declareTwice(
  place: RegionPlace,
  serverComponent: ComponentType,
  component: ComponentType = serverComponent,
  options?: { island?: boolean; wakeAtOnce?: () => boolean },
): Promise<{ server: StaticRegion; browser: StaticRegion; load: ReturnType<typeof vi.fn> }> {
  const declareOne = (load: () => Promise<ComponentType>) =>
    options?.island ? island(place, load, { wakeAtOnce: options.wakeAtOnce }) : region(place, load);
  const server = declareOne(async () => serverComponent);
  await server.preload();
  const load = vi.fn(async () => component);
  return { server, browser: declareOne(load), load };
}

/** A container holding the prerendered HTML of `page`, attached to the document (as `#root` is). */
export function prerendered(page: ReactNode): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  return container;
}

/** Resolves once `<html data-hydrated>` marks the page live. */
export async function untilHydrated(): Promise<void> {
  await vi.waitFor(() => {
    if (document.documentElement.dataset.hydrated !== 'true') throw new Error('not hydrated yet');
  });
}

/** A promise with its resolve and reject at hand. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/**
 * The errors the page reports as uncaught ones, through `reportError` (which happy-dom lacks: defined here as browsers
 * do, an `error` event on the window, which the site's bridge listens to).
 */
export function reportedErrors(): unknown[] {
  const errors: unknown[] = [];
  window.reportError = (error: unknown) => void window.dispatchEvent(new ErrorEvent('error', { error }));
  window.addEventListener('error', (event) => errors.push(event.error));
  return errors;
}
