/**
 * stripeWebhook as deployed (bundled, in workerd) behind the emulator: signatures, the Order and e-mail a paid
 * checkout becomes, and one Order and one e-mail however often, and however simultaneously, an event arrives.
 */
import { describe, expect, it } from 'vitest';
import type { Running } from '../emulator/emulator-harness.ts';
import {
  AGENCY,
  agencyMail,
  completedEvent,
  type Delivery,
  deliver,
  deployedPerFile,
  orders,
} from './deployed-functions.ts';

describe('stripeWebhook in workerd', () => {
  let h: Running;

  deployedPerFile((started) => {
    h = started;
  });

  it('a signed paid checkout becomes one paid Order and one e-mail to the agency', async () => {
    const answer = await deliver(h, completedEvent('evt_1'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: true, order_id: expect.any(String) });
    expect(await orders(h)).toEqual([
      expect.objectContaining({
        id: answer.body.order_id,
        session_id: 'cs_test_workerd_1',
        customer_email: 'jane@example.co.uk',
        package: 'gold',
        amount_total: 99_800,
        setup_amount: 79_900,
        monthly_amount: 19_900,
        currency: 'gbp',
        status: 'paid',
        email_sent: true,
      }),
    ]);
    const mail = await agencyMail(h);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: AGENCY });
    expect(mail[0].body).toContain('Jane Doe <jane@example.co.uk>');
    expect(mail[0].body).toContain('£998.00');
  });

  it('refuses a wrong secret, a tampered body, an old timestamp or no signature: 400, and nothing recorded', async () => {
    const event = completedEvent('evt_forged');
    const cases: [string, Delivery][] = [
      ['wrong secret', { secret: 'whsec_someone_else' }],
      ['tampered body', { sentBody: JSON.stringify(event).replace('99800', '1') }],
      ['older than five minutes', { timestampS: Math.floor(Date.now() / 1000) - 301 }],
      ['no signature', { unsigned: true }],
    ];
    for (const [name, delivery] of cases) {
      const answer = await deliver(h, event, delivery);
      expect(answer.status, name).toBe(400);
      expect(answer.body.code, name).toBe('invalid_signature');
    }
    expect(await orders(h)).toEqual([]);
    expect(await agencyMail(h)).toEqual([]);
  });

  it('the same event delivered again, and three deliveries at once, record one Order and send one e-mail', async () => {
    const first = await deliver(h, completedEvent('evt_dup'));
    const again = await deliver(h, completedEvent('evt_dup'));
    expect(again.body).toEqual({ received: true, order_id: first.body.order_id });
    const together = completedEvent('evt_together', { id: 'cs_test_workerd_2' });
    const answers = await Promise.all([1, 2, 3].map(() => deliver(h, together)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.order_id)).size).toBe(1);
    expect((await orders(h)).map((o) => o.session_id).sort()).toEqual([
      'cs_test_workerd_1',
      'cs_test_workerd_2',
    ]);
    expect(await agencyMail(h)).toHaveLength(2);
  });

  it('acknowledges event types it does not handle without recording anything', async () => {
    for (const type of ['payment_intent.succeeded', 'customer.created']) {
      const answer = await deliver(h, { ...completedEvent(`evt_${type}`), type });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ received: true, ignored: true });
    }
    expect(await orders(h)).toEqual([]);
  });
});
