/**
 * docs/security.md, "Token and bridge" / issue 23 finding 1: reading, keeping and removing the launch token are one
 * step, taken by the first script the page runs (the boot script, inline in the page's head) before the first paint. A
 * visitor who follows a link (prerendered links are plain links until the page is live) or reloads at once stays signed
 * in, and no history entry keeps the token.
 */
import type { Page } from '@playwright/test';
import { accounts, HARNESS, SITE, signIn } from '../support/harness.ts';
import { waitForHydration } from '../support/hydration.ts';
import { expect, test } from '../support/test.ts';

/** Holds every script file of the site until `release()`: only the inline boot script runs meanwhile. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const storedTokens = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('base44_access_token'), localStorage.getItem('token')]);

const isLive = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

test('signed in through the login page, a link followed before any app script runs keeps the visitor signed in', async ({
  page,
}) => {
  const release = await holdAppScripts(page);
  await page.goto(`${HARNESS}/login?from_url=${encodeURIComponent(`${SITE}/Pricing`)}`);
  await page.getByLabel('Email').fill(accounts.user.email);
  await page.getByLabel('Password').fill(accounts.user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Back on the site, the token already out of the address bar and in storage; the app's scripts are still held.
  await page.waitForURL(`${SITE}/Pricing`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const [stored] = await storedTokens(page);
  expect(stored).toBeTruthy();
  expect(await isLive(page)).toBe(false);

  // At once: a plain link of the prerendered page.
  await page.getByRole('banner').getByRole('link', { name: 'Process', exact: true }).click();
  await page.waitForURL(`${SITE}/Process`, { waitUntil: 'commit' });
  release();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await storedTokens(page)).toEqual([stored, stored]);

  // The history entry of the page the token came to holds the address without it.
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(`${SITE}/Pricing`);
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a reload before any app script runs keeps the visitor signed in', async ({ page }) => {
  const release = await holdAppScripts(page);
  const token = await signIn(page.request, 'user');
  await page.goto(`/Results?access_token=${token}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.reload({ waitUntil: 'commit' });
  await expect(page).toHaveURL(`${SITE}/Results`);
  release();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('the token is out of the address bar, and stored, before the first paint and before any other script runs', async ({
  page,
}) => {
  // No script file is ever answered: only the page's inline script can run.
  await page.route('**/assets/*.js', () => {});
  await page.addInitScript(() => {
    const seen: Record<string, string> = {};
    (window as unknown as { __seen: Record<string, string> }).__seen = seen;
    // When the parser starts the body (nothing can be painted before), and in the first animation frame (before the
    // first paint).
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      seen.body = location.href;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
    requestAnimationFrame(() => {
      seen.frame = location.href;
    });
  });
  const token = await signIn(page.request, 'user');
  await page.goto(`/Pricing?plan=gold&access%5Ftoken=${token}&x=%2B+y#faq&access_token=decoy`, {
    waitUntil: 'commit',
  });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const clean = `${SITE}/Pricing?plan=gold&x=%2B+y#faq`;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __seen: object }).__seen))
    .toEqual({
      body: clean,
      frame: clean,
    });
  expect(page.url()).toBe(clean);
  // The first copy was read and kept, under both storage keys.
  expect(await storedTokens(page)).toEqual([token, token]);
  expect(await isLive(page)).toBe(false);
});

test('clear_access_token=true: the stored token is forgotten, and the parameter gone, before any app script runs', async ({
  page,
}) => {
  const token = await signIn(page.request, 'user');
  await page.goto(`/Results?access_token=${token}`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(await storedTokens(page)).toEqual([token, token]);

  const release = await holdAppScripts(page);
  await page.goto('/Pricing?plan=gold&clear%5Faccess_token=true#faq', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await isLive(page)).toBe(false);
  expect(page.url()).toBe(`${SITE}/Pricing?plan=gold#faq`);
  expect(await storedTokens(page)).toEqual([null, null]);

  // A reload at once, before the app: still signed out, and no history entry asks again.
  await page.reload({ waitUntil: 'commit' });
  release();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  expect(await storedTokens(page)).toEqual([null, null]);
});
