/**
 * `GET /v1/invoice_payments` with a limit equal to the number of payments: all of them, and no more to come.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GOLD, type PaymentsApp, paymentsApp } from '../support/payments-app.ts';

const apps: PaymentsApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

describe('GET /v1/invoice_payments', () => {
  it('has no more when the limit is exactly the number of payments, and more when it is one less', async () => {
    const h = await paymentsApp();
    apps.push(h);
    const { body: session } = await h.create(GOLD);
    await h.pay(session.id);
    const advanced = await h.control('POST', `/__harness/checkout-sessions/${session.id}/advance`, {
      renewal: 'paid',
    });
    expect(advanced.status).toBe(200);
    const charges = h.state.checkoutSessions.get(session.id)!.charges;
    expect(charges).toHaveLength(2);
    const two = await h.provider('GET', '/v1/invoice_payments?limit=2');
    expect(two.status).toBe(200);
    expect(two.body.data).toHaveLength(2);
    expect(two.body.has_more).toBe(false);
    const one = await h.provider('GET', '/v1/invoice_payments?limit=1');
    expect(one.body.data).toHaveLength(1);
    expect(one.body.has_more).toBe(true);
  });
});
