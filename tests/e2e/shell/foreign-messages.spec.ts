import { expect, type Page, test } from '../support/test.ts';
import { logEntries, openShell, SITE, shellContext } from './shell-helpers.ts';

test.use(shellContext);

const spoof = { type: 'app_changed_url', url: `${SITE}/Spoofed` };

/** Opens a popup on `url` from the shell and posts the spoofed message to the shell from it. */
async function postFromPopup(page: Page, url: string): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await page.evaluate((target) => {
    window.open(target, '_blank');
  }, url);
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await popup.evaluate((message) => {
    if (!window.opener) throw new Error('the popup has no opener');
    (window.opener as Window).postMessage(message, '*');
  }, spoof);
  await popup.close();
}

test.describe('editor shell: messages from anyone but the preview frame are ignored', () => {
  test.beforeEach(async ({ page }) => {
    await openShell(page);
    await expect(logEntries(page, 'app_changed_url')).toHaveCount(1);
  });

  test('from a window on a foreign origin', async ({ page }) => {
    await postFromPopup(page, 'http://127.0.0.1:4400/__harness/health');
    const ignored = logEntries(page, 'ignored');
    await expect(ignored).toHaveCount(1);
    await expect(ignored).toContainText('not sent by the preview frame');
    await expect(ignored).toContainText('http://127.0.0.1:4400');
    await expect(logEntries(page, 'app_changed_url')).toHaveCount(1);
    await expect(page.getByTestId('address-bar')).toHaveText('/');
  });

  test("from another window on the site's own origin", async ({ page }) => {
    // A page of the site's origin that is not the preview frame (served here, so that it keeps its opener).
    await page
      .context()
      .route(`${SITE}/__spoof`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>spoof</title>' }),
      );
    await postFromPopup(page, `${SITE}/__spoof`);
    await expect(logEntries(page, 'ignored')).toHaveCount(1);
    await expect(logEntries(page, 'app_changed_url')).toHaveCount(1);
    await expect(page.getByTestId('address-bar')).toHaveText('/');
  });

  test('from the shell window itself', async ({ page }) => {
    await page.evaluate((message) => window.postMessage(message, '*'), spoof);
    await expect(logEntries(page, 'ignored')).toHaveCount(1);
    await expect(logEntries(page, 'app_changed_url')).toHaveCount(1);
    await expect(page.getByTestId('address-bar')).toHaveText('/');
  });
});
