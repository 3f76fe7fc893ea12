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

/**
 * Regions (see `index.ts`): their declaration, their adoption from the prerendered HTML, and their rendering. One file,
 * so that the page's first load carries it as one module.
 */

/**
 * Where a region appears, which is also how pages declare their regions (once, here): on one page (`part` names it
 * among that page's regions; without it the region is the whole page), or in the layout, on every page.
 */
export type RegionPlace = { page: string; part?: string } | { layout: string };

export interface StaticRegion {
  /** `data-region` of its frame: the page's name, `<page>-<part>`, or the layout region's name. */
  readonly id: string;
  /** The page that shows it; none for the layout's regions, which every page shows. */
  readonly page?: string;
  /** Islands only (`island.ts`): wakes the island in `frame` when the visitor nears or touches it; returns the clean-up. */
  readonly watch?: (frame: HTMLElement) => () => void;
  /** Fetches the region's code unless the page's HTML already holds it. */
  preload(): Promise<unknown>;
  /** True when the region can render at once: its HTML is adopted or its code is loaded. */
  ready(): boolean;
  /**
   * What the region's content waits for: its code (fetched once; a failed fetch is tried again next time), or, for an
   * adopted region while React hydrates it, its waking (see the invariant in `index.ts`).
   */
  code(hydrating: boolean): Promise<ComponentType>;
}

// Adoption: read once before React hydrates.

/**
 * Regions present in the prerendered HTML that React has not rendered (their links have no React handlers), each with
 * the nodes the server sent.
 */
const adopted = new Map<string, readonly Node[]>();

/** Notes which regions the prerendered HTML holds; call before `hydrateRoot`. Keeps references only (no copy). */
export function adoptServerRegions(container: ParentNode): void {
  for (const frame of container.querySelectorAll<HTMLElement>('[data-region]')) {
    // Comments are React's Suspense markers (and text separators): not content.
    const nodes = [...frame.childNodes].filter((node) => node.nodeType !== Node.COMMENT_NODE);
    if (frame.dataset.region) adopted.set(frame.dataset.region, nodes);
  }
}

/** True when `element` sits in a region whose HTML came from the server and has no React handlers. */
export function isInAdoptedRegion(element: Element): boolean {
  return adopted.has(element.closest<HTMLElement>('[data-region]')?.dataset.region ?? '');
}

// Declaration.

const declared: StaticRegion[] = [];

/** The regions a page shows: the layout's and its own, as declared so far (a page's are declared by its chunk). */
export const regionsOf = (page: string): StaticRegion[] =>
  declared.filter((region) => region.page === undefined || region.page === page);

/**
 * A part of a page (or of the layout) without behaviour, whose code lives in its own chunk. `watch` makes it an island
 * (`island()` passes it, so that its code stays out of pages without one); `wake` fetches the code and settles the
 * waking: true once loaded. A failure is reported as the page's own uncaught errors are (the site's bridge turns a
 * failed chunk into its reload notice), and tried again by the next wake.
 */
export function region(
  place: RegionPlace,
  load: () => Promise<ComponentType>,
  watch?: (frame: HTMLElement, wake: () => Promise<boolean>) => () => void,
): StaticRegion {
  const page = 'layout' in place ? undefined : place.page;
  const id = 'layout' in place ? place.layout : place.part ? `${place.page}-${place.part}` : place.page;
  let loaded: Promise<ComponentType> | undefined;
  let pending: Promise<ComponentType> | undefined;
  const fetchCode = () =>
    (pending ??= load().then(
      (component) => {
        // Marked as React's `use` marks what it has read, so that it returns the component at once from now on.
        loaded = Object.assign(Promise.resolve(component), { status: 'fulfilled', value: component });
        return component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  let settle: (component: ComponentType) => void;
  const woken = new Promise<ComponentType>((resolve) => {
    settle = resolve;
  });
  let waking: Promise<boolean> | undefined;
  const wake = () =>
    (waking ??= fetchCode().then(
      (component) => {
        settle(component);
        return true;
      },
      (error: unknown) => {
        waking = undefined;
        window.reportError(error);
        return false;
      },
    ));
  const declaredRegion: StaticRegion = {
    id,
    page,
    watch: watch && ((frame) => watch(frame, wake)),
    preload: () => (loaded || adopted.has(id) ? Promise.resolve() : fetchCode()),
    ready: () => loaded !== undefined || adopted.has(id),
    code(hydrating) {
      if (loaded || !adopted.has(id)) return loaded ?? fetchCode();
      // The invariant (index.ts): only while hydrating does React keep the server HTML of a boundary that waits. Any
      // other render of adopted content means React has dropped that HTML: the region fetches its code now.
      if (!hydrating) void wake();
      return woken;
    },
  };
  declared.push(declaredRegion);
  return declaredRegion;
}

/** Presses held buttons again, a task later; a button that left the page meanwhile is skipped. */
export function replay(pressed: readonly HTMLElement[]): void {
  if (!pressed.length) return;
  window.setTimeout(() => {
    for (const element of pressed) {
      if (!element.isConnected) continue;
      // A form sent without a submit button (Enter in its only field) is sent again as such.
      if (element instanceof HTMLFormElement) element.requestSubmit();
      else element.click();
    }
  }, 0);
}

// Rendering.

const subscribeToNothing = () => () => {};
/** True while React hydrates the calling component (only then does it read the server snapshot), else false. */
const useHydrating = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

function RegionContent({ region, frame }: { region: StaticRegion; frame: RefObject<HTMLDivElement | null> }) {
  const Component = use(region.code(useHydrating()));
  const [held, setHeld] = useState<HTMLElement[]>([]);
  useEffect(() => {
    const element = frame.current;
    // Rendered: an island hydrated, or a region rendered from its code after React dropped its HTML.
    adopted.delete(region.id);
    if (region.watch && element) {
      element.dataset.live = '';
      // Presses made inside the island before it was live (held by the boot script) are pressed again once the
      // island's first effects have rendered (a form adopting what was typed): this update is rendered with theirs.
      const claimed = window.__siteBoot?.claim(element) ?? [];
      if (claimed.length) setHeld(claimed);
    }
  }, [region, frame]);
  useEffect(() => replay(held), [held]);
  // The same element every time: React renders this component once more after hydrating it (`useHydrating` changes),
  // and that must not render the region's content again with state its effects have not updated yet.
  return useMemo(() => <Component />, [Component]);
}

/**
 * Shown only when React renders an adopted region from scratch before its code has loaded: the nodes the server sent,
 * moved back in, so that the region is never blank while its code loads.
 */
function ServerNodes({ id }: { id: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => box.current?.replaceChildren(...(adopted.get(id) ?? [])), [id]);
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
    const stopWatching = element && adopted.has(region.id) ? region.watch?.(element) : undefined;
    return () => {
      stopWatching?.();
      // Once the adopted HTML has left the page (navigation), the region renders from its code on its next visit. (A
      // frame still on the page is React's Strict Mode trying the effect twice.)
      if (!element?.isConnected) adopted.delete(region.id);
    };
  }, [region]);
  return (
    <div ref={frame} data-region={region.id} data-island={region.watch ? '' : undefined} className="contents">
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
