/**
 * Untrusted query values (docs/security.md, "Token and bridge" and "Redirects and untrusted values"): a `server_url`
 * off the allow-list gets no request and the token goes nowhere but the platform; hostile `app_id` /
 * `functions_version` are ignored; hostile, huge and non-ASCII paths and `session_id`s render as text.
 */

import { openInHost } from '../support/frame-host.ts';
import { APP_ID, HARNESS, SITE, signIn } from '../support/harness.ts';
import { waitForHydration } from '../support/hydration.ts';
import { expect, type Page, test } from '../support/test.ts';
import { PAGE_LOAD_MS } from './support/fault-scenarios.ts';
import { type Recording, recordPage, unexpectedConsoleErrors } from './support/recorder.ts';

const HOSTILE_SERVER_URLS = [
  'https://evil.com',
  'http://evil.com:4400',
  'http://127.0.0.1:4400',
  'http://localhost:4401',
  'http://localhost:4400.evil.com',
  'http://localhost:4400@evil.com',
  'https://evil.com/?http://localhost:4400',
  '//evil.com',
  'javascript:alert(1)',
  'ws://localhost:4400',
];

/** Requests of the platform API, as `origin path` (the site's own assets left out). */
function apiCalls(recording: Recording): string[] {
  return recording.requests
    .filter((r) => new URL(r.url).pathname.startsWith('/api/'))
    .map((r) => `${new URL(r.url).origin} ${new URL(r.url).pathname}`);
}

