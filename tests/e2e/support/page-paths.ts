/**
 * Every page of the site (docs/requirements.md §2) with a path that opens it, and a path no page has (the 404 screen).
 * PaymentSuccess is opened with a session id, as the payment provider returns to it.
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

/** The same pages as routes: their paths without a query. */
export const routePaths: readonly string[] = Object.values(pagePaths).map((path) => path.split('?')[0]!);
