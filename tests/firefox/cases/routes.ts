/** Case 1: every route renders its page in Firefox and React adopts it, with no error on the way. */
import { hero } from '../../../src/content/home.ts';
import { pageIntros } from '../../../src/content/pages.ts';
import { paymentSuccess } from '../../../src/content/payment-success.ts';
import { pagePaths, type TestedPage } from '../../support/page-paths.ts';
import { headingText, hydrated, type Session } from '../browser.ts';
import { SITE } from '../constants.ts';
import { check, until } from '../wait.ts';

/** The h1 of each page of the tests' page table: a page added to the table needs its heading here (typecheck). */
const headings: Record<TestedPage, string> = {
  Index: hero.title,
  Challenges: pageIntros.Challenges.title,
  Solutions: pageIntros.Solutions.title,
  Results: pageIntros.Results.title,
  Process: pageIntros.Process.title,
  Pricing: pageIntros.Pricing.title,
  PaymentSuccess: paymentSuccess.title,
  NotFound: 'Page Not Found',
};

const routes = (Object.keys(pagePaths) as TestedPage[]).map((name) => ({
  path: pagePaths[name],
  heading: headings[name],
  status: name === 'NotFound' ? 404 : 200,
}));
const sessionId = new URLSearchParams(pagePaths.PaymentSuccess.split('?')[1]).get('session_id') ?? '';

export async function everyRouteHydrates(session: Session): Promise<void> {
  const page = await session.newPage();
  for (const route of routes) {
    const response = await page.goto(`${SITE}${route.path}`);
    check(
      response?.status() === route.status,
      `${route.path}: HTTP ${response?.status()}, expected ${route.status}`,
    );
    await hydrated(page);
    await until(
      `${route.path}: the h1`,
      () => headingText(page),
      (text) => text === route.heading,
    );
    check(
      !(await page.evaluate(() => document.title === '')),
      `${route.path}: the document has no title after hydration`,
    );
  }

  // Text that only the live page writes: the 404 page names the path once hydrated (src/pages/not-found-page.tsx).
  await until(
    '/no-such-page: the 404 page names the missing path',
    () => page.evaluate(() => document.querySelector('main')?.textContent ?? ''),
    (text) => text.includes('/no-such-page'),
  );
  await page.goto(`${SITE}/PaymentSuccess?session_id=${sessionId}`);
  await hydrated(page);
  await until(
    'PaymentSuccess: the order reference is the last 12 characters of session_id',
    () => page.evaluate(() => document.querySelector('[data-testid="order-reference"]')?.textContent ?? null),
    (text) => text === sessionId.slice(-12),
  );
}
