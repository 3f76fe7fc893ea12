/**
 * After day one, in Chromium against `npm start`: a card purchase through the site, then the payment double's test
 * clock. A failed renewal makes the Order's subscription past_due with one e-mail; a cancellation makes it canceled
 * with one e-mail. Each test acts on its own session only.
 */
import { SITE } from '../support/harness.ts';
import { expect, type Page, test } from '../support/test.ts';
import { control, mailsAbout, ordersOf, startCheckout } from './checkout-support.ts';

async function payByCard(page: Page): Promise<string> {
  const sessionId = await startCheckout(page);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${SITE}/PaymentSuccess?session_id=${sessionId}`);
  return sessionId;
}

const subjects = async (request: Parameters<typeof mailsAbout>[0], sessionId: string) =>
  (await mailsAbout(request, sessionId)).map((m) => m.subject);

test('a failed renewal: the subscription is past_due and the agency gets one e-mail', async ({
  page,
  request,
}) => {
  const sessionId = await payByCard(page);
  await control(request, sessionId, 'advance', { renewal: 'failed' });
  expect(await ordersOf(request, sessionId)).toEqual([
    expect.objectContaining({ status: 'paid', subscription_status: 'past_due' }),
  ]);
  const renewals = (await subjects(request, sessionId)).filter((s) => s.startsWith('Renewal payment failed'));
  expect(renewals).toHaveLength(1);
  expect(renewals[0]).toMatch(/^Renewal payment failed: Gold package, £199\.00 from /);
});

test('a cancellation: the subscription is canceled and the agency gets one e-mail', async ({
  page,
  request,
}) => {
  const sessionId = await payByCard(page);
  await control(request, sessionId, 'cancel', { at: 'now' });
  expect(await ordersOf(request, sessionId)).toEqual([
    expect.objectContaining({ status: 'paid', subscription_status: 'canceled' }),
  ]);
  const cancellations = (await subjects(request, sessionId)).filter((s) =>
    s.startsWith('Subscription cancelled'),
  );
  expect(cancellations).toHaveLength(1);
});
