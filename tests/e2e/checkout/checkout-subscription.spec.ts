/**
 * After day one, in Chromium against `npm start`: a card purchase through the site, then the payment double's test
 * clock, the events delivered in whatever order the double shuffles them this time. A renewal that is paid makes the
 * subscription active with no e-mail beyond the paid one; a cancellation done at once ends it with one e-mail. (The
 * six money paths of issue 31, failures and disputes included, are in money-path.serial.spec.ts.) Each test acts on
 * its own session only.
 */
import { SETUP_TEXT } from '../../support/spec-figures.ts';
import { expect, test } from '../support/test.ts';
import {
  BUYER_EMAIL,
  buy,
  control,
  expectEveryDeliveryAcceptedAtOnce,
  orderOf,
  subjectsAbout,
} from './checkout-support.ts';

const PAID_SUBJECT = `New paid order: Gold package, ${SETUP_TEXT} today from ${BUYER_EMAIL}`;

test('a paid renewal: the subscription is active and the agency gets no e-mail beyond the paid one', async ({
  page,
  request,
}) => {
  const sessionId = await buy(page, 'card');
  const renewed = await control(request, sessionId, 'advance', { renewal: 'paid' });
  expectEveryDeliveryAcceptedAtOnce(renewed);
  expect(renewed.subscription?.status).toBe('active');
  expect(renewed.subscription?.invoices.map((i) => [i.billing_reason, i.status])).toEqual([
    ['subscription_create', 'paid'],
    ['subscription_cycle', 'paid'],
  ]);
  expect(await orderOf(request, sessionId)).toMatchObject({ status: 'paid', subscription_status: 'active' });
  expect(await subjectsAbout(request, sessionId)).toEqual([PAID_SUBJECT]);
});

test('a cancellation at once: the subscription is canceled and the agency gets one e-mail', async ({
  page,
  request,
}) => {
  const sessionId = await buy(page, 'card');
  const cancelled = await control(request, sessionId, 'cancel', { at: 'now' });
  expectEveryDeliveryAcceptedAtOnce(cancelled);
  expect(cancelled.subscription?.status).toBe('canceled');
  expect(await orderOf(request, sessionId)).toMatchObject({
    status: 'paid',
    subscription_status: 'canceled',
    end_reason: 'cancellation_requested',
    ended_at: expect.any(String),
  });
  expect(await subjectsAbout(request, sessionId)).toEqual([
    PAID_SUBJECT,
    `Subscription cancelled: Gold package of ${BUYER_EMAIL}`,
  ]);
});