for (const serverUrl of HOSTILE_SERVER_URLS) {
  test(`server_url=${serverUrl} is ignored: the platform is called, the token goes nowhere else`, async ({
    page,
    request,
  }) => {
    const token = await signIn(request, 'user');
    const recording = await recordPage(page);
    await page.goto(`${SITE}/Pricing?server_url=${encodeURIComponent(serverUrl)}&access_token=${token}`);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: PAGE_LOAD_MS });
    await page.getByRole('button', { name: 'Get Started Now' }).click();
    await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/`), { timeout: PAGE_LOAD_MS });

    const requests = await recording.settled();
    const calls = apiCalls(recording);
    expect(calls).toEqual(
      expect.arrayContaining([
        `${HARNESS} /api/apps/public/prod/public-settings/by-id/${APP_ID}`,
        `${HARNESS} /api/apps/${APP_ID}/entities/User/me`,
        `${HARNESS} /api/apps/${APP_ID}/functions/createCheckout`,
      ]),
    );
    expect(calls.filter((call) => !call.startsWith(`${HARNESS} `))).toEqual([]);
    const carriers = requests.filter(
      (r) => JSON.stringify(r.headers).includes(token) || r.url.includes(token),
    );
    const launch = `${SITE}/Pricing?server_url=${encodeURIComponent(serverUrl)}&access_token=${token}`;
    // Only the platform, and the launch address itself.
    const elsewhere = carriers.filter((r) => new URL(r.url).origin !== HARNESS && r.url !== launch);
    expect(elsewhere.map((r) => r.url)).toEqual([]);
    expect(recording.blocked).toEqual([]);
    expect(recording.pageErrors).toEqual([]);
  });
}

const HOSTILE_IDS = [
  '../',
  '%2e%2e%2f',
  '%2E%2E%2F',
  '?',
  '%3F',
  '#',
  '%23',
  '..%2f..%2fother',
  'a'.repeat(65),
  'ümlaut',
];

/** Opens Pricing with a hostile `name`, signs in, presses Get Started Now; returns what went out. */
async function launchWith(page: Page, token: string, name: string, raw: string): Promise<Recording> {
  const recording = await recordPage(page);
  // The value goes in as typed: `%2e%2e%2f` stays encoded in the address, `#` starts the hash.
  await page.goto(`${SITE}/Pricing?access_token=${token}&${name}=${raw}`);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: PAGE_LOAD_MS });
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/`), { timeout: PAGE_LOAD_MS });
  await recording.settled();
  return recording;
}

/** Every platform call of a recording names `appId`, in its path and its `X-App-Id`. */
function expectEveryCallNames(recording: Recording, appId: string): void {
  const api = recording.requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  expect(api.length).toBeGreaterThanOrEqual(3);
  for (const call of api) {
    expect(new URL(call.url).pathname).toMatch(
      new RegExp(
        `^/api/(apps/${appId}/|apps/public/prod/public-settings/by-id/${appId}$|app-logs/${appId}/)`,
      ),
    );
    expect(call.headers['x-app-id']).toBe(appId);
  }
}

for (const raw of HOSTILE_IDS) {
  test(`app_id=${raw.slice(0, 20)} is ignored: every call names ${APP_ID}`, async ({ page, request }) => {
    const recording = await launchWith(page, await signIn(request, 'user'), 'app_id', raw);
    expectEveryCallNames(recording, APP_ID);
    expect(recording.pageErrors).toEqual([]);
  });

  test(`functions_version=${raw.slice(0, 20)} is ignored: no Base44-Functions-Version header`, async ({
    page,
    request,
  }) => {
    const recording = await launchWith(page, await signIn(request, 'user'), 'functions_version', raw);
    const checkout = recording.requests.filter((r) => r.url.endsWith('/functions/createCheckout'));
    expect(checkout.map((r) => r.method)).toContain('POST');
    for (const call of recording.requests) expect(call.headers['base44-functions-version']).toBeUndefined();
    expect(recording.pageErrors).toEqual([]);
  });
}

test("a top-level visit naming another app (app_id=evilapp): the signed-in visitor's token and checkout stay with the configured app", async ({
  page,
  request,
}) => {
  const token = await signIn(request, 'user');
  const recording = await launchWith(page, token, 'app_id', 'evilapp');
  expectEveryCallNames(recording, APP_ID);
  const toEvil = recording.requests.filter((r) => r.url.includes('evilapp') && !r.url.startsWith(SITE));
  expect(toEvil.map((r) => r.url)).toEqual([]);
  expect(recording.pageErrors).toEqual([]);
});

test('a top-level visit naming a functions version: no Base44-Functions-Version header is sent', async ({
  page,
  request,
}) => {
  const recording = await launchWith(page, await signIn(request, 'user'), 'functions_version', 'v2_beta-1');
  expect(
    recording.requests.filter((r) => r.url.endsWith('/functions/createCheckout')).length,
  ).toBeGreaterThan(0);
  for (const call of recording.requests) expect(call.headers['base44-functions-version']).toBeUndefined();
});

test('inside the verified editor frame, the launch app_id and functions_version are used', async ({
  page,
}) => {
  const recording = await recordPage(page);
  const host = await openInHost(
    page,
    HARNESS,
    `${SITE}/Pricing?app_id=preview-app&functions_version=v2_beta-1&server_url=${encodeURIComponent(HARNESS)}`,
  );
  await expect(host.frame.getByTestId('checkout-button')).toBeEnabled({ timeout: PAGE_LOAD_MS });
  await host.frame.getByTestId('checkout-button').click();
  await expect
    .poll(() => recording.requests.filter((r) => r.url.endsWith('/functions/createCheckout')).length)
    .toBeGreaterThan(0);
  await recording.settled();
  const checkout = recording.requests.filter((r) => r.url.endsWith('/functions/createCheckout'));
  expect(checkout.map((r) => new URL(r.url).pathname)).toContain(
    '/api/apps/preview-app/functions/createCheckout',
  );
  for (const call of checkout) {
    expect(call.headers['x-app-id']).toBe('preview-app');
    expect(call.headers['base44-functions-version']).toBe('v2_beta-1');
  }
  const settings = recording.requests.filter((r) => r.url.includes('/public-settings/by-id/'));
  expect(settings.map((r) => new URL(r.url).pathname)).toEqual([
    '/api/apps/public/prod/public-settings/by-id/preview-app',
  ]);
});

const XSS = '<img src=x onerror=alert(1)>';
const NON_ASCII = 'Ünïcödé 路径 🚀 \u202Eevil\u202C مرحبا e\u0301';
const FORTY_KB = 40 * 1024;

/** Values a visitor's address may carry, with what the page must show (null: the fallback line). */
const SESSION_VALUES: Array<[string, string, string | null]> = [
  ['markup', XSS, null],
  ['40 KB of markup', `${XSS.repeat(Math.ceil(FORTY_KB / XSS.length))}`, null],
  ['non-ASCII text', NON_ASCII, null],
  ['a 40 KB plausible id', `cs_live_${'Z'.repeat(FORTY_KB)}_lastTwelve1`, '_lastTwelve1'],
  ['a short id', 'abc', 'abc'],
  ['an empty value', '', null],
];

/** Nothing injected, nothing run, nothing wider than the viewport. */
async function expectRenderedAsText(page: Page, recording: Recording): Promise<void> {
  await expect(page.locator('img[src="x"], [onerror]')).toHaveCount(0);
  expect(recording.dialogs).toEqual([]);
  expect(recording.pageErrors).toEqual([]);
  expect(unexpectedConsoleErrors(recording)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A 40 KB address is refused by HTTP servers (Node answers 431 above 16 KB of headers), so the long values arrive the
 * way a link inside the site would bring them: a client-side navigation.
 */
async function navigateInApp(page: Page, target: string): Promise<void> {
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, target);
}

for (const width of [320, 1280]) {
  for (const [label, value, shown] of SESSION_VALUES) {
    test(`PaymentSuccess at ${width} px with ${label} in session_id renders as text`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const recording = await recordPage(page);
      await page.goto('/Pricing');
      await waitForHydration(page, PAGE_LOAD_MS);
      await navigateInApp(page, `/PaymentSuccess?session_id=${encodeURIComponent(value)}`);
      await expect(page.getByTestId('order-reference-slot')).toBeVisible();
      if (shown === null) await expect(page.getByTestId('order-reference-fallback')).toBeVisible();
      else await expect(page.getByTestId('order-reference')).toHaveText(shown);
      await expectRenderedAsText(page, recording);
    });
  }

  for (const [label, path] of [
    ['markup', `/${XSS}`],
    ['40 KB of markup', `/${XSS.repeat(Math.ceil(FORTY_KB / XSS.length))}`],
    ['non-ASCII text', `/${NON_ASCII}`],
    ['a 40 KB word', `/${'W'.repeat(FORTY_KB)}`],
  ] as const) {
    test(`404 at ${width} px with ${label} in the path renders as text`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const recording = await recordPage(page);
      await page.goto('/Pricing');
      await waitForHydration(page, PAGE_LOAD_MS);
      await navigateInApp(page, path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
      const shownPath = await page.locator('main code').first().textContent();
      expect(shownPath?.length).toBeGreaterThan(1);
      expect(decodeURIComponent(shownPath ?? '')).toContain(path.slice(1, 30));
      await expectRenderedAsText(page, recording);
    });
  }
}

test('404 loaded from the server with markup in the path renders as text', async ({ page }) => {
  const recording = await recordPage(page);
  await page.goto(`/${encodeURIComponent(XSS)}/${encodeURIComponent(NON_ASCII)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.locator('main code').first()).toContainText('onerror');
  await expectRenderedAsText(page, recording);
});
