/**
 * A purchase is recorded whatever API version the webhook endpoint renders its events in, and however often they are
 * delivered: the project's functions as deployed (bundled, in workerd), createCheckout opening the session, the buyer
 * paying on the payment double's hosted page, and the double delivering its events (shuffled) to stripeWebhook, then
 * every one of them again by hand (the dashboard's "Resend"). The provider keeps each event as rendered when it was
 * created, so an endpoint created at an older version must lose nothing: the webhook reads each object from the
 * provider at the version the functions pin.
 */
import { describe, expect, it } from 'vitest';
import {
  ACACIA,
  PINNED_VERSION,
  paymentsClient,
} from '../../payment-provider/integration/payments-support.ts';
import { MONTHLY_PENCE, SETUP_PENCE, SETUP_TEXT } from '../../support/spec-figures.ts';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import {
  AGENCY,
  agencyMail,
  deployedPerFile,
  orders,
  paidPurchase,
  resendAll,
} from './deployed-functions.ts';

const BUYER = 'buyer@example.co.uk';
const PAID_SUBJECT = `New paid order: Gold package, ${SETUP_TEXT} today from ${BUYER}`;

describe('an order whatever the webhook endpoint’s API version', () => {
  let h: Running;
  let c: ReturnType<typeof paymentsClient>;
  deployedPerFile((started) => {
    h = started;
    c = paymentsClient(h);
  });

  const buy = (method: 'card' | 'bacs_debit') => paidPurchase(h, method, BUYER);

  /** Every attempt to deliver the session's events, as the provider's dashboard lists them. */
  const statuses = async (id: string): Promise<number[]> =>
    (await c.events(id)).flatMap((e: Json) => e.attempts.map((a: Json) => a.status));

  for (const version of [ACACIA, PINNED_VERSION]) {
    it(`an endpoint at ${version}: a card purchase is one paid Order and one e-mail, delivered once or three times`, async () => {
      await c.settings({ webhook_endpoint: { api_version: version } });
      const id = await buy('card');
      const rendered = (await c.events(id)).find((e: Json) => e.type === 'invoice.paid');
      expect(rendered.event.api_version).toBe(version);
      // Each of the four events answered 200 (the provider may deliver one of them twice: that one twice).
      const answered = await statuses(id);
      expect(answered.length).toBeGreaterThanOrEqual(4);
      expect(new Set(answered)).toEqual(new Set([200]));
      await resendAll(h, id, (events) => [...events].reverse());
      await resendAll(h, id, (events) => [...events].reverse());
      expect(await orders(h)).toEqual([
        expect.objectContaining({
          session_id: id,
          status: 'paid',
          package: 'gold',
          customer_email: BUYER,
          amount_total: SETUP_PENCE,
          monthly_amount: MONTHLY_PENCE,
          subscription_status: 'trialing',
          email_sent: true,
        }),
      ]);
      const mail = await agencyMail(h);
      expect(mail.map((m: Json) => m.subject)).toEqual([PAID_SUBJECT]);
      expect(mail[0].to).toBe(AGENCY);
    });
  }

  it(`an endpoint at ${ACACIA}: a Direct Debit is pending and silent, then paid with one e-mail once the bank confirms it`, async () => {
    await c.settings({ webhook_endpoint: { api_version: ACACIA } });
    const id = await buy('bacs_debit');
    expect(await orders(h)).toEqual([
      expect.objectContaining({ status: 'pending', subscription_status: 'incomplete' }),
    ]);
    expect(await agencyMail(h)).toEqual([]);
    await c.settle(id, 'succeeded');
    await resendAll(h, id, (events) => [...events].reverse());
    expect(await orders(h)).toEqual([
      expect.objectContaining({ session_id: id, status: 'paid', subscription_status: 'trialing' }),
    ]);
    expect((await agencyMail(h)).map((m: Json) => m.subject)).toEqual([PAID_SUBJECT]);
    expect((await statuses(id)).every((status) => status === 200)).toBe(true);
  });
});
