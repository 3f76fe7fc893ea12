/**
 * A createCheckout call that never answers (docs/security.md, "HTTP faults and nothing lost"): the button must not read
 * "Loading..." forever. The site gives up after `CHECKOUT_CALL_TIMEOUT_MS` (src/checkout/start-checkout.ts) with the
 * alert, and the button works again; a late answer never navigates. The hang is made by this page's own route, so no
 * global fault.
 */

import { SITE } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';
import { CHECKOUT_ALERT, CHECKOUT_CALL_TIMEOUT_MS, PAGE_LOAD_MS } from './support/fault-scenarios.ts';
import { recordPage } from './support/recorder.ts';

test('a hanging checkout gives up with the alert, the button works again, nothing navigates later', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const recording = await recordPage(page);
  let calls = 0;
  const held: Array<() => Promise<void>> = [];
  await page.route('**/functions/createCheckout', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    calls++;
    // Never answered while the test watches; released (with a real answer) at the end.
    held.push(() => route.continue().catch(() => {}));
  });
  await page.goto('/Pricing');
  const button = page.getByRole('button', { name: 'Get Started Now' });
  await button.click({ timeout: PAGE_LOAD_MS });
  const clicked = Date.now();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();

  await expect
    .poll(() => recording.dialogs, { timeout: CHECKOUT_CALL_TIMEOUT_MS + 5000 })
    .toEqual([CHECKOUT_ALERT]);
  const waited = Date.now() - clicked;
  expect(waited).toBeGreaterThan(CHECKOUT_CALL_TIMEOUT_MS - 1000);
  await expect(button).toBeEnabled();
  expect(
    recording.console.some((line) => line.type === 'error' && line.text.startsWith('Checkout failed')),
  ).toBe(true);

  // The server answering after the give-up moves nothing.
  for (const release of held.splice(0)) await release();
  await page.waitForTimeout(1500);
  expect(page.url()).toBe(`${SITE}/Pricing`);

  // And the button really works again: one more call, one more (held) attempt.
  await button.click();
  await expect.poll(() => calls).toBe(2);
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  expect(recording.pageErrors).toEqual([]);
  for (const release of held.splice(0)) await release();
});
