/**
 * stripeWebhook as deployed (bundled, in workerd) behind the emulator, fed the double's own events of a real purchase
 * by hand (signed as the provider signs them): signatures, the Order and e-mail a purchase becomes, one Order and one
 * e-mail however often and however simultaneously its events arrive, and purchases that are not this site's.
 */
import { describe, expect, it } from 'vitest';
import { goldWithTrial, nowS, paymentsClient } from '../../payment-provider/integration/payments-support.ts';
import { CURRENCY, SETUP_PENCE, SETUP_TEXT } from '../../support/spec-figures.ts';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import {
  AGENCY,
  agencyMail,
  type Delivery,
  deliver,
  deployedPerFile,
  orders,
  undeliveredPurchase,
} from './deployed-functions.ts';

describe('stripeWebhook in workerd', () => {
  let h: Running;

  deployedPerFile((started) => {
    h = started;
  });

  it('the events of a purchase become one paid Order and one e-mail to the agency, in any order and however often', async () => {
    const { id, events } = await undeliveredPurchase(h);
    const order = [
      events['checkout.session.completed'],
      events['customer.subscription.updated'],
      events['invoice.paid'],
      events['customer.subscription.created'],
    ];
    for (const event of order) {
      const answer = await deliver(h, event);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ received: true, order_id: expect.any(String) });
    }
    // Again, three at once.
    await Promise.all(order.slice(0, 3).map((event) => deliver(h, event)));
    expect(await orders(h)).toEqual([
      expect.objectContaining({
        session_id: id,
        customer_email: 'jane@example.co.uk',
        package: 'gold',
        amount_total: SETUP_PENCE,
        currency: CURRENCY,
        status: 'paid',
        subscription_status: 'trialing',
        email_sent: true,
      }),
    ]);
    const mail = await agencyMail(h);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: AGENCY });
    expect(mail[0].body).toContain(`Paid today: ${SETUP_TEXT} (the one-time setup)`);
  });

  it('refuses a wrong secret, a tampered body, an old timestamp or no signature: 400, and nothing recorded', async () => {
    const { events } = await undeliveredPurchase(h);
    const event = events['checkout.session.completed']!;
    const tampered = JSON.stringify({ ...event, id: 'evt_tampered' });
    const cases: Delivery[] = [
      { secret: 'whsec_not_the_secret' },
      { sentBody: tampered },
      { timestampS: Math.floor(Date.now() / 1000) - 600 },
      { unsigned: true },
    ];
    for (const delivery of cases) {
      const answer = await deliver(h, event, delivery);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('invalid_signature');
    }
    expect(await orders(h)).toEqual([]);
    expect(await agencyMail(h)).toEqual([]);
  });

  it('a signed event whose ids are oversized (5,000 characters) is a 400 naming the id, and records nothing', async () => {
    const { events } = await undeliveredPurchase(h);
    const long = (prefix: string) => `${prefix}${'x'.repeat(5_000 - prefix.length)}`;
    const withObjectId = (event: Json, id: string) => ({
      ...event,
      data: { ...event.data, object: { ...event.data.object, id } },
    });
    const cases: [Json, string][] = [
      [withObjectId(events['customer.subscription.updated'], long('sub_')), 'data.object.id'],
      [withObjectId(events['checkout.session.completed'], long('cs_test_')), 'data.object.id'],
      [withObjectId(events['invoice.paid'], long('in_')), 'data.object.id'],
      [{ ...events['invoice.paid'], id: long('evt_') }, 'id'],
    ];
    for (const [event, field] of cases) {
      const answer = await deliver(h, event);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body).toEqual({
        error: `The event cannot be used: ${field} is not one of the provider's ids`,
        code: 'unusable_event',
      });
    }
    expect(await orders(h)).toEqual([]);
    expect(await agencyMail(h)).toEqual([]);
  });

  it('acknowledges event types it does not handle, and purchases that are not the site’s, recording nothing', async () => {
    const { events } = await undeliveredPurchase(h);
    const finalized = await deliver(h, events['invoice.finalized']);
    expect(finalized.body).toEqual({ received: true, ignored: true });
    // Another product sold on the same account: its subscription names no package.
    const api = paymentsClient(h);
    const other = await api.create(
      goldWithTrial(nowS() + 30 * 86_400, {
        'subscription_data[metadata][package]': '',
        'metadata[package]': '',
      }),
    );
    await api.pay(other.body.id, { payment_method: 'card', email: 'someone@example.co.uk' });
    const stored: Json[] = (await h.call('GET', `/__harness/checkout-sessions/${other.body.id}/events`)).body;
    for (const { event } of stored.filter((e) => e.type !== 'invoice.finalized')) {
      const answer = await deliver(h, event);
      if (answer.body.ignored === true && answer.body.reason)
        expect(answer.body.reason).toMatch(/names no package/);
      expect(answer.status).toBe(200);
    }
    expect(await orders(h)).toEqual([]);
    expect(await agencyMail(h)).toEqual([]);
    const logs: Json[] = (await h.call('GET', '/__harness/functions/stripeWebhook/logs')).body;
    expect(
      logs.some((l) => l.line.includes("is not this site's purchase") && l.line.includes('names no package')),
    ).toBe(true);
  });
});
