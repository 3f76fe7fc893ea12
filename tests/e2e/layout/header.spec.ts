import { expect, type Page, test } from '../support/test.ts';

const headerAlpha = (page: Page) =>
  page.getByRole('banner').evaluate((header) => {
    const colour = getComputedStyle(header).backgroundColor;
    if (colour === 'transparent') return 0;
    const parts = colour.match(/[\d.]+/g) ?? [];
    // rgba(r, g, b, a) / lab(l a b / alpha): no alpha component means opaque.
    const alpha = colour.includes('/') || colour.startsWith('rgba') ? Number(parts[parts.length - 1]) : 1;
    return alpha;
  });

test('the header is transparent at the top and opaque once scrolled past 50px', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'false');
  expect(await headerAlpha(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 40));
  await page.waitForTimeout(100);
  await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(() => headerAlpha(page)).toBe(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'false');
});

test('Book A Call from /Pricing lands on / scrolled to the last section', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/Pricing');
  await page.getByRole('banner').getByRole('link', { name: 'Book A Call' }).click();
  await expect(page).toHaveURL('http://localhost:4401/');
  const lastSection = page.locator('main section').last();
  await expect(lastSection).toHaveAttribute('id', 'contact');
  await expect(lastSection).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
});

test('Book A Call on the home page scrolls to the last section', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Book A Call' }).click();
  await expect(page.locator('#contact')).toBeInViewport();
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/Process');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
