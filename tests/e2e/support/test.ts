/**
 * Playwright's `test`, with one change: `page.goto` to a page of the site (without `waitUntil: 'domcontentloaded'` or
 * `'commit'`) also waits until React has adopted the page. Pages load their scripts after the first paint
 * (src/entries/boot-script.ts), later than the `load` event on a fast machine; tests that act at once then meet the
 * live page, as a person a moment later would. Tests of the page before that moment pass
 * `waitUntil: 'domcontentloaded'`.
 */
import { test as base, expect, type Page } from '@playwright/test';

export * from '@playwright/test';

const SITE_ORIGIN = 'http://localhost:4401';

function isSitePage(url: string): boolean {
  return url.startsWith('/') || url.startsWith(`${SITE_ORIGIN}/`) || url === SITE_ORIGIN;
}

/** A page of the site (not a test fixture served under the site's origin): it has the site's root element. */
async function isSiteDocument(page: Page): Promise<boolean> {
  return (await page.locator('#root').count()) > 0;
}

/**
 * Waits until React has adopted the page, or the page has left the site by itself (e.g. a sign-in redirect right
 * after hydration): there is then nothing of the site left to wait for.
 */
async function untilLiveOrGone(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!page.url().startsWith(`${SITE_ORIGIN}/`)) return true;
        return page.evaluate(() => document.documentElement.dataset.hydrated === 'true').catch(() => false);
      },
      { timeout: 20_000, intervals: [50, 100, 250] },
    )
    .toBe(true);
}

export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const early = options?.waitUntil === 'domcontentloaded' || options?.waitUntil === 'commit';
      const html = response?.headers()['content-type']?.includes('text/html') ?? false;
      if (!early && html && isSitePage(url) && (await isSiteDocument(page))) await untilLiveOrGone(page);
      return response;
    };
    await use(page);
  },
});
