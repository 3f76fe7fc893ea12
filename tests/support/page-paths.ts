/**
 * The tests' own table of the site's pages (docs/requirements.md, "Screens and routes"), written from the spec, not
 * read from the site's code: every page with a path that opens it, and a path no page has (the 404 screen).
 * PaymentSuccess is opened with a session id, as the payment provider returns to it.
 * tests/unit/shared/navigation/paths.page-table.test.ts checks it against the site's page table
 * (src/shared/navigation/paths.ts): a page added to the site and not here fails that test, and every test that goes
 * through the pages (end-to-end, Firefox) reads this one table.
 */
export const pagePaths = {
  Index: '/',
  Challenges: '/Challenges',
  Solutions: '/Solutions',
  Results: '/Results',
  Process: '/Process',
  Pricing: '/Pricing',
  PaymentSuccess: '/PaymentSuccess?session_id=cs_test_a1b2c3d4e5f6g7h8i9j0',
  NotFound: '/no-such-page',
} as const;

export type TestedPage = keyof typeof pagePaths;

/** The same pages as routes: their paths without a query. */
export const routePaths: readonly string[] = Object.values(pagePaths).map((path) => path.split('?')[0]!);

/**
 * The pages the sitemap lists: all but the page a payment returns to (only a buyer has a reason to open it) and the 404
 * screen.
 */
export const listedPaths: readonly string[] = (Object.keys(pagePaths) as TestedPage[])
  .filter((name) => name !== 'PaymentSuccess' && name !== 'NotFound')
  .map((name) => pagePaths[name]);
