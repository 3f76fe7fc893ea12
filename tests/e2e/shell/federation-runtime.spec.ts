import { expect, test } from '../support/test.ts';
import { openShell, SITE, shellContext } from './shell-helpers.ts';

test.use(shellContext);

const federationFile = /\/(remoteEntry\.js|mf-manifest\.json)(\?|$)/;

test('the standalone site loads no federation runtime; the shell federated view does', async ({ page }) => {
  const standaloneRequests: string[] = [];
  page.on('request', (request) => standaloneRequests.push(request.url()));
  await page.goto(`${SITE}/`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(standaloneRequests.filter((url) => federationFile.test(url))).toEqual([]);
  expect(await page.evaluate(() => '__FEDERATION__' in globalThis)).toBe(false);

  const shellRequests: string[] = [];
  page.on('request', (request) => shellRequests.push(request.url()));
  await openShell(page);
  await page.getByRole('button', { name: 'Federated' }).click();
  await expect(page.getByTestId('federated-root').locator('header').first()).toBeVisible();
  expect(shellRequests).toContain(`${SITE}/mf-manifest.json`);
  expect(await page.evaluate(() => '__FEDERATION__' in globalThis)).toBe(true);
});
