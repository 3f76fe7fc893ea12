/**
 * # Hydration: how a prerendered page becomes live with as little JavaScript as React allows
 *
 * Every page is prerendered (`scripts/prerender.mjs`), so its HTML is the final content. In the browser:
 * 1. The HTML carries, inline in its head, the CSS of its first screen and one small script, the boot script (a
 *    build entry of its own, `src/entries/boot-script.ts`, inlined with its CSP hash), which takes the launch token,
 *    holds presses made before React listens, and once the page has painted loads the full stylesheet, the page's
 *    chunk, React and the main script.
 * 2. The main script calls `hydratePage` (`start.tsx`): it notes which regions the HTML holds (adoption), waits for
 *    the page's chunk (`pageLoader`) and the full stylesheet, and lets React adopt the page in a transition.
 * 3. A region (`region()`, rendered by `<Region of>`) is a part of a page or of the layout without behaviour, whose
 *    code lives in its own chunk. Pages declare their regions once, by naming the page in `region({ page })`; the
 *    page loader fetches the code of a page's regions with the page, unless the HTML already holds them. In adopted
 *    HTML a region's content waits, while React hydrates, for a promise that settles only when the region is woken,
 *    so React leaves its Suspense boundary dehydrated: the HTML stays as the server sent it and its code is never
 *    downloaded. Links in it are routed client-side by one capture listener (`useAdoptedRegionLinks`).
 * 4. An island (`island()`) is a region with behaviour that is not needed at once: it is woken (its code fetched,
 *    its boundary hydrated) when the visitor comes near it or touches it (`island.ts`).
 *
 * ## The one invariant: an adopted region shows its server HTML or its rendered code, never nothing
 * React keeps a dehydrated boundary's HTML only while it is hydrating it. Any other render of that boundary (an update
 * or a context change reaching it before it hydrated, a hydration error) makes React drop the HTML and render the
 * boundary from scratch. So a region's content waits for its code only while React hydrates (`useHydrating`); in any
 * other render it wakes the region (fetches its code), and until the code is there the Suspense fallback shows the
 * very nodes the server sent. `memo` on `Region` only saves work.
 *
 * ## Presses: which are React's and which are ours
 * - Before any script ran (React not listening yet): ours. The boot script holds the press (a form is not submitted to
 *   the address bar), and `hydratePage` presses the button again once the page is live (`presses.ts`).
 * - After `hydrateRoot`, on content whose code is loaded: React's own. A discrete event aimed at a dehydrated boundary
 *   makes React hydrate it synchronously and dispatch the event to the new handlers.
 * - Inside an island whose code has not loaded yet: ours. React 19 cannot hydrate it synchronously then, and it does
 *   not queue discrete events: it stops the event (react-dom-client 19.3, `dispatchEvent`). The boot script keeps
 *   holding presses inside `[data-island]:not([data-live])`, and the island presses them again once live.
 * - Links inside adopted regions: plain links until the app listens, then routed client-side (`adopted-links.ts`).
 * Text typed into an island before it is live stays in its inputs (the island's component adopts it).
 */
export { useAdoptedRegionLinks } from './adopted-links.ts';
export { type IslandOptions, island } from './island.ts';
export { type PageLoader, pageLoader } from './page-loader.ts';
export { Region, type RegionPlace, region, type StaticRegion, staticPage } from './region.tsx';
export { hydratePage } from './start.tsx';
