import { expect, type Page, test } from '../support/test.ts';
import { logEntries, openShell, SITE, shellContext } from './shell-helpers.ts';

test.use(shellContext);

/** The preview frame itself (cross-origin to the shell, but Playwright can run code in it). */
function siteFrame(page: Page) {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(SITE));
  if (!frame) throw new Error('no site frame');
  return frame;
}

test.describe('editor shell: errors panel', () => {
  test.beforeEach(async ({ page }) => {
    await openShell(page);
    await expect(logEntries(page, 'app_changed_url')).toHaveCount(1);
  });

  test('an error thrown in the site shows up as app_error in the log and the errors panel', async ({
    page,
  }) => {
    await siteFrame(page).evaluate(() => {
      setTimeout(() => {
        throw new Error('Shell test: boom');
      });
    });
    const panel = page.getByTestId('errors-panel');
    await expect(panel.locator('li[data-type="app_error"]')).toHaveCount(1);
    await expect(panel).toContainText('Shell test: boom');
    await expect(logEntries(page, 'app_error')).toHaveCount(1);

    await page.getByRole('region', { name: 'Errors' }).getByRole('button', { name: 'Clear' }).click();
    await expect(panel.locator('li[data-type="app_error"]')).toHaveCount(0);
    await expect(logEntries(page, 'app_error')).toHaveCount(1);
  });

  test('a failed chunk shows up in the panel as app_error, and in the log as preload-error too', async ({
    page,
  }) => {
    await siteFrame(page).evaluate(() => {
      const error = new Error('Loading chunk 999 failed.');
      error.name = 'ChunkLoadError';
      void Promise.reject(error);
    });
    const panel = page.getByTestId('errors-panel');
    await expect(panel.locator('li[data-type="app_error"]')).toHaveCount(1);
    await expect(panel).toContainText('Loading chunk 999 failed');
    await expect(panel.locator('li[data-type="preload-error"]')).toHaveCount(0);
    await expect(logEntries(page, 'preload-error')).toHaveCount(1);
    await expect(logEntries(page, 'app_error')).toHaveCount(1);
  });
});
