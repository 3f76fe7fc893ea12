/**
 * The token never leaks (docs/security.md, "Token and bridge"): a walk through every page, the checkout (to the payment
 * page and back with Cancel) and Sign out, inside a recording parent frame. The token appears in no message, no request
 * URL (but the launch address itself), no header sent to a host other than the platform, no console line, no uncaught
 * error and no dialog.
 */

import { navPages } from '../../../src/shared/navigation/paths.ts';
import { pagePaths, type TestedPage } from '../../support/page-paths.ts';
import { HARNESS, SITE, signIn } from '../support/harness.ts';
import { expect, type Page, test } from '../support/test.ts';
import { PAGE_LOAD_MS, primaryNav } from './support/fault-scenarios.ts';
import { openRecordedSite, type RecordedSite } from './support/hosted-site.ts';

test.use({ viewport: { width: 1300, height: 850 } });
test.setTimeout(90_000);

/** The pages of the tests' page table that the header does not link to (the home page aside): opened by address. */
const UNLINKED = (Object.keys(pagePaths) as TestedPage[]).filter(
  (name) => name !== 'Index' && !(navPages as readonly string[]).includes(name),
);
const pathname = (path: string) => new URL(path, SITE).pathname;
/** Where the walk goes, in its order: the header's links, Home, then the other pages (the 404 screen among them). */
const WALK = [
  ...navPages.map((name) => pagePaths[name]),
  pagePaths.Index,
  ...UNLINKED.map((name) => pagePaths[name]),
];

/** Visits every page: the header's links in order, Home, then the pages it does not link to, by address. */
async function walkEveryPage(site: RecordedSite): Promise<string[]> {
  const visited: string[] = [];
  const here = () => new URL(site.siteFrame().url()).pathname;
  for (const name of navPages) {
    await primaryNav(site).getByRole('link', { name, exact: true }).click();
    await expect.poll(here).toBe(pathname(pagePaths[name]));
    await expect(site.frame.getByRole('heading', { level: 1 }).first()).toBeVisible();
    visited.push(here());
  }
  await site.frame.getByRole('banner').getByRole('link', { name: /home/i }).first().click();
  await expect.poll(here).toBe(pathname(pagePaths.Index));
  visited.push(here());
  for (const name of UNLINKED) {
    await site.siteFrame().goto(`${SITE}${pagePaths[name]}`);
    await expect(site.frame.getByRole('heading', { level: 1 }).first()).toBeVisible();
    visited.push(here());
  }
  return visited;
}

