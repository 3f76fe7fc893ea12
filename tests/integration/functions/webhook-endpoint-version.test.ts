/**
 * A purchase is recorded whatever API version the webhook endpoint renders its events in, and however often they are
 * delivered: the project's functions as deployed (bundled, in workerd), createCheckout opening the session, the buyer
 * paying on the payment double's hosted page, and the double delivering its events (shuffled) to stripeWebhook, then
 * every one of them again by hand (the dashboard's "Resend"). The provider keeps each event as rendered when it was
 * created, so an endpoint created at an older version must lose nothing: the webhook reads each object from the
 * provider at the version the functions pin.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONTHLY_PENCE, SETUP_PENCE, SETUP_TEXT } from '../../support/spec-figures.ts';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import { ACACIA, PINNED_VERSION, paymentsClient } from '../payments/payments-support.ts';
import { AGENCY, agencyMail, checkout, orders, startDeployed } from './deployed-functions.ts';

const BUYER = 'buyer@example.co.uk';
const PAID_SUBJECT = `New paid order: Gold package, ${SETUP_TEXT} today from ${BUYER}`;

describe('an order whatever the webhook endpoint’s API version', () => {
  let h: Running;
  let c: ReturnType<typeof paymentsClient>;

  /** A session from the project's createCheckout, paid on the hosted page with `method`. */
  async function buy(method: 'card' | 'bacs_debit'): Promise<string> {
    const answer = await checkout(h, { packageName: 'gold' });
    expect(answer.status, answer.text).toBe(200);
    const id = new URL(answer.body.url).pathname.split('/').pop()!;
    expect((await c.pay(id, { payment_method: method, email: BUYER })).status).toBe(303);
    return id;
  }

  /** Every attempt to deliver the session's events, as the provider's dashboard lists them. */
  const statuses = async (id: string): Promise<number[]> =>
    (await c.events(id)).flatMap((e: Json) => e.attempts.map((a: Json) => a.status));

  /** Sends each of the session's delivered events again, last first, as the dashboard's "Resend" does. */
  async function resendAll(id: string): Promise<void> {
    const sent = (await c.events(id)).filter((e: Json) => e.state !== 'not_sent').reverse();
    expect(sent.length).toBeGreaterThan(0);
    for (const event of sent) {
      const again = await h.call('POST', `/__harness/checkout-sessions/${id}/webhook`, {
        body: { event_id: event.id },
      });
      expect(again.body.attempt, JSON.stringify(again.body)).toMatchObject({ ok: true, status: 200 });
    }
  }

  beforeAll(async () => {
    h = await startDeployed();
    c = paymentsClient(h);
  }, 120_000);
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.call('POST', '/__harness/reset');
  });

  for (const version of [ACACIA, PINNED_VERSION]) {
    it(`an endpoint at ${version}: a card purchase is one paid Order and one e-mail, delivered once or three times`, async () => {
      await c.settings({ webhook_endpoint: { api_version: version } });
      const id = await buy('card');
      const rendered = (await c.events(id)).find((e: Json) => e.type === 'invoice.paid');
      expect(rendered.event.api_version).toBe(version);
      expect(await statuses(id)).toEqual([200, 200, 200, 200]);
      await resendAll(id);
      await resendAll(id);
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
    await resendAll(id);
    expect(await orders(h)).toEqual([
      expect.objectContaining({ session_id: id, status: 'paid', subscription_status: 'trialing' }),
    ]);
    expect((await agencyMail(h)).map((m: Json) => m.subject)).toEqual([PAID_SUBJECT]);
    expect((await statuses(id)).every((status) => status === 200)).toBe(true);
  });
});
