/**
 * The editor's side of the preview protocol that the platform's own preview code speaks (docs/platform-api.md, "Parent
 * frame messages"), in the editor shell: a page that fails to load reaches the errors panel as `app_error`, the
 * "rendered" signal arrives once per load, the editor's `refresh-page` reloads the site and a stranger's does nothing,
 * and `clear_access_token=true` makes the site forget its stored token.
 */
import { expect, type Page, test } from '../support/test.ts';
import { logEntries, openShell, SITE, shellContext } from './shell-helpers.ts';

test.use(shellContext);

/** The preview frame itself (cross-origin to the shell, but Playwright can run code in it). */
function siteFrame(page: Page) {
  const frame = page.frames().find((candidate) => candidate.url().startsWith(SITE));
  if (!frame) throw new Error('no site frame');
  return frame;
}

const preview = (page: Page) => page.frameLocator('[data-testid="shell-iframe"]');
const rendered = (page: Page) => page.getByTestId('rendered-status');

/** The shell, with the site live in its frame (its bridge installed: it has said it rendered). */
async function openLiveShell(page: Page): Promise<void> {
  await openShell(page);
  await expect(rendered(page)).toHaveText('Rendered · onMounted ×1', { timeout: 20_000 });
}

/** Marks the current document of the preview: a reload (a new document) loses the mark. */
async function markDocument(page: Page): Promise<void> {
  await siteFrame(page).evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}
const sameDocument = (page: Page) =>
  siteFrame(page).evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.describe('editor shell: the preview protocol', () => {
  test('the rendered signal: sandbox:onMounted once, not again on navigation inside the site', async ({
    page,
  }) => {
    await openShell(page);
    await expect(rendered(page)).toHaveText('Rendered · onMounted ×1', { timeout: 20_000 });
    await expect(logEntries(page, 'sandbox:onMounted')).toHaveCount(1);
    await preview(page)
      .getByRole('navigation', { name: 'Primary' })
      .first()
      .getByRole('link', { name: 'Pricing' })
      .click();
    await expect(page.getByTestId('address-bar')).toHaveText('/Pricing');
    await page.waitForTimeout(500);
    await expect(logEntries(page, 'sandbox:onMounted')).toHaveCount(1);
    await expect(logEntries(page, 'sandbox:onUnmounted')).toHaveCount(0);
    await expect(rendered(page)).toHaveText('Rendered · onMounted ×1');
  });

  test('a page whose code fails to load shows in the errors panel as app_error', async ({ page }) => {
    await page.route('**/assets/content-Process.*.js', (route) => route.abort());
    await openLiveShell(page);
    await preview(page)
      .getByRole('navigation', { name: 'Primary' })
      .first()
      .getByRole('link', { name: 'Process' })
      .click();
    // The site offers its visitor a reload...
    await expect(
      preview(page).getByRole('alert').filter({ hasText: 'Part of the site failed to load' }),
    ).toBeVisible();
    // ...and the editor hears of it the way the platform's editor listens: app_error.
    const panel = page.getByTestId('errors-panel');
    await expect(panel.locator('li[data-type="app_error"]').first()).toContainText(/Loading chunk .*failed/);
    await expect(panel.locator('li[data-type="preload-error"]')).toHaveCount(0);
    // The bridge log has both: preload-error (the spec's event) beside app_error.
    await expect(logEntries(page, 'preload-error').first()).toContainText('content-Process');
    await expect(logEntries(page, 'app_error').first()).toContainText('content-Process');
  });

  test('Send refresh-page: the site reloads itself, and says it has gone and rendered again', async ({
    page,
  }) => {
    await openLiveShell(page);
    await markDocument(page);
    const changes = logEntries(page, 'app_changed_url');
    await expect(changes).toHaveCount(1);
    await page.getByRole('button', { name: 'Send refresh-page' }).click();
    await expect(logEntries(page, 'sandbox:onUnmounted')).toHaveCount(1);
    await expect(rendered(page)).toHaveText('Rendered · onMounted ×2', { timeout: 20_000 });
    await expect(changes).toHaveCount(2);
    expect(await sameDocument(page)).toBe(false);
    const navigation = await siteFrame(page).evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type,
    );
    expect(navigation).toBe('reload');
  });

  test('refresh-page from anyone but the editor does nothing', async ({ page }) => {
    await openLiveShell(page);
    await markDocument(page);
    const refresh = { type: 'refresh-page' };

    // A page of another origin, opened by the shell: it can reach the preview frame through its opener.
    // A page of the editor's own origin, but another window than the preview's parent.
    for (const stranger of [
      'http://127.0.0.1:4400/__harness/health',
      'http://localhost:4400/__harness/health',
    ]) {
      const popupOpened = page.waitForEvent('popup');
      await page.evaluate((url) => {
        window.open(url, '_blank');
      }, stranger);
      const popup = await popupOpened;
      await popup.waitForLoadState();
      await popup.evaluate((message) => {
        const opener = window.opener as Window | null;
        if (!opener || opener.frames.length < 1) throw new Error('no preview frame to reach');
        opener.frames[0]?.postMessage(message, '*');
      }, refresh);
      await popup.close();
    }
    // The site's own window, posting to itself.
    await siteFrame(page).evaluate((message) => window.postMessage(message, '*'), refresh);

    await page.waitForTimeout(1500);
    expect(await sameDocument(page)).toBe(true);
    await expect(logEntries(page, 'sandbox:onUnmounted')).toHaveCount(0);
    await expect(rendered(page)).toHaveText('Rendered · onMounted ×1');

    // The editor's own request still works afterwards.
    await page.getByRole('button', { name: 'Send refresh-page' }).click();
    await expect(rendered(page)).toHaveText('Rendered · onMounted ×2', { timeout: 20_000 });
    expect(await sameDocument(page)).toBe(false);
  });

  test('Forget token: launched with clear_access_token=true, the site forgets its token and the address drops it', async ({
    page,
  }) => {
    await openLiveShell(page);
    await page.getByLabel('Account').selectOption({ label: 'User' });
    await expect(page.getByTestId('account-status')).toHaveText('Signed in as User');
    await expect(preview(page).getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 20_000 });
    const stored = () =>
      siteFrame(page).evaluate(() => [
        localStorage.getItem('base44_access_token'),
        localStorage.getItem('token'),
      ]);
    const [token] = await stored();
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Forget token' }).click();
    const src = new URL((await page.getByTestId('shell-iframe').getAttribute('src')) ?? '');
    expect(src.searchParams.get('clear_access_token')).toBe('true');
    expect(src.searchParams.get('access_token')).toBeNull();
    await expect(rendered(page)).toHaveText('Rendered · onMounted ×1', { timeout: 20_000 });
    await expect(page.getByTestId('account-status')).toHaveText('Not signed in');

    // The same frame storage, now without the token: the site shows a visitor who is not signed in.
    expect(await stored()).toEqual([null, null]);
    await expect(preview(page).getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    // Out of the address bar, and out of what the site tells the editor.
    expect(siteFrame(page).url()).not.toContain('clear_access_token');
    await expect(logEntries(page, 'app_changed_url').last()).not.toContainText('clear_access_token');
    await expect(page.getByTestId('address-bar')).toHaveText('/');
  });
});
