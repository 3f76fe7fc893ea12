/**
 * The money path in Chromium against `npm start`'s servers, with the project's own backend functions as deployed
 * (bundled, in workerd; under Deno with FUNCTIONS_RUNTIME=deno): Pricing → Get Started Now → the payment double's page
 * → Pay → PaymentSuccess, then one paid Order for that session (admin only) and one e-mail to the agency.
 */
import { readSiteConfig } from '../../../config/site-config.ts';
import { APP_ID, HARNESS, SITE, signIn } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';

const AGENCY_EMAIL = readSiteConfig().contactEmail;

interface Email {
  kind: string;
  to: string;
  body: string;
}

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

test('Get Started Now → pay page → Pay → PaymentSuccess; one paid Order for the admin only; one e-mail to the agency', async ({
  page,
  request,
}) => {
  await page.goto('/Pricing');
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/cs_test_[A-Za-z0-9]{58}$`));
  const sessionId = page.url().split('/').pop() ?? '';

  await expect(page.getByText('Gold package: one-time setup')).toBeVisible();
  await expect(page.getByText('Gold package: monthly')).toBeVisible();
  await expect(page.getByText('£799.00 today, then £199.00 per month')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(`${SITE}/PaymentSuccess?session_id=${sessionId}`);
  await expect(page.getByText(sessionId.slice(-12), { exact: true })).toBeVisible();

  // The control API: the session is paid and its signed event reached stripeWebhook.
  const sessions = (await (await request.get(`${HARNESS}/__harness/orders`)).json()) as {
    id: string;
    status: string;
    webhook: { delivered: boolean } | null;
  }[];
  expect(sessions.find((s) => s.id === sessionId)).toMatchObject({
    status: 'paid',
    webhook: { delivered: true },
  });

  // The emulator API, as each kind of caller: the Order is the admin's to see.
  const query = `q=${encodeURIComponent(JSON.stringify({ session_id: sessionId }))}`;
  const ordersAs = async (token: string | null) => {
    const response = await request.get(`${HARNESS}/api/apps/${APP_ID}/entities/Order?${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(response.status()).toBe(200);
    return (await response.json()) as { session_id: string; status: string; amount_total: number }[];
  };
  const forAdmin = await ordersAs(await signIn(request, 'admin'));
  expect(forAdmin).toHaveLength(1);
  expect(forAdmin[0]).toMatchObject({ session_id: sessionId, status: 'paid', amount_total: 99_800 });
  expect(await ordersAs(null)).toEqual([]);
  expect(await ordersAs(await signIn(request, 'user'))).toEqual([]);

  const outbox = (await (await request.get(`${HARNESS}/__harness/outbox`)).json()) as Email[];
  const toAgency = outbox.filter(
    (m) => m.kind === 'email' && m.to === AGENCY_EMAIL && m.body.includes(sessionId),
  );
  expect(toAgency).toHaveLength(1);
});
