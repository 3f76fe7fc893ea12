import { navPages } from '../../../src/shared/navigation/paths.ts';
import { pagePaths, routePaths } from '../../support/page-paths.ts';
import { expect, test } from '../support/test.ts';

/** Every page's route of the tests' page table (the 404 screen's path aside), and `/Index`, the home page too. */
const pages = [...routePaths.filter((path) => path !== pagePaths.NotFound), '/Index'];

test.describe('routes', () => {
  for (const path of pages) {
    test(`${path} renders its page inside the layout`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Page Not Found')).toHaveCount(0);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }

  test('page names match case-insensitively: /pricing is /Pricing', async ({ page }) => {
    await page.goto('/Pricing');
    const expected = await page.getByRole('heading', { level: 1 }).textContent();
    for (const path of ['/pricing', '/PRICING', '/pricing/']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected ?? '');
    }
  });

  test('an unknown path shows Page Not Found naming the path, and Go Home leads to /', async ({ page }) => {
    const response = await page.goto(pagePaths.NotFound);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(pagePaths.NotFound);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL('http://localhost:4401/');
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
  });

  // Every page the site's table links from the header (the spec's list of them is held by
  // tests/unit/app/layout/primary-nav.test.tsx).
  test('header links navigate without a full reload', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    const nav = page.getByRole('navigation', { name: 'Primary' }).first();
    for (const name of navPages) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(`http://localhost:4401${pagePaths[name]}`);
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page).toHaveTitle(name === 'Pricing' ? /^Pricing: / : /\| Fieldstone Digital$/);
    }
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await nav.getByRole('link', { name: 'Challenges', exact: true }).click();
    await expect(page).toHaveTitle(/^The problems that cost small businesses/);
  });
});
