import { HARNESS, SITE, setSettings } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';

test.afterEach(async ({ request }) => {
  await setSettings(request, { requireLogin: false });
});

test('with requireLogin a visitor signs in on the platform and returns to the same page, query and hash', async ({
  page,
  request,
}) => {
  await setSettings(request, { requireLogin: true });
  await page.goto('/Pricing?plan=gold#faq');
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/login\\?from_url=`));
  const fromUrl = new URL(page.url()).searchParams.get('from_url');
  expect(fromUrl).toBe(`${SITE}/Pricing?plan=gold#faq`);

  await page.getByLabel('Email').fill('user@example.com');
  await page.getByLabel('Password').fill('user1234');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(`${SITE}/Pricing?plan=gold#faq`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(page.url()).not.toContain('access_token');
});

test('a rejected stored token is cleared and the visitor is sent to sign in, without a loop', async ({
  page,
  request,
}) => {
  await setSettings(request, { requireLogin: false });
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('base44_access_token', 'expired-token');
    localStorage.setItem('token', 'expired-token');
  });
  await page.goto('/Process');
  await expect(page).toHaveURL(
    new RegExp(`^${HARNESS}/login\\?from_url=${encodeURIComponent(`${SITE}/Process`)}`),
  );
  await page.goto(`${SITE}/Process`);
  await expect(page).toHaveURL(`${SITE}/Process`);
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(`${SITE}/Process`);
});
