import { expect, type Page, test } from '../support/test.ts';
import { logEntries, openShell, SHELL, SITE, shellContext, watchCspViolations } from './shell-helpers.ts';

test.use(shellContext);

const site = (page: Page) => page.frameLocator('[data-testid="shell-iframe"]');

test.describe('editor shell: iframe view', () => {
  test('the site loads in the iframe with the launch parameters, and reports its first URL', async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    await openShell(page);
    const frame = page.getByTestId('shell-iframe');
    await expect(frame).toHaveAttribute('title', /.+/);
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.origin).toBe(SITE);
    expect(src.searchParams.get('app_id')).toBe('local-app');
    expect(src.searchParams.get('server_url')).toBe(SHELL);
    expect(src.searchParams.has('access_token')).toBe(false);

    await expect(logEntries(page, 'app_changed_url')).toHaveCount(1);
    await expect(logEntries(page, 'app_changed_url').first()).toContainText(`${SITE}/`);
    await expect(page.getByTestId('address-bar')).toHaveText(/^\/$/);
    await expect(site(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the address bar follows navigation from the path field, a click in the site, back and reload', async ({
    page,
  }) => {
    await openShell(page);
    const changes = logEntries(page, 'app_changed_url');
    await expect(changes).toHaveCount(1);

    await page.getByLabel('Path').fill('/Pricing');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect(page.getByTestId('address-bar')).toHaveText('/Pricing');
    await expect(changes).toHaveCount(2);
    await expect(changes.last()).toContainText(`${SITE}/Pricing`);

    await site(page).getByRole('banner').getByRole('link', { name: 'Process', exact: true }).click();
    await expect(page.getByTestId('address-bar')).toHaveText('/Process');
    await expect(changes.last()).toContainText(`${SITE}/Process`);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByTestId('address-bar')).toHaveText('/Pricing');

    const before = await changes.count();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(changes).toHaveCount(before + 1);
    await expect(page.getByTestId('address-bar')).toHaveText('/Pricing');

    await page.getByLabel('Path').fill('//evil.example/x');
    await page.getByRole('button', { name: 'Go' }).click();
    await expect(page.getByRole('alert')).toContainText('Only paths on');
    await expect(page.getByTestId('address-bar')).toHaveText('/Pricing');
  });

  test('device widths resize the iframe', async ({ page }) => {
    await openShell(page);
    const frame = page.getByTestId('shell-iframe');
    for (const width of [390, 768, 1440]) {
      await page
        .getByRole('group', { name: 'Device width' })
        .getByRole('button', { name: String(width) })
        .click();
      await expect.poll(() => frame.evaluate((element) => element.clientWidth)).toBe(width);
    }
  });

  test('signing in as Admin reloads the iframe with a real token that never shows in the shell', async ({
    page,
  }) => {
    await openShell(page);
    await expect(logEntries(page, 'app_changed_url')).toHaveCount(1);
    await page.getByLabel('Account').selectOption({ label: 'Admin' });
    await expect(page.getByTestId('account-status')).toHaveText('Signed in as Admin');

    const frame = page.getByTestId('shell-iframe');
    await expect(frame).toHaveAttribute('src', /access_token=/);
    const token = new URL((await frame.getAttribute('src')) ?? '').searchParams.get('access_token') ?? '';
    expect(token.length).toBeGreaterThan(10);

    // A real token: the emulator knows whose it is.
    const me = await page.request.get(`${SHELL}/api/apps/local-app/entities/User/me`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(me.ok()).toBe(true);
    expect(((await me.json()) as { email: string }).email).toBe('admin@example.com');

    await expect(logEntries(page, 'app_changed_url')).toHaveCount(2);
    const frameUrl =
      page
        .frames()
        .find((candidate) => candidate.url().startsWith(SITE))
        ?.url() ?? '';
    expect(frameUrl).not.toContain('access_token');
    for (const testId of ['bridge-log', 'errors-panel', 'address-bar']) {
      expect(await page.getByTestId(testId).textContent()).not.toContain(token);
    }
    expect(await page.locator('body').textContent()).not.toContain(token);

    const siteFrame = () => page.frames().find((candidate) => candidate.url().startsWith(SITE));
    expect(await siteFrame()?.evaluate(() => localStorage.getItem('base44_access_token'))).toBe(token);

    // Back to Anonymous: a credentialless frame, so the token the site stored does not follow.
    await page.getByLabel('Account').selectOption({ label: 'Anonymous' });
    await expect(frame).not.toHaveAttribute('src', /access_token=/);
    await expect(page.getByTestId('account-status')).toHaveText('Not signed in');
    await expect(logEntries(page, 'app_changed_url')).toHaveCount(3);
    expect(await siteFrame()?.evaluate(() => localStorage.getItem('base44_access_token'))).toBeNull();
  });

  test('Reload reloads the site in the same frame (its sessionStorage survives, as in a browser)', async ({
    page,
  }) => {
    await openShell(page);
    const changes = logEntries(page, 'app_changed_url');
    await expect(changes).toHaveCount(1);
    const siteFrame = () => page.frames().find((candidate) => candidate.url().startsWith(SITE));
    await siteFrame()?.evaluate(() => sessionStorage.setItem('shell-test', 'kept'));
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(changes).toHaveCount(2);
    await expect.poll(() => siteFrame()?.evaluate(() => sessionStorage.getItem('shell-test'))).toBe('kept');
  });

  test('each seeded account can sign in through the emulator', async ({ page }) => {
    await openShell(page);
    for (const label of ['User', 'Outsider']) {
      await page.getByLabel('Account').selectOption({ label });
      await expect(page.getByTestId('account-status')).toHaveText(`Signed in as ${label}`);
      await expect(page.getByTestId('shell-iframe')).toHaveAttribute('src', /access_token=/);
    }
  });
});
