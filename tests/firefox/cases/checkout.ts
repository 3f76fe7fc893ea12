/** Case 4: Pricing → Get Started Now → the payment provider's page (locally the harness's pay page). */
import { checkoutButtonText } from '../../../src/content/checkout.ts';
import { byRole, hydrated, type Session } from '../browser.ts';
import { HARNESS, limits, SITE } from '../constants.ts';
import { until } from '../wait.ts';

const payPage = new RegExp(`^${HARNESS}/__harness/pay/[^/?#]+$`);
const priceLine = 'Due today £799.00';

export async function checkoutReachesPayPage(session: Session): Promise<void> {
  const page = await session.newPage();
  await page.goto(`${SITE}/Pricing`);
  await hydrated(page);
  await page.locator(byRole('button', checkoutButtonText.getStarted)).click();

  // Read in Node, not in the page: the page is replaced on the way (a cross-origin navigation).
  await until(
    'the browser lands on the pay page',
    async () => page.url(),
    (url) => payPage.test(url),
    limits.checkoutMs,
  );
  await until(
    `the pay page shows "${priceLine}" and a Pay button`,
    () =>
      page.evaluate(() => ({
        text: (document.body?.textContent ?? '').replace(/\s+/g, ' '),
        pay: [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Pay'),
      })),
    (seen) => seen.text.includes(priceLine) && seen.pay,
  );
}
