/**
 * Redirects (docs/security.md, "Redirects and untrusted values"): hostile `from_url` values through the platform's
 * login page, the logout redirect and the site itself never leave this machine; checkout answers pointing anywhere but
 * the payment provider never navigate (the cases of tests/e2e/platform/checkout.spec.ts are not repeated here). Every
 * request to a host off this machine is aborted and recorded, so a failure cannot reach the network.
 */

import { accounts, HARNESS, SITE } from '../support/harness.ts';
import { expect, type Page, test } from '../support/test.ts';
import { CHECKOUT_ALERT, PAGE_LOAD_MS } from './support/fault-scenarios.ts';
import { openRecordedSite } from './support/hosted-site.ts';
import { type Recording, recordPage } from './support/recorder.ts';

const FROM_URL_VECTORS = [
  '//evil.com',
  '/\\evil.com',
  'https:evil.com',
  'javascript:alert(1)',
  '%2F%2Fevil.com',
  'https://localhost@evil.com',
  'https://site@evil.com',
  'http://localhost:4401@evil.com/',
  'http://localhost.evil.com:4401/',
  'https://evil.com\\@localhost:4401',
  'data:text/html,<script>alert(1)</script>',
];

/** The origin the browser is on, which must be this machine's. */
const onThisMachine = (page: Page) => [HARNESS, SITE].includes(new URL(page.url()).origin);

async function expectStayedHome(page: Page, recording: Recording): Promise<void> {
  await page.waitForLoadState('load');
  expect(onThisMachine(page), `ended on ${page.url()}`).toBe(true);
  expect(recording.blocked).toEqual([]);
  expect(recording.dialogs).toEqual([]);
  expect(recording.pageErrors).toEqual([]);
}

