import { type ComponentType, memo, Suspense, use, useEffect } from 'react';

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
 * The frame is memoised and takes no props, so that no re-render above reaches a dehydrated boundary (an update would
 * make React drop its HTML). Links inside an adopted region have no React handlers: `routeAdoptedRegionClicks` routes
 * them through the router, so navigation stays client-side.
 */
export interface StaticRegion {
  readonly id: string;
  /** The region in the tree; renders nothing of its own but a `display: contents` frame. */
  readonly Region: ComponentType;
  /** Fetches the region's code unless the page's HTML already holds it. */
  preload(): Promise<unknown>;
  /** True when the region can render at once: its HTML is adopted or its code is loaded. */
  ready(): boolean;
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

  function Content() {
    if (!Loaded && typeof window === 'undefined') {
      throw new Error(`Static region "${id}" must be preloaded before it is rendered on the server`);
    }
    const Component = Loaded ?? use(adopted.has(id) ? never : fetchCode());
    useEffect(() => {
      live.add(id);
      return () => {
        live.delete(id);
      };
    }, []);
    return <Component />;
  }

  const Region = memo(function StaticRegionFrame() {
    // Once the adopted HTML leaves the page (navigation), the region renders from its code on its next visit.
    useEffect(() => () => void adopted.delete(id), []);
    return (
      <div data-region={id} className="contents">
        <Suspense fallback={null}>
          <Content />
        </Suspense>
      </div>
    );
  });

  return {
    id,
    Region,
    preload: () => (Loaded || adopted.has(id) ? Promise.resolve() : fetchCode()),
    ready: () => Loaded !== undefined || adopted.has(id),
  };
}
