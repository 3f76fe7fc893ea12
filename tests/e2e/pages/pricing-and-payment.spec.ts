/** The Pricing page's FAQ and checkout button, and the PaymentSuccess screen's order reference. */
import { MONTHLY_SHORT, SETUP_SHORT } from '../../support/spec-figures.ts';
import { expect, test } from '../support/test.ts';
import { openPage, pagePaths, siteConfig } from './page-helpers.ts';

test('FAQ: every question opens and closes from the keyboard', async ({ page }) => {
  await openPage(page, pagePaths.Pricing);
  const items = page.getByTestId('faq-item');
  const count = await items.count();
  expect(count).toBeGreaterThanOrEqual(4);

  const first = items.nth(0);
  await first.locator('summary').focus();
  await expect(first.locator('p')).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('open', '');
  await expect(first.locator('p')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(first).not.toHaveAttribute('open', /.*/);

  // Tab walks from question to question; each opens with Space.
  for (let index = 1; index < count; index++) {
    await page.keyboard.press('Tab');
    await expect(items.nth(index).locator('summary')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(items.nth(index).locator('p')).toBeVisible();
  }
  await expect(page.getByTestId('faq-item').filter({ hasText: 'contract' })).toContainText('30 days notice');
  await expect(page.getByTestId('faq-item').filter({ hasText: 'after I pay' })).toContainText(
    'within 24 hours',
  );
});

test('the first monthly payment’s date is stated beside the price and in the FAQ, as the provider’s page will', async ({
  page,
}) => {
  await openPage(page, pagePaths.Pricing);
  const then = `then ${MONTHLY_SHORT} per month, from one month after you buy`;
  const beside = page.getByTestId('package').getByTestId('price-first-payment');
  await expect(beside).toHaveText(`Pay ${SETUP_SHORT} today, ${then}.`);
  await expect(beside).toBeVisible();
  // Right under the monthly price, in the same column of the card.
  const monthly = await page.getByTestId('price-monthly').boundingBox();
  const line = await beside.boundingBox();
  expect(line && monthly && line.y - (monthly.y + monthly.height)).toBeLessThan(40);
  expect(line && monthly && Math.abs(line.x - monthly.x)).toBeLessThan(2);
  const faq = page.getByTestId('faq-item').filter({ hasText: 'When is the first monthly payment taken?' });
  await faq.locator('summary').click();
  await expect(faq.locator('p')).toContainText(`You pay the ${SETUP_SHORT} setup today, ${then}.`);
  await expect(faq.locator('p')).toContainText('free trial of one month on the monthly plan');
});

test('PaymentSuccess shows the last 12 characters of session_id as the order reference', async ({ page }) => {
  await openPage(page, '/PaymentSuccess?session_id=cs_test_a1b2c3d4e5f6g7h8i9j0');
  await expect(page.getByTestId('order-reference')).toHaveText('e5f6g7h8i9j0');
  await expect(page.locator('main')).not.toContainText('cs_test_a1b2c3d4');
  const email = page.locator('main').getByRole('link', { name: siteConfig.contactEmail });
  await expect(email).toHaveAttribute('href', `mailto:${siteConfig.contactEmail}`);
  await expect(page.locator('main')).toContainText('contact you within 24 hours');
});

test('PaymentSuccess without a session_id shows a fallback line', async ({ page }) => {
  await openPage(page, '/PaymentSuccess');
  await expect(page.getByTestId('order-reference-fallback')).toBeVisible();
  await expect(page.getByTestId('order-reference')).toHaveCount(0);
});

test('PaymentSuccess with markup in session_id shows the fallback, never HTML', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openPage(page, `/PaymentSuccess?session_id=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await expect(page.getByTestId('order-reference-fallback')).toBeVisible();
  await expect(page.locator('main img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('PaymentSuccess with a huge session_id shows only its last 12 characters, without overflow', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  const huge = `cs_live_${'A'.repeat(6000)}tail12chars9`;
  await openPage(page, `/PaymentSuccess?session_id=${huge}`);
  await expect(page.getByTestId('order-reference')).toHaveText('tail12chars9');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('Get Started Now is a real, enabled button', async ({ page }) => {
  await openPage(page, pagePaths.Pricing);
  const button = page.getByTestId('checkout-button');
  await expect(button).toHaveText('Get Started Now');
  await expect(button).toBeEnabled();
  await expect(button).toHaveAttribute('type', 'button');
  await expect(button).toHaveAttribute('aria-busy', 'false');
});

test('Get Started Now reads "Loading...", is disabled and busy while checkout starts', async ({ page }) => {
  await openPage(page, pagePaths.Pricing);
  // Hold the checkout call for a moment so that the loading state can be seen; the call then goes through as is.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/functions/createCheckout', async (route) => {
    await held;
    await route.continue();
  });
  const button = page.getByTestId('checkout-button');
  await button.click();
  await expect(button).toHaveText('Loading...');
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page).not.toHaveURL(/\/Pricing$/, { timeout: 10_000 });
});
