/**
 * The page shown for any other path (docs/requirements.md, "Screens and routes"): it names the missing path and offers
 * the way home.
 */
export const notFoundPage = {
  eyebrow: 'Error 404',
  /** The heading, and the page's title (`pageSeo.NotFound`). */
  title: 'Page Not Found',
  /** Around the missing path: "We couldn't find <path>. It may have moved, …". */
  missingBefore: "We couldn't find",
  missingAfter: '. It may have moved, or the address may be mistyped.',
  /** Stands for the path until hydration: the page is prerendered once for every missing path. */
  pathUntilHydrated: 'this page',
  adminNote: 'Admin note: this page may not be implemented yet.',
  goHome: 'Go Home',
} as const;
