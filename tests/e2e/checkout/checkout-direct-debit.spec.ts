/**
 * Bacs Direct Debit in Chromium against `npm start`: the buyer chooses it on the payment double's page and returns to
 * PaymentSuccess; the Order is pending and the agency hears nothing until the control API settles it, then it is paid
 * with one e-mail, or failed with one e-mail.
 */
import { expect, type Page, test } from '../support/test.ts';
import { buy, control, mailsAbout, ordersOf } from './checkout-support.ts';

const payByDirectDebit = (page: Page) => buy(page, 'bacs');

test('Direct Debit: a pending Order and no e-mail until it settles; then paid and one e-mail', async ({
  page,
  request,
}) => {
  const sessionId = await payByDirectDebit(page);
  expect(await ordersOf(request, sessionId)).toEqual([
    expect.objectContaining({ status: 'pending', amount_total: 79_900, subscription_status: 'incomplete' }),
  ]);
  expect(await mailsAbout(request, sessionId)).toEqual([]);

  await control(request, sessionId, 'settle', { outcome: 'succeeded' });
  expect(await ordersOf(request, sessionId)).toEqual([
    expect.objectContaining({ status: 'paid', email_sent: true }),
  ]);
  const mails = await mailsAbout(request, sessionId);
  expect(mails.map((m) => m.subject)).toEqual([
    expect.stringMatching(/^New paid order: Gold package, £799\.00 today/),
  ]);
});

test('Direct Debit: a failed settlement makes the Order failed, with one e-mail', async ({
  page,
  request,
}) => {
  const sessionId = await payByDirectDebit(page);
  await control(request, sessionId, 'settle', { outcome: 'failed' });
  expect(await ordersOf(request, sessionId)).toEqual([
    expect.objectContaining({ status: 'failed', subscription_status: 'incomplete_expired' }),
  ]);
  const mails = await mailsAbout(request, sessionId);
  expect(mails.map((m) => m.subject)).toEqual([
    expect.stringMatching(/^Direct Debit failed: Gold package, £799\.00/),
  ]);
});
