/**
 * Checkout starts once (security rule 17, issue 15 finding 6): a quick double press, and more presses while the page
 * is leaving for a slow payment page, make exactly one createCheckout call; the button stays "Loading..." until the
 * page is gone, and no "continue" link shows while the navigation is under way.
 */
import type { Page } from '@playwright/test';
import { openInHost } from '../support/frame-host.ts';
import { HARNESS, SITE } from '../support/harness.ts';
import { expect, type Locator, test } from '../support/test.ts';
import { PAGE_LOAD_MS } from './support/fault-scenarios.ts';

const GET_STARTED = 'Get Started Now';
const LOADING = 'Loading...';
const CONTINUE_HINT = 'If the payment page did not open';

/** How long the payment page takes to answer: long enough to press again and again while the page is leaving. */
const PAY_PAGE_DELAY_MS = 2500;

/** Holds every page of the harness's payment provider (not its API) for `PAY_PAGE_DELAY_MS`. */
async function slowPaymentPages(page: Page): Promise<void> {
  await page.context().route(
    (url) => url.origin === HARNESS && url.pathname.startsWith('/__harness/pay/'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, PAY_PAGE_DELAY_MS));
      await route.continue();
    },
  );
}

/** createCheckout calls made by the page (and its frames). */
function countCheckoutCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/functions/createCheckout')) calls++;
  });
  return () => calls;
}

/** A real mouse press at the button's centre: it lands even when the button is disabled (and then does nothing). */
async function pressAt(page: Page, button: Locator): Promise<void> {
  const box = await button.boundingBox();
  if (!box) throw new Error('the checkout button is not on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Presses the button every 200 ms while the page is still on Pricing, checking it stays busy. */
async function pressWhileLeaving(page: Page, button: Locator, stillHere: () => boolean): Promise<number> {
  let presses = 0;
  const until = Date.now() + PAY_PAGE_DELAY_MS - 500;
  while (Date.now() < until && stillHere()) {
    try {
      await expect(button).toHaveText(LOADING, { timeout: 500 });
      await expect(button).toBeDisabled({ timeout: 500 });
      await pressAt(page, button);
      presses++;
    } catch (error) {
      if (stillHere()) throw error;
    }
    await page.waitForTimeout(200);
  }
  return presses;
}

test('top level: a double press, then presses during the unload, start one checkout', async ({ page }) => {
  await slowPaymentPages(page);
  const calls = countCheckoutCalls(page);
  await page.goto('/Pricing');
  const button = page.getByTestId('checkout-button');
  await expect(button).toHaveText(GET_STARTED);

  await pressAt(page, button);
  await pressAt(page, button);
  // The call has been answered; the page is now waiting for the slow payment page.
  await expect.poll(calls).toBe(1);
  await page.waitForResponse((response) => response.url().endsWith('/functions/createCheckout'));
  const presses = await pressWhileLeaving(page, button, () => page.url() === `${SITE}/Pricing`);
  expect(presses).toBeGreaterThan(3);
  await expect(page.getByText(CONTINUE_HINT)).toHaveCount(0);

  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/`), { timeout: PAGE_LOAD_MS });
  expect(calls()).toBe(1);

  // Back on Pricing (from the back-forward cache or loaded again): the button works.
  await page.goBack();
  await expect(page).toHaveURL(`${SITE}/Pricing`);
  await expect(page.getByTestId('checkout-button')).toHaveText(GET_STARTED);
  await expect(page.getByTestId('checkout-button')).toBeEnabled();
});

test('in the editor frame: presses while the top window is leaving start one checkout', async ({ page }) => {
  await slowPaymentPages(page);
  const calls = countCheckoutCalls(page);
  const host = await openInHost(page, HARNESS, `${SITE}/Pricing`);
  const button = host.frame.getByTestId('checkout-button');
  await expect(button).toHaveText(GET_STARTED, { timeout: PAGE_LOAD_MS });
  await button.dblclick();
  await expect.poll(calls).toBe(1);
  await page.waitForResponse((response) => response.url().endsWith('/functions/createCheckout'));
  const presses = await pressWhileLeaving(page, button, () => page.url().endsWith('/__e2e/host'));
  expect(presses).toBeGreaterThan(3);

  // The top window leaves the editor for the payment page (never the frame).
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/`), { timeout: PAGE_LOAD_MS });
  expect(calls()).toBe(1);
});
