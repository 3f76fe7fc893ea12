import { expect, test } from '../support/test.ts';

test('the code of a page that fails to load offers a reload, and the reload recovers', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  let blocked = true;
  let attempts = 0;
  await page.route('**/assets/content-Process.*.js', (route) => {
    if (!blocked) return route.continue();
    attempts++;
    return route.abort();
  });
  const preloadErrors: unknown[] = [];
  await page.exposeFunction('reportPreloadError', (detail: unknown) => preloadErrors.push(detail));
  await page.addInitScript(() => {
    window.addEventListener('preload-error', (event) =>
      (window as unknown as { reportPreloadError(d: unknown): void }).reportPreloadError(
        (event as CustomEvent).detail,
      ),
    );
  });
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Primary' })
    .first()
    .getByRole('link', { name: 'Process' })
    .click();
  const notice = page.getByRole('alert').filter({ hasText: 'Part of the site failed to load' });
  await expect(notice).toBeVisible();
  expect(preloadErrors.length).toBeGreaterThanOrEqual(1);
  // One try by the idle prefetch, one by the visit: a failed chunk is not retried in a loop.
  await page.waitForTimeout(1000);
  expect(attempts).toBeLessThanOrEqual(2);
  blocked = false;
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveURL('http://localhost:4401/Process');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Part of the site failed to load' })).toHaveCount(0);
});
