/**
 * A first Bacs Direct Debit that fails ends its Order `failed` with one "Direct Debit failed" e-mail, whichever of the
 * provider's reports of it reaches the webhook (the checkout's `async_payment_failed`, the first invoice's
 * `payment_failed`, or the subscription becoming `incomplete_expired`, which the provider's status table puts 23 hours
 * after the subscription's first payment fails), in whatever order, however often. Through the project's functions as
 * deployed (workerd), with the payment double delivering its events, then every one again by hand.
 */
import { describe, expect, it } from 'vitest';
import { ACACIA, paymentsClient } from '../../payment-provider/integration/payments-support.ts';
import { SETUP_TEXT } from '../../support/spec-figures.ts';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import { agencyMail, deployedPerFile, orders, paidPurchase, resendAll } from './deployed-functions.ts';

const BUYER = 'buyer@example.co.uk';
const FAILED_SUBJECT = `Direct Debit failed: Gold package, ${SETUP_TEXT} from ${BUYER}`;

/** What the webhook endpoint is sent, for each report of the failure it alone carries. */
const REPORTS: [string, string[]][] = [
  [
    'the checkout’s async_payment_failed',
    ['checkout.session.completed', 'checkout.session.async_payment_failed'],
  ],
  ['the first invoice’s payment_failed', ['customer.subscription.created', 'invoice.payment_failed']],
  [
    'the subscription becoming incomplete_expired',
    ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'],
  ],
];

describe('a first Direct Debit that fails', () => {
  let h: Running;
  let c: ReturnType<typeof paymentsClient>;
  deployedPerFile((started) => {
    h = started;
    c = paymentsClient(h);
  });

  const buyByDirectDebit = () => paidPurchase(h, 'bacs_debit', BUYER);

  /** The bank refuses the debit; then the provider's clock runs on through every step it plans (the expiry). */
  async function failAndExpire(id: string): Promise<void> {
    expect((await c.settle(id, 'failed')).status).toBe(200);
    for (let step = 0; step < 5; step++) {
      const moved = await c.clock(id, 'next');
      if (moved.status === 409) return;
      expect(moved.status, moved.text).toBe(200);
    }
  }

  async function expectFailedOnce(id: string): Promise<void> {
    expect(await orders(h)).toEqual([
      expect.objectContaining({ session_id: id, status: 'failed', failure_email_sent: true }),
    ]);
    expect((await agencyMail(h)).map((m: Json) => m.subject)).toEqual([FAILED_SUBJECT]);
  }

  for (const [report, sent] of REPORTS) {
    it(`reported only by ${report}: failed, one e-mail, and none more when it is delivered again`, async () => {
      await c.settings({ webhook_endpoint: { enabled_events: sent } });
      const id = await buyByDirectDebit();
      expect(await orders(h)).toEqual([expect.objectContaining({ status: 'pending' })]);
      await failAndExpire(id);
      await expectFailedOnce(id);
      await resendAll(h, id, (events) => [...events].reverse());
      await expectFailedOnce(id);
    });
  }

  it('reported every way, delivered in three shuffled orders, then each again in reverse: failed, one e-mail', async () => {
    for (const seed of [21, 22, 23]) {
      await h.call('POST', '/__harness/reset');
      await c.settings({ event_order_seed: seed, webhook_endpoint: { api_version: ACACIA } });
      const id = await buyByDirectDebit();
      await failAndExpire(id);
      await expectFailedOnce(id);
      await resendAll(h, id, (events) => [...events].reverse());
      await resendAll(h, id, (events) => events);
      await expectFailedOnce(id);
    }
  });
});
