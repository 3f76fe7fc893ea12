import { expect, test } from '../support/test.ts';
import { openShell, SITE, shellContext, standaloneHeading, watchCspViolations } from './shell-helpers.ts';

test.use(shellContext);

test.describe('editor shell: federated view', () => {
  test('loads ./App through the MF runtime, renders the site and navigates in memory', async ({ page }) => {
    const violations = await watchCspViolations(page);
    const pricingHeading = await standaloneHeading(page, '/Pricing');
    const manifestRequest = page.waitForRequest(`${SITE}/mf-manifest.json`);
    await openShell(page);
    await page.getByRole('button', { name: 'Federated' }).click();
    await manifestRequest;

    const root = page.getByTestId('federated-root');
    // The site's <header> (inside the shell's region, so not a banner landmark here) and its h1.
    await expect(root.locator('header').first()).toBeVisible();
    await expect(root.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The site renders inside the shell's own document, not in a frame.
    expect(
      await page.evaluate(() => Boolean(document.querySelector('[data-testid="federated-root"] header'))),
    ).toBe(true);

    const addressBefore = await page.getByTestId('address-bar').textContent();
    await root.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(root.getByRole('heading', { level: 1 }).first()).toHaveText(pricingHeading);
    await expect(page.getByTestId('federated-location')).toContainText('/Pricing');
    // Memory routing: neither the shell's own URL nor its address bar follow the federated site.
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByTestId('address-bar')).toHaveText(addressBefore ?? '');
    await expect(page.getByTestId('federated-error')).toHaveCount(0);
    expect(violations).toEqual([]);
  });

  test('an unreachable remote shows a clear message with Retry', async ({ page }) => {
    // Allowed when the harness starts (SHELL_REMOTE_ORIGINS in playwright.config.ts), and nothing listens there.
    const manifest = 'http://localhost:1/mf-manifest.json';
    await openShell(page, `?remote=${encodeURIComponent(manifest)}`);
    await page.getByRole('button', { name: 'Federated' }).click();

    const error = page.getByTestId('federated-error');
    await expect(error).toBeVisible({ timeout: 20_000 });
    await expect(error).toContainText('could not be loaded');
    await expect(error).toContainText(manifest);
    await expect(page.getByTestId('federated-root')).toHaveCount(0);

    const retried = page.waitForRequest((request) => request.url() === manifest);
    await error.getByRole('button', { name: 'Retry' }).click();
    await retried;
    await expect(page.getByTestId('federated-error')).toBeVisible({ timeout: 20_000 });
  });

  test('a manifest missing on the site server also shows the message', async ({ page }) => {
    await openShell(page, `?remote=${encodeURIComponent(`${SITE}/no-such/mf-manifest.json`)}`);
    await page.getByRole('button', { name: 'Federated' }).click();
    await expect(page.getByTestId('federated-error')).toBeVisible({ timeout: 20_000 });
  });

  test('a ?remote= on an origin nobody allowed is refused, on screen: the site remote loads', async ({
    page,
  }) => {
    for (const remote of ['https://evil.example/mf-manifest.json', 'http://localhost:4402/remoteEntry.js']) {
      const manifestRequest = page.waitForRequest(`${SITE}/mf-manifest.json`);
      await openShell(page, `?remote=${encodeURIComponent(remote)}`);
      const refusal = page.getByTestId('remote-refusal');
      await expect(refusal).toContainText(`?remote= refused: ${remote} was not loaded`);
      await expect(refusal).toContainText(
        'the federated view loads remotes only from http://localhost:4401, http://localhost:1',
      );
      await page.getByRole('button', { name: 'Federated' }).click();
      await manifestRequest;
      await expect(page.getByTestId('federated-root').locator('header').first()).toBeVisible();
    }
  });

  test('a ?remote= on an allowed origin is followed, without a refusal', async ({ page }) => {
    await openShell(page, `?remote=${encodeURIComponent(`${SITE}/mf-manifest.json`)}`);
    await expect(page.getByTestId('remote-refusal')).toHaveCount(0);
  });
});
