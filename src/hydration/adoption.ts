/**
 * Adoption: which regions the prerendered HTML holds, read once before React hydrates (`adoptServerRegions`), and
 * which regions React has since rendered from their code (live).
 */

/** Regions present in the prerendered HTML and not rendered from code, each with its server nodes. */
const adopted = new Map<string, readonly Node[]>();
/** Regions currently rendered from their code (their links have React handlers). */
const live = new Set<string>();

/** Notes which regions the prerendered HTML holds; call before `hydrateRoot`. Keeps references only (no copy). */
export function adoptServerRegions(container: ParentNode): void {
  for (const frame of container.querySelectorAll<HTMLElement>('[data-region]')) {
    const id = frame.dataset.region;
    // Comments are React's Suspense markers (and text separators): not content.
    if (id)
      adopted.set(
        id,
        [...frame.childNodes].filter((node) => node.nodeType !== Node.COMMENT_NODE),
      );
  }
}

export const isAdopted = (id: string): boolean => adopted.has(id);

/** The nodes the server sent for region `id` (empty when it was not adopted). */
export const serverNodes = (id: string): readonly Node[] => adopted.get(id) ?? [];

/** The region's server HTML has left the page (navigation): from now on it renders from its code. */
export const forgetAdopted = (id: string): void => void adopted.delete(id);

export function markLive(id: string): () => void {
  live.add(id);
  return () => void live.delete(id);
}

export const isLive = (id: string): boolean => live.has(id);

/** True when `element` sits in a region whose HTML came from the server and has no React handlers. */
export function isInAdoptedRegion(element: Element): boolean {
  const id = element.closest<HTMLElement>('[data-region]')?.dataset.region;
  return id !== undefined && !live.has(id);
}
