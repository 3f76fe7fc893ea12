import { type ComponentType, memo, type RefObject, Suspense, use, useEffect, useRef } from 'react';

/**
 * Static regions: partial hydration for the prerendered site.
 *
 * Most of the site is text and pictures with no behaviour, yet hydrating it would ship its code and its texts a second
 * time. A static region is a part of a page (or of the layout) whose code lives in its own chunk:
 * - in a prerendered page, React adopts the rest of the page and leaves the region's server HTML exactly as it is: the
 *   region sits in a Suspense boundary whose content waits, during hydration, for a promise that never settles, so
 *   React keeps the boundary dehydrated (its HTML untouched, no code downloaded);
 * - anywhere else (the page is reached by client-side navigation, the federated `./App`, the dev server), the region
 *   renders from its code, which `preload()` fetches before the page is shown.
 * The frame is memoised on the region (a module-level constant), so that no re-render above reaches a dehydrated
 * boundary (an update would make React drop its HTML). Links inside an adopted region have no React handlers: `routeAdoptedRegionClicks` routes
 * them through the router, so navigation stays client-side.
 *
 * An island (`island.ts`) is a region whose adopted HTML is hydrated later, when the visitor comes near it or touches
 * it: it adds `woken`, `watch` and `onLive` below.
 */
export interface StaticRegion {
  readonly id: string;
  /** Fetches the region's code unless the page's HTML already holds it. */
  preload(): Promise<unknown>;
  /** True when the region can render at once: its HTML is adopted or its code is loaded. */
  ready(): boolean;
  /** The region's component once loaded. */
  loaded(): ComponentType | undefined;
  /** The region's component, fetched once (a failed fetch is tried again next time). */
  fetchCode(): Promise<ComponentType>;
  /** Islands only (`island.ts`): settles with the component once the island is woken (never for a failed fetch). */
  woken?: Promise<ComponentType>;
  /** Islands only: wakes the island when the visitor comes near its frame; returns the clean-up. */
  watch?(frame: HTMLElement): () => void;
  /** Islands only: called once the island's content is live (hydrated or rendered). */
  onLive?(frame: HTMLElement): void;
}

const never: Promise<never> = new Promise(() => {});

/** Regions present in the prerendered HTML that React has not rendered from code (read before hydration). */
const adopted = new Set<string>();
/** Regions currently rendered from their code (their links have React handlers). */
const live = new Set<string>();

/** Notes which regions the prerendered HTML holds; call before `hydrateRoot`. Reads attributes only. */
export function adoptServerRegions(container: ParentNode): void {
  for (const element of container.querySelectorAll<HTMLElement>('[data-region]')) {
    const id = element.dataset.region;
    if (id) adopted.add(id);
  }
}

/** True when `element` sits in a region whose HTML came from the server and has no React handlers. */
export function isInAdoptedRegion(element: Element): boolean {
  const id = element.closest<HTMLElement>('[data-region]')?.dataset.region;
  return id !== undefined && !live.has(id);
}

export function staticRegion(id: string, load: () => Promise<ComponentType>): StaticRegion {
  let Loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const fetchCode = (): Promise<ComponentType> => {
    pending ??= load().then(
      (component) => {
        Loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed chunk is fetched again on the next visit.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    id,
    fetchCode,
    loaded: () => Loaded,
    preload: () => (Loaded || adopted.has(id) ? Promise.resolve() : fetchCode()),
    ready: () => Loaded !== undefined || adopted.has(id),
  };
}

function RegionContent({ region, frame }: { region: StaticRegion; frame: RefObject<HTMLDivElement | null> }) {
  const { id } = region;
  const loaded = region.loaded();
  if (!loaded && typeof window === 'undefined') {
    throw new Error(`Static region "${id}" must be preloaded before it is rendered on the server`);
  }
  const Component = loaded ?? use(adopted.has(id) ? (region.woken ?? never) : region.fetchCode());
  useEffect(() => {
    live.add(id);
    if (frame.current) region.onLive?.(frame.current);
    return () => {
      live.delete(id);
    };
  }, [id, region, frame]);
  return <Component />;
}

/** Renders a static region: nothing of its own but a `display: contents` frame around the region's content. */
export const Region = memo(function Region({ of: region }: { of: StaticRegion }) {
  const frame = useRef<HTMLDivElement>(null);
  // Once the adopted HTML leaves the page (navigation), the region renders from its code on its next visit.
  useEffect(() => () => void adopted.delete(region.id), [region]);
  useEffect(() => {
    const element = frame.current;
    if (!region.watch || !element || live.has(region.id) || region.loaded()) return;
    return region.watch(element);
  }, [region]);
  return (
    <div ref={frame} data-region={region.id} data-island={region.watch ? '' : undefined} className="contents">
      <Suspense fallback={null}>
        <RegionContent region={region} frame={frame} />
      </Suspense>
    </div>
  );
});
