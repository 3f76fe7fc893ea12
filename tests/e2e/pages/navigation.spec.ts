/** Every call to action of the marketing pages leads where docs/requirements.md, "Screens and routes" says. */
import { expect, type Page, test } from '../support/test.ts';
import { openPage, pagePaths } from './page-helpers.ts';

async function expectContactInView(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.locator('#contact')).toBeInViewport();
}

const onward = [
  { from: pagePaths.Challenges, name: 'See the Solutions', to: '/Solutions' },
  { from: pagePaths.Challenges, name: 'Book Free Audit', to: '/' },
  { from: pagePaths.Solutions, name: 'See the Results', to: '/Results' },
  { from: pagePaths.Solutions, name: 'Back to Home', to: '/' },
  { from: pagePaths.Results, name: 'See the Process', to: '/Process' },
  { from: pagePaths.Results, name: 'Back to Home', to: '/' },
  { from: pagePaths.Process, name: 'Back to Home', to: '/' },
  { from: pagePaths.PaymentSuccess, name: 'Back to Home', to: '/' },
  { from: pagePaths.Index, name: 'See pricing', to: '/Pricing' },
] as const;

for (const { from, name, to } of onward) {
  test(`${from.split('?')[0]}: "${name}" goes to ${to}`, async ({ page }) => {
    await openPage(page, from);
    await page.locator('main').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === to);
    await expect(page.locator('main h1')).toHaveCount(1);
    // A new page starts at its top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
}

test('Index: "Book a free call" scrolls to the contact section', async ({ page }) => {
  await openPage(page, pagePaths.Index);
  await expect(page.locator('#contact')).not.toBeInViewport();
  await page.getByRole('link', { name: 'Book a free call' }).click();
  await expectContactInView(page);
});

test('Pricing: "Book Free Call" goes to the home page and scrolls to its last section', async ({ page }) => {
  await openPage(page, pagePaths.Pricing);
  await page.getByRole('link', { name: 'Book Free Call' }).click();
  await expectContactInView(page);
  await expect(page.locator('main section').last()).toHaveId('contact');
});

test('every inner page ends with a route onward', async ({ page }) => {
  for (const path of [pagePaths.Challenges, pagePaths.Solutions, pagePaths.Results, pagePaths.Process]) {
    await openPage(page, path);
    const ending = page.locator('main section').last();
    await expect(ending.getByRole('link')).not.toHaveCount(0);
  }
});
