/**
 * Checkout starts once (docs/security.md, "HTTP faults and nothing lost", issue 15 finding 6): a quick double press,
 * and more presses while the page is leaving for a slow payment page, make exactly one createCheckout call; the button
 * stays "Loading..." until the page is gone; back on Pricing it works again, with no stale "continue" link.
 */
import type { Frame, Locator, Page } from '@playwright/test';
import { openInHost } from '../support/frame-host.ts';
import { HARNESS, SITE } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';
import { PAGE_LOAD_MS } from './support/fault-scenarios.ts';

const GET_STARTED = 'Get Started Now';
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

const PAY_PAGE = new RegExp(`^${HARNESS}/__harness/pay/`);

/** Waits for the payment page (a page that keeps starting checkouts never gets there; the count then says why). */
async function arriveOrGiveUp(page: Page): Promise<void> {
  await page.waitForURL(PAY_PAGE, { timeout: PAGE_LOAD_MS }).catch(() => {});
}

/** createCheckout calls made by the page (and its frames). */
function countCheckoutCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/functions/createCheckout')) calls++;
  });
  return () => calls;
}

/**
 * From the first press on, presses the button again every 50 ms until the page is gone, and says so on the console
 * (`press enabled` / `press disabled`). Done inside the page, because the test runner's own frame calls wait while a
 * navigation is pending: these are the presses of a visitor who keeps clicking while the page is leaving.
 */
async function keepPressingOnceStarted(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="checkout-button"]');
    if (!button) throw new Error('no checkout button');
    button.addEventListener(
      'click',
      () => {
        const timer = setInterval(() => {
          console.log(`press ${button.disabled ? 'disabled' : 'enabled'}`);
          button.click();
        }, 50);
        addEventListener('pagehide', () => clearInterval(timer));
      },
      { once: true },
    );
  });
}

/** The presses made after the createCheckout answer arrived, by the state the button was in. */
function watchLatePresses(page: Page): () => string[] {
  let answered = false;
  const presses: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/functions/createCheckout')) answered = true;
  });
  page.on('console', (message) => {
    if (answered && message.text().startsWith('press ')) presses.push(message.text());
  });
  return () => presses;
}

/**
 * Presses `button` twice and waits for the payment page (in the top window, never a frame): one createCheckout call,
 * and every press made while the slow payment page loaded met a busy button.
 */
async function doublePressToPayPage(
  page: Page,
  button: Locator,
  calls: () => number,
  latePresses: () => string[],
): Promise<void> {
  await button.dblclick();
  await arriveOrGiveUp(page);
  expect(calls()).toBe(1);
  await expect(page).toHaveURL(PAY_PAGE);
  expect(latePresses().length).toBeGreaterThan(3);
  expect(new Set(latePresses())).toEqual(new Set(['press disabled']));
}

test('top level: a double press, then presses during the unload, start one checkout', async ({ page }) => {
  await slowPaymentPages(page);
  const calls = countCheckoutCalls(page);
  const latePresses = watchLatePresses(page);
  await page.goto('/Pricing');
  const button = page.getByTestId('checkout-button');
  await expect(button).toHaveText(GET_STARTED);
  await keepPressingOnceStarted(page.mainFrame());

  await doublePressToPayPage(page, button, calls, latePresses);

  // Back on Pricing (from the back-forward cache or loaded again): the button works, with no stale notice.
  await page.goBack();
  await expect(page).toHaveURL(`${SITE}/Pricing`);
  await expect(page.getByTestId('checkout-button')).toHaveText(GET_STARTED);
  await expect(page.getByTestId('checkout-button')).toBeEnabled();
  await expect(page.getByText(CONTINUE_HINT)).toHaveCount(0);
});

test('in the editor frame: presses while the top window is leaving start one checkout', async ({ page }) => {
  await slowPaymentPages(page);
  const calls = countCheckoutCalls(page);
  const latePresses = watchLatePresses(page);
  const host = await openInHost(page, HARNESS, `${SITE}/Pricing`);
  const button = host.frame.getByTestId('checkout-button');
  await expect(button).toHaveText(GET_STARTED, { timeout: PAGE_LOAD_MS });
  const siteFrame = page.frames().find((frame) => frame.url().startsWith(`${SITE}/`));
  if (!siteFrame) throw new Error('the site frame is not there');
  await keepPressingOnceStarted(siteFrame);

  // The top window leaves the editor for the payment page (never the frame).
  await doublePressToPayPage(page, button, calls, latePresses);
});
