/**
 * Case 4: Pricing → Get Started Now → the payment provider's page (locally the harness's pay page): the setup due
 * today, then the monthly fee from a date, an Email field a signed-out buyer must fill in (it and the method radios
 * sit outside the Pay form, tied to it by `form=` attributes) → Pay → PaymentSuccess with the order reference.
 */
import { checkoutButtonText } from '../../../src/content/checkout.ts';
import { MONTHLY_TEXT, SETUP_TEXT } from '../../support/spec-figures.ts';
import { byLabel, byRole, hydrated, type Session } from '../browser.ts';
import { HARNESS, limits, SITE } from '../constants.ts';
import { until } from '../wait.ts';

const payPage = new RegExp(`^${HARNESS}/__harness/pay/[^/?#]+$`);
const dueToday = `Due today ${SETUP_TEXT}`;
const thenMonthly = new RegExp(
  `then ${MONTHLY_TEXT.replace('.', '\\.')} per month from \\d{1,2} [A-Z][a-z]+ \\d{4}`,
);
const BUYER_EMAIL = 'buyer@example.com';

export async function checkoutReachesPaymentSuccess(session: Session): Promise<void> {
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
  const sessionId = page.url().split('/').pop() ?? '';
  await until(
    `the pay page shows "${dueToday}", "${thenMonthly.source}", an empty required Email and a Pay button`,
    () =>
      page.evaluate(() => {
        const email = document.querySelector<HTMLInputElement>('input[name="email"]');
        return {
          text: (document.body?.textContent ?? '').replace(/\s+/g, ' '),
          email: email ? { value: email.value, required: email.required } : null,
          pay: [...document.querySelectorAll('button')].some(
            (button) => button.textContent?.trim() === 'Pay',
          ),
        };
      }),
    (seen) =>
      seen.text.includes(dueToday) &&
      thenMonthly.test(seen.text) &&
      seen.email?.value === '' &&
      seen.email.required &&
      seen.pay,
  );

  await page.locator(byLabel('Email')).fill(BUYER_EMAIL);
  await page.locator(byRole('button', 'Pay')).click();
  await until(
    'Pay returns to PaymentSuccess with the order reference',
    async () => ({
      url: page.url(),
      reference: await page
        .evaluate(() => document.querySelector('[data-testid="order-reference"]')?.textContent ?? null)
        .catch(() => null),
    }),
    (seen) =>
      seen.url === `${SITE}/PaymentSuccess?session_id=${sessionId}` &&
      seen.reference === sessionId.slice(-12),
    limits.checkoutMs,
  );
}
