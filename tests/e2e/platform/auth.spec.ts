import { SITE, setSignedOut, signIn } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';

const NOT_REGISTERED =
  'You are not registered to use this application. Please contact the app administrator to request access.';

test.describe('startup auth and roles', () => {
  test('a visitor without a token sees the page at once, with no spinner and no sign-in', async ({
    page,
  }) => {
    await page.goto('/Process');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  });

  test('the admin sees the not-implemented note on the 404 page; a user and a visitor do not', async ({
    page,
    request,
  }) => {
    const adminToken = await signIn(request, 'admin');
    await page.goto(`/missing-admin-page?access_token=${adminToken}`);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('this page may not be implemented yet')).toBeVisible();
    expect(page.url()).not.toContain('access_token');

    await setSignedOut(page);
    const userToken = await signIn(request, 'user');
    await page.goto(`/missing-user-page?access_token=${userToken}`);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('this page may not be implemented yet')).toHaveCount(0);

    await setSignedOut(page);
    await page.goto('/missing-visitor-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByText('this page may not be implemented yet')).toHaveCount(0);
  });

  test('the outsider gets Access Restricted with the exact text', async ({ page, request }) => {
    const token = await signIn(request, 'outsider');
    await page.goto(`/Pricing?access_token=${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Access Restricted' })).toBeVisible();
    await expect(page.getByText(NOT_REGISTERED, { exact: true })).toBeVisible();
  });

  test('a stored token survives a reload; Sign out clears it', async ({ page, request }) => {
    const token = await signIn(request, 'user');
    await page.goto(`/Results?access_token=${token}`);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    const stored = await page.evaluate(() => [
      localStorage.getItem('base44_access_token'),
      localStorage.getItem('token'),
    ]);
    expect(stored).toEqual([null, null]);
    expect(page.url()).toBe(`${SITE}/Results`);
  });
});
