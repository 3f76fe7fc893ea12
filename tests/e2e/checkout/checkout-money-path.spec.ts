/**
 * The money path in Chromium against `npm start`'s servers, with the project's own backend functions as deployed
 * (bundled, in workerd; under Deno with FUNCTIONS_RUNTIME=deno), the events of the purchase delivered in whatever order
 * the payment double shuffles them this time: Pricing → Get Started Now → the double's page (the setup due today, the
 * monthly line free until one calendar month on, "then £199.00 per month from" that date; a signed-out buyer types
 * their e-mail) → Pay by card → PaymentSuccess, then one paid Order for the purchase (the admin's to see, no one
 * else's) saying £799.00 today and £199.00 a month from that date, and one e-mail to the agency saying the same.
 */
import { MONTHLY_TEXT, SETUP_TEXT } from '../../support/spec-figures.ts';
import { HARNESS, signIn } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';
import {
  BUYER_EMAIL,
  expectEveryDeliveryAcceptedAtOnce,
  expectOrder,
  functionsWarm,
  mailsAbout,
  payOnPage,
  sessionRecord,
  startCheckoutAndReadTerms,
  subscriptionOf,
} from './checkout-support.ts';

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  await functionsWarm(request);
  await request.dispose();
});

test('card: the pay page shows the setup due today and the monthly fee from one calendar month on; the Order and the e-mail say the same', async ({
  page,
  request,
}) => {
  const { sessionId, firstMonthly } = await startCheckoutAndReadTerms(page);
  await expect(page.getByText(`Gold package: one-time setup ${SETUP_TEXT}`)).toBeVisible();
  await expect(
    page.getByText(`Gold package: monthly ${MONTHLY_TEXT} per month, free until ${firstMonthly}`),
  ).toBeVisible();
  // Signed out, the session prefills no e-mail: the buyer must give one.
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
  await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
  await payOnPage(page, sessionId, 'card');

  // The control API: the session is paid and each of its events was accepted at its first delivery.
  const record = await sessionRecord(request, sessionId);
  expect(record.status).toBe('paid');
  expect(record.customer_email).toBe(BUYER_EMAIL);
  expectEveryDeliveryAcceptedAtOnce(record);

  // The emulator API, as each kind of caller: the Order is the admin's to see.
  const query = `q=${encodeURIComponent(JSON.stringify({ subscription_id: await subscriptionOf(request, sessionId) }))}`;
  const asCaller = async (token: string | null) =>
    (
      await request.get(`${HARNESS}/api/apps/local-app/entities/Order?${query}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
    ).json();
  expect(await asCaller(await signIn(request, 'admin'))).toHaveLength(1);
  expect(await asCaller(null)).toEqual([]);
  expect(await asCaller(await signIn(request, 'user'))).toEqual([]);
  await expectOrder(request, sessionId, firstMonthly, {
    status: 'paid',
    subscription_status: 'trialing',
    email_sent: true,
  });

  const mails = await mailsAbout(request, sessionId);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.subject).toBe(`New paid order: Gold package, ${SETUP_TEXT} today from ${BUYER_EMAIL}`);
  expect(mails[0]?.body).toContain(`Paid by: ${BUYER_EMAIL}`);
  expect(mails[0]?.body).toContain(`Paid today: ${SETUP_TEXT}`);
  expect(mails[0]?.body).toContain(`Then: ${MONTHLY_TEXT} per month from ${firstMonthly}`);
});
