/**
 * The money path in Chromium against `npm start`'s servers, with the project's own backend functions as deployed
 * (bundled, in workerd; under Deno with FUNCTIONS_RUNTIME=deno): Pricing → Get Started Now → the payment double's page
 * ("Due today £799.00", "then £199.00 per month from" the first renewal) → Pay by card → PaymentSuccess, then one paid
 * Order for that session (admin only) saying £799.00 today and £199.00 a month from that date, and one e-mail to the
 * agency saying the same.
 */
import { HARNESS, SITE, signIn } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';
import { mailsAbout, ordersOf, sessionRecord, startCheckout } from './checkout-support.ts';

test.beforeAll(async ({ playwright }) => {
  // `npm start` warms the functions in the background; a visitor's first checkout must not wait for a start.
  const request = await playwright.request.newContext();
  await expect
    .poll(
      async () => {
        const running = (await (await request.get(`${HARNESS}/__harness/functions`)).json()) as {
          name: string;
        }[];
        return running.map((f) => f.name);
      },
      { timeout: 60_000, intervals: [250, 500, 1_000] },
    )
    .toEqual(expect.arrayContaining(['createCheckout', 'stripeWebhook']));
  await request.dispose();
});

test('card: the pay page shows £799.00 due today and £199.00 a month from the first renewal; the Order and the e-mail say the same', async ({
  page,
  request,
}) => {
  const sessionId = await startCheckout(page);
  const { first_renewal_display: firstRenewal } = await sessionRecord(request, sessionId);
  expect(firstRenewal).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);

  await expect(page.getByText('Gold package: one-time setup')).toBeVisible();
  await expect(page.getByText('Gold package: monthly')).toBeVisible();
  await expect(page.getByText('£199.00 per month (£0.00 today)')).toBeVisible();
  await expect(page.getByText('Due today £799.00')).toBeVisible();
  await expect(page.getByText(`then £199.00 per month from ${firstRenewal}`)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(`${SITE}/PaymentSuccess?session_id=${sessionId}`);
  await expect(page.getByText(sessionId.slice(-12), { exact: true })).toBeVisible();

  // The control API: the session is paid and its signed checkout event reached stripeWebhook.
  const record = await sessionRecord(request, sessionId);
  expect(record.status).toBe('paid');
  expect(record.events.find((e) => e.type === 'checkout.session.completed')?.delivered).toBe(true);

  // The emulator API, as each kind of caller: the Order is the admin's to see.
  const query = `q=${encodeURIComponent(JSON.stringify({ session_id: sessionId }))}`;
  const asCaller = async (token: string | null) =>
    (
      await request.get(`${HARNESS}/api/apps/local-app/entities/Order?${query}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
    ).json();
  const forAdmin = (await asCaller(await signIn(request, 'admin'))) as unknown[];
  expect(forAdmin).toHaveLength(1);
  expect(await asCaller(null)).toEqual([]);
  expect(await asCaller(await signIn(request, 'user'))).toEqual([]);
  const [order] = await ordersOf(request, sessionId);
  expect(order).toMatchObject({ status: 'paid', amount_total: 79_900, monthly_amount: 19_900 });

  const mails = await mailsAbout(request, sessionId);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.subject).toContain('£799.00 today');
  expect(mails[0]?.body).toContain('Paid today: £799.00');
  expect(mails[0]?.body).toContain(`Then: £199.00 per month from ${firstRenewal}`);
});
