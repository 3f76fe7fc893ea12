import { waitForHydration } from '../support/hydration.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * Partial hydration (src/hydration/region.tsx): a prerendered page keeps the HTML of its static regions, downloads
 * none of their code, and their links still navigate client-side.
 */

type Marked = Window & { marker?: number };

async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as Marked).marker = 1;
  });
}

const sameWindow = (page: Page) => page.evaluate(() => (window as Marked).marker);

/** Records the static-region chunks the page downloads (`content-<name>.<hash>.js`). */
function contentChunks(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const name = request.url().match(/\/assets\/(content-[\w-]+)\.[0-9a-f]+\.js$/)?.[1];
    if (name) requested.push(name);
  });
  return requested;
}

const hydrated = (page: Page) => waitForHydration(page);

const pages = [
  { path: '/', region: 'Index', h1: /Every enquiry answered/ },
  { path: '/Challenges', region: 'Challenges', h1: /./ },
  { path: '/Solutions', region: 'Solutions', h1: /./ },
  { path: '/Results', region: 'Results', h1: /./ },
  { path: '/Process', region: 'Process', h1: /./ },
  { path: '/Pricing', region: 'Pricing', h1: /One package, everything included/ },
];

test.describe('static regions', () => {
  for (const { path, region, h1 } of pages) {
    test(`${path}: keeps its prerendered regions and never downloads their code`, async ({ page }) => {
      const chunks = contentChunks(page);
      await page.goto(path);
      await hydrated(page);
      const regions = page.locator('[data-region]');
      expect(await regions.count()).toBeGreaterThan(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      // Once the other pages are warmed (a few seconds after load), this page's regions and the footer still stay as
      // the server sent them.
      const other = region === 'Challenges' ? 'content-Solutions' : 'content-Challenges';
      await expect.poll(() => chunks.includes(other), { timeout: 15_000 }).toBe(true);
      expect(chunks.filter((chunk) => chunk === `content-${region}` || chunk === 'content-footer')).toEqual(
        [],
      );
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    });
  }

  test('a link inside an adopted region navigates client-side, and coming back renders the region from its code', async ({
    page,
  }) => {
    const chunks = contentChunks(page);
    await page.goto('/');
    await hydrated(page);
    const sectionsBefore = await page.locator('main section').count();
    await markWindow(page);

    await page
      .locator('[data-region="Index"]')
      .getByRole('link', { name: /pricing/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/Pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('One package, everything included');
    expect(await sameWindow(page)).toBe(1);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Every enquiry answered/);
    await expect(page.locator('main section')).toHaveCount(sectionsBefore);
    expect(await sameWindow(page)).toBe(1);
    // The home page's HTML left with the first visit: its regions now come from their chunk.
    expect(chunks).toContain('content-Index');
  });

  test('Book Free Call in an adopted region goes home and scrolls to the contact section, without a reload', async ({
    page,
  }) => {
    await page.goto('/Pricing');
    await hydrated(page);
    await markWindow(page);
    await page
      .locator('[data-region="Pricing-closing"]')
      .getByRole('link', { name: 'Book Free Call' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#contact')).toBeInViewport();
    expect(await sameWindow(page)).toBe(1);
  });

  test('footer links (an adopted region) navigate client-side, also from the keyboard', async ({ page }) => {
    await page.goto('/Results');
    await hydrated(page);
    await markWindow(page);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Process' }).click();
    await expect(page).toHaveURL(/\/Process$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await footer.getByRole('link', { name: 'Solutions' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Solutions$/);
    expect(await sameWindow(page)).toBe(1);
  });

  test('a modified click on a region link is left to the browser (new tab)', async ({ page, context }) => {
    await page.goto('/Challenges');
    await hydrated(page);
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' });
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      link.click({ modifiers: [process.platform === 'darwin' ? 'Meta' : 'Control'] }),
    ]);
    // A new tab starts at about:blank (its load can be over before the link's address commits).
    await tab.waitForURL(/\/Pricing$/, { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/Challenges$/);
    await tab.close();
  });
});
