import { expect, test } from '../support/test.ts';

test.use({ viewport: { width: 390, height: 844 } });

const bodyOverflow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).overflow);

test('the mobile menu locks body scroll and closes when a link is clicked', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(page.getByRole('navigation', { name: 'Primary' }).first()).toBeHidden();
  await toggle.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(await bodyOverflow(page)).toBe('hidden');
  await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await menu.getByRole('link', { name: 'Results' }).click();
  await expect(page).toHaveURL('http://localhost:4401/Results');
  await expect(menu).toBeHidden();
  expect(await bodyOverflow(page)).not.toBe('hidden');
});

test('Escape closes the menu and gives focus back to the menu button', async ({ page }) => {
  await page.goto('/Pricing');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(toggle).toBeFocused();
  expect(await bodyOverflow(page)).not.toBe('hidden');
});

test('the backdrop closes the menu; Tab stays inside the open menu', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.getByTestId('mobile-menu-backdrop').click({ position: { x: 20, y: 400 } });
  await expect(menu).toBeHidden();
});

test('Book A Call in the mobile menu closes it and scrolls home to the contact section', async ({ page }) => {
  await page.goto('/Solutions');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Book A Call' }).click();
  await expect(page).toHaveURL('http://localhost:4401/');
  await expect(page.locator('#contact')).toBeInViewport();
  expect(await bodyOverflow(page)).not.toBe('hidden');
});