for (const vector of FROM_URL_VECTORS) {
  for (const [encoding, query] of [
    ['as typed', vector],
    ['encoded', encodeURIComponent(vector)],
  ] as const) {
    test(`login page, from_url ${vector} (${encoding}): signing in never leaves this machine`, async ({
      page,
    }) => {
      const recording = await recordPage(page);
      await page.goto(`${HARNESS}/login?from_url=${query}`);
      await page.getByLabel('Email').fill(accounts.user.email);
      await page.getByLabel('Password').fill(accounts.user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectStayedHome(page, recording);
      // Either refused with an error on the login page, or signed in with nowhere to go back to, or on the site.
      const refused = await page.getByRole('alert').count();
      const origin = new URL(page.url()).origin;
      expect(
        refused > 0 ||
          origin === SITE ||
          (await page.getByRole('heading', { name: 'Signed in' }).count()) > 0,
      ).toBe(true);
      expect(page.url()).not.toContain('evil');
    });
  }

  test(`logout redirect and the site itself, from_url ${vector}: no navigation off this machine`, async ({
    page,
  }) => {
    const recording = await recordPage(page);
    await page.goto(`${HARNESS}/api/apps/auth/logout?from_url=${encodeURIComponent(vector)}`);
    await expectStayedHome(page, recording);
    await page.goto(`${SITE}/Pricing?from_url=${encodeURIComponent(vector)}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForTimeout(300);
    await expectStayedHome(page, recording);
    expect(new URL(page.url()).pathname).toBe('/Pricing');
  });
}

/** Checkout answers not covered by integration/checkout.spec.ts. */
const BAD_CHECKOUT_ANSWERS: Array<[string, unknown]> = [
  ['JavaScript: in mixed case', { url: 'JavaScript:alert(document.domain)' }],
  ['javascript: after whitespace', { url: ' \tjavascript:alert(1)' }],
  ['a data: URL', { url: 'data:text/html,<script>alert(1)</script>' }],
  ['a protocol-relative URL', { url: '//evil.com/pay' }],
  ['a relative path', { url: '/__harness/pay/cs_test_relative' }],
  ['the emulator origin as user-info', { url: 'http://localhost:4400@evil.com/pay' }],
  ['a look-alike of the emulator host', { url: 'http://localhost:4400.evil.com/pay' }],
  ['a backslash trick', { url: 'https://evil.com\\@checkout.stripe.com/pay' }],
  ['the provider with a trailing dot', { url: 'https://checkout.stripe.com./pay' }],
  ['the provider on another port', { url: 'https://checkout.stripe.com:8443/pay' }],
  ['the provider over ftp', { url: 'ftp://checkout.stripe.com/pay' }],
  ['a URL that is not a string', { url: { href: 'https://checkout.stripe.com/pay' } }],
  ['no url at all', {}],
  ['a null answer', null],
  ['a 100 KB URL', { url: `https://checkout.stripe.com/${'a'.repeat(100_000)}` }],
];

/** Answers createCheckout with `body` (a 200), counting calls. */
async function answerCheckout(page: Page, body: unknown): Promise<{ calls: number }> {
  const counter = { calls: 0 };
  await page.route('**/functions/createCheckout', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    counter.calls++;
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': SITE },
      body: JSON.stringify(body),
    });
  });
  return counter;
}

test('control: an answer on the provider is followed (the answers below are really read)', async ({
  page,
}) => {
  const recording = await recordPage(page);
  await answerCheckout(page, { url: 'https://checkout.stripe.com/c/pay/cs_test_control' });
  await page.goto('/Pricing');
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  // The navigation is attempted, and stopped by the test's own block before it reaches the network.
  await expect.poll(() => recording.blocked).toContain('https://checkout.stripe.com/c/pay/cs_test_control');
  expect(recording.dialogs).toEqual([]);
});

for (const [label, body] of BAD_CHECKOUT_ANSWERS) {
  test(`checkout answering ${label}: the alert, no navigation, the button usable again`, async ({ page }) => {
    const recording = await recordPage(page);
    const counter = await answerCheckout(page, body);
    await page.goto('/Pricing');
    const button = page.getByRole('button', { name: 'Get Started Now' });
    await button.click();
    await expect.poll(() => recording.dialogs).toEqual([CHECKOUT_ALERT]);
    await expect(button).toBeEnabled();
    await page.waitForTimeout(200);
    expect(page.url()).toBe(`${SITE}/Pricing`);
    expect(recording.blocked).toEqual([]);
    expect(recording.pageErrors).toEqual([]);
    expect(recording.requests.filter((r) => r.navigation && r.url !== `${SITE}/Pricing`)).toEqual([]);
    await button.click();
    await expect.poll(() => recording.dialogs.length).toBe(2);
    expect(counter.calls).toBe(2);
  });
}

test('in the editor frame, a hostile answer moves neither the frame nor the top window, nor opens a tab', async ({
  page,
  context,
}) => {
  await answerCheckout(page, { url: 'https://checkout.stripe.com.evil.com/pay' });
  const site = await openRecordedSite(page, '/Pricing');
  const popups: string[] = [];
  context.on('page', (popup) => popups.push(popup.url()));
  await site.frame.getByRole('button', { name: 'Get Started Now' }).click({ timeout: PAGE_LOAD_MS });
  await expect.poll(() => site.recording.dialogs).toEqual([CHECKOUT_ALERT]);
  await page.waitForTimeout(300);
  expect(page.url()).toBe(`${HARNESS}/__e2e/host`);
  expect(site.siteFrame().url()).toBe(`${SITE}/Pricing`);
  expect(popups).toEqual([]);
  expect(site.recording.blocked).toEqual([]);
  expect(await site.appErrors()).toEqual([]);
});

test('in the editor frame, a good answer moves the top window; the frame never loads the provider', async ({
  page,
}) => {
  const site = await openRecordedSite(page, '/Pricing');
  const frameNavigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) frameNavigations.push(frame.url());
  });
  await site.frame.getByRole('button', { name: 'Get Started Now' }).click({ timeout: PAGE_LOAD_MS });
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/cs_test_`), { timeout: PAGE_LOAD_MS });
  expect(frameNavigations.filter((url) => url.includes('/__harness/pay/'))).toEqual([]);
  expect(site.recording.dialogs).toEqual([]);
});