/** Get Started Now → the payment page (the top window leaves the editor) → Cancel → Pricing. */
async function checkoutAndCancel(page: Page, site: RecordedSite): Promise<void> {
  await site.siteFrame().goto(`${SITE}/Pricing`);
  await site.frame.getByRole('button', { name: 'Get Started Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/cs_test_`), { timeout: PAGE_LOAD_MS });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${SITE}/Pricing`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** Every place the token must not be, as text, with where it was found. */
async function whereTokenShows(site: RecordedSite, token: string, launchUrls: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const message of await site.messages())
    if (JSON.stringify(message).includes(token)) found.push(`postMessage ${message.type}`);
  for (const request of await site.recording.settled()) {
    const launch = launchUrls.some((url) => request.url === url);
    if (!launch && request.url.includes(token)) found.push(`request URL ${request.url.slice(0, 120)}`);
    if (new URL(request.url).origin === HARNESS) continue;
    for (const [name, value] of Object.entries(request.headers))
      if (value.includes(token))
        found.push(`header ${name} of ${request.method} ${request.url.slice(0, 120)}`);
  }
  for (const line of site.recording.console)
    if (line.text.includes(token)) found.push(`console.${line.type} ${line.text.slice(0, 120)}`);
  for (const text of [...site.recording.pageErrors, ...site.recording.dialogs])
    if (text.includes(token)) found.push(`error or dialog ${text.slice(0, 120)}`);
  return found;
}

test('a real token: every page, checkout and back, Sign out — the token shows nowhere', async ({
  page,
  request,
}) => {
  const token = await signIn(request, 'user');
  const launchUrl = `${SITE}/?access_token=${token}`;
  const site = await openRecordedSite(page, `/?access_token=${token}`);
  await expect(site.frame.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: PAGE_LOAD_MS });
  expect(site.siteFrame().url()).toBe(`${SITE}/`);

  const visited = await walkEveryPage(site);
  expect(visited).toEqual(WALK.map(pathname));
  expect(visited).toHaveLength(Object.keys(pagePaths).length);
  await expect(site.frame.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await checkoutAndCancel(page, site);
  // Back in the editor, still signed in (from storage), then Sign out.
  await site.reopen('/Process');
  const signOut = site.frame.getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeVisible({ timeout: PAGE_LOAD_MS });
  await signOut.click();
  await expect(site.frame.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(signOut).toHaveCount(0);
  expect(await site.siteFrame().evaluate(() => localStorage.getItem('base44_access_token'))).toBeNull();

  // The walk really went through the platform with the token (else "not found" would prove nothing).
  const requests = await site.recording.settled();
  const withBearer = requests.filter((r) => r.headers.authorization === `Bearer ${token}`);
  expect(withBearer.map((r) => new URL(r.url).origin)).toEqual(withBearer.map(() => HARNESS));
  expect(withBearer.some((r) => r.url.endsWith('/functions/createCheckout'))).toBe(true);
  expect(withBearer.some((r) => r.url.includes('/log-user-in-app/'))).toBe(true);
  expect((await site.messages()).filter((m) => m.type === 'app_changed_url').length).toBeGreaterThan(8);

  expect(await whereTokenShows(site, token, [launchUrl])).toEqual([]);
  expect(site.recording.pageErrors).toEqual([]);
  expect(await site.appErrors()).toEqual([]);
  expect(site.recording.blocked).toEqual([]);
});

test('a sentinel (unknown) token: cleared, sent to sign in without it in from_url, then the walk shows it nowhere', async ({
  page,
}) => {
  const token = `sentinel-${Date.now().toString(36)}-${'x'.repeat(24)}`;
  // The launch request itself carries the token (that is how the platform opens the site); the hash is not sent.
  const launchUrl = `${SITE}/Process?plan=gold&access_token=${token}`;
  const site = await openRecordedSite(page, `/Process?plan=gold&access_token=${token}#faq`);

  // `me` rejects it: the site clears it and the frame goes to the platform's login, returning here without it.
  const loginFrame = () => page.frames().find((f) => f.url().startsWith(`${HARNESS}/login`));
  await expect.poll(() => Boolean(loginFrame()), { timeout: PAGE_LOAD_MS }).toBe(true);
  const fromUrl = new URL(loginFrame()?.url() ?? '').searchParams.get('from_url');
  expect(fromUrl).toBe(`${SITE}/Process?plan=gold#faq`);

  await site.reopen('/');
  await expect(site.frame.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: PAGE_LOAD_MS });
  expect(await site.siteFrame().evaluate(() => localStorage.getItem('base44_access_token'))).toBeNull();
  await walkEveryPage(site);
  await checkoutAndCancel(page, site);

  const requests = await site.recording.settled();
  expect(requests.some((r) => r.headers.authorization === `Bearer ${token}`)).toBe(true);
  expect(await whereTokenShows(site, token, [launchUrl])).toEqual([]);
  expect(site.recording.pageErrors).toEqual([]);
  expect(await site.appErrors()).toEqual([]);
  expect(site.recording.blocked).toEqual([]);
});

test('the first load sends no Referer with the token to the site server', async ({ page }) => {
  // The HTML asks for its CSS, scripts and images before any script can take the token out of the address bar:
  // `Referrer-Policy: no-referrer` (header and meta) keeps the URL out of those requests.
  const token = `sentinel-referer-${Date.now().toString(36)}`;
  const site = await openRecordedSite(page, `/Pricing?access_token=${token}`);
  await expect(site.frame.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: PAGE_LOAD_MS });
  const requests = await site.recording.settled();
  const leaking = requests
    .filter((r) => r.url.startsWith(`${SITE}/`) && (r.headers.referer ?? '').includes(token))
    .map((r) => r.url);
  expect(leaking).toEqual([]);
});
