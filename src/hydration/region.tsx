import {
  type ComponentType,
  memo,
  type RefObject,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { forgetAdopted, isAdopted, isLive, markLive, serverNodes } from './adoption.ts';
import { watchIsland } from './island.ts';
import { replay } from './presses.ts';

/**
 * Where a region appears, which is also how pages declare their regions (once, here): on one page (`part` names it
 * among that page's regions; without it the region is the whole page), or in the layout, on every page.
 */
export type RegionPlace = { page: string; part?: string } | { layout: string };

export interface IslandOptions {
  /** Read once the page is live: true wakes the island at once (e.g. it has state of the visitor's to restore). */
  wakeAtOnce?: () => boolean;
}

export interface StaticRegion {
  /** `data-region` of its frame: the page's name, `<page>-<part>`, or the layout region's name. */
  readonly id: string;
  /** Islands only (`island.ts`): woken when the visitor comes near or touches them. */
  readonly island?: IslandOptions;
  /** Fetches the region's code unless the page's HTML already holds it. */
  preload(): Promise<unknown>;
  /** True when the region can render at once: its HTML is adopted or its code is loaded. */
  ready(): boolean;
  /** The region's component once loaded. */
  loaded(): ComponentType | undefined;
  /** The region's component, fetched once (a failed fetch is tried again next time). */
  fetchCode(): Promise<ComponentType>;
  /** Settles with the component once the region has been woken and its code has loaded; never rejects. */
  readonly woken: Promise<ComponentType>;
  /** Fetches the code and settles `woken`: true once loaded; a failure is reported and tried again on the next wake. */
  wake(): Promise<boolean>;
}

let reportError: (error: unknown) => void = (error) => console.error(error);

/** Where a region whose code failed to load while adopted is reported (the site offers a reload). */
export function onRegionError(report: (error: unknown) => void): void {
  reportError = report;
}

const layoutRegions: StaticRegion[] = [];
const pageRegions = new Map<string, StaticRegion[]>();

/** The regions a page shows: the layout's and its own, as declared so far (a page's are declared by its chunk). */
export function regionsOf(page: string): readonly StaticRegion[] {
  return [...layoutRegions, ...(pageRegions.get(page) ?? [])];
}

function declare(
  place: RegionPlace,
  load: () => Promise<ComponentType>,
  island?: IslandOptions,
): StaticRegion {
  const id = 'layout' in place ? place.layout : place.part ? `${place.page}-${place.part}` : place.page;
  let Loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const fetchCode = (): Promise<ComponentType> => {
    pending ??= load().then(
      (component) => {
        Loaded = component;
        // Read by React's `use`, which then returns the component at once instead of suspending for a tick.
        Object.assign(fetched, { status: 'fulfilled', value: component });
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    const fetched = pending;
    return pending;
  };
  let settle: (component: ComponentType) => void = () => {};
  const woken = new Promise<ComponentType>((resolve) => {
    settle = resolve;
  });
  let waking: Promise<boolean> | undefined;
  const wake = (): Promise<boolean> => {
    waking ??= fetchCode().then(
      (component) => {
        settle(component);
        return true;
      },
      (error: unknown) => {
        waking = undefined;
        reportError(error);
        return false;
      },
    );
    return waking;
  };
  const region: StaticRegion = {
    id,
    island,
    fetchCode,
    woken,
    wake,
    loaded: () => Loaded,
    preload: () => (Loaded || isAdopted(id) ? Promise.resolve() : fetchCode()),
    ready: () => Loaded !== undefined || isAdopted(id),
  };
  if ('layout' in place) layoutRegions.push(region);
  else pageRegions.set(place.page, [...(pageRegions.get(place.page) ?? []), region]);
  return region;
}

/** A part of a page (or of the layout) without behaviour, whose code lives in its own chunk (see `index.ts`). */
export function region(place: RegionPlace, load: () => Promise<ComponentType>): StaticRegion {
  return declare(place, load);
}

/** A region with behaviour that is not needed at once, hydrated when the visitor comes near it or touches it. */
export function island(
  place: RegionPlace,
  load: () => Promise<ComponentType>,
  options: IslandOptions = {},
): StaticRegion {
  return declare(place, load, options);
}

const subscribeToNothing = () => () => {};
/** True while React hydrates the calling component (only then does it read the server snapshot), else false. */
const useHydrating = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

function RegionContent({ region, frame }: { region: StaticRegion; frame: RefObject<HTMLDivElement | null> }) {
  const hydrating = useHydrating();
  const { id } = region;
  const loaded = region.loaded() !== undefined;
  if (!loaded && typeof window === 'undefined') {
    throw new Error(`Static region "${id}" must be preloaded before it is rendered on the server`);
  }
  // The invariant (index.ts): only while hydrating does React keep the server HTML of a boundary that waits. Any other
  // render of adopted content means React has dropped that HTML: the region fetches its code now.
  if (!loaded && isAdopted(id) && !hydrating) void region.wake();
  const Component = use(!loaded && isAdopted(id) ? region.woken : region.fetchCode());
  const [held, setHeld] = useState<readonly HTMLElement[]>([]);
  useEffect(() => {
    const unmark = markLive(id);
    const element = frame.current;
    if (region.island && element) {
      element.dataset.live = '';
      // Presses made inside the island before it was live (held by the boot script) are pressed again once the
      // island's first effects have rendered (a form adopting what was typed): this update is rendered with theirs.
      const claimed = window.__siteBoot?.claim(element) ?? [];
      if (claimed.length) setHeld(claimed);
    }
    return unmark;
  }, [id, region, frame]);
  useEffect(() => replay(held), [held]);
  // The same element every time: React re-renders this component once after hydrating it (`useHydrating` changes),
  // and that must not re-render the region's content with state its effects have not updated yet.
  return useMemo(() => <Component />, [Component]);
}

/**
 * Shown only when React renders an adopted region from scratch before its code has loaded: the nodes the server sent,
 * moved back in, so that the region is never blank while its code loads.
 */
function ServerNodes({ id }: { id: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const nodes = serverNodes(id);
    if (nodes.length) box.current?.replaceChildren(...nodes);
  }, [id]);
  return <div ref={box} className="contents" />;
}

/**
 * Renders a region: nothing of its own but a `display: contents` frame around its content. `memo` spares the region
 * re-renders it does not need; it is not what keeps adopted HTML on the page (the invariant in `index.ts` is).
 */
export const Region = memo(function Region({ of: region }: { of: StaticRegion }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    // Once the adopted HTML has left the page (navigation), the region renders from its code on its next visit. (A
    // frame still on the page is React's Strict Mode trying the effect twice.)
    return () => {
      if (!element?.isConnected) forgetAdopted(region.id);
    };
  }, [region]);
  useEffect(() => {
    const element = frame.current;
    if (!region.island || !element || isLive(region.id) || region.loaded()) return;
    return watchIsland(element, region.wake, region.island.wakeAtOnce?.() ?? false);
  }, [region]);
  return (
    <div
      ref={frame}
      data-region={region.id}
      data-island={region.island ? '' : undefined}
      className="contents"
    >
      <Suspense fallback={<ServerNodes id={region.id} />}>
        <RegionContent region={region} frame={frame} />
      </Suspense>
    </div>
  );
});

/** A page with no behaviour of its own: one region (its id is the page's name), and no page chunk at all. */
export function staticPage(page: string, load: () => Promise<ComponentType>): () => Promise<ComponentType> {
  const content = region({ page }, load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page, when the page table is built.
  const Page = () => <Region of={content} />;
  return () => Promise.resolve(Page);
}
