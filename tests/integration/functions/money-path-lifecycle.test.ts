/**
 * The money path from the buyer's payment on, with the project's own functions as deployed (bundled, in workerd) and
 * the payment double delivering its events one by one in a shuffled order: what the agency sees is the `Order`
 * (service role), its outbox and the webhook's function logs; what the provider sees is every delivery's answer.
 * Day one in many orders, a Direct Debit that settles or fails, a renewal that fails until the subscription ends or is
 * left unpaid, cancellations and a bank's dispute. (An endpoint at another API version: webhook-endpoint-version.test.ts;
 * a failed first Direct Debit reported each way: first-debit-failure.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_S, paymentsClient } from '../../payment-provider/integration/payments-support.ts';
import { MONTHLY_PENCE, MONTHLY_TEXT, SETUP_PENCE, SETUP_TEXT } from '../../support/spec-figures.ts';
import { type Json, type Running, SERVICE_TOKEN } from '../emulator/emulator-harness.ts';
import { AGENCY, paidPurchase, startDeployed } from './deployed-functions.ts';
import { APP } from './function-harness.ts';

describe('the money path after the buyer pays', () => {
  let h: Running;
  let c: ReturnType<typeof paymentsClient>;
  const orders = async (): Promise<Json[]> =>
    (await h.call('GET', `/api/apps/${APP}/entities/Order`, { token: SERVICE_TOKEN })).body;
  const subjects = async (): Promise<string[]> =>
    (await h.call('GET', '/__harness/outbox')).body
      .filter((m: Json) => m.kind === 'email' && m.to === AGENCY)
      .map((m: Json) => m.subject);
  /** Every attempt to deliver the session's events, as the provider's dashboard lists them. */
  const attempts = async (id: string): Promise<Json[]> => (await c.events(id)).flatMap((e) => e.attempts);

  /** A session from the project's createCheckout, paid on the hosted page with `method`. */
  const buy = (method: 'card' | 'bacs_debit') => paidPurchase(h, method);

  beforeAll(async () => {
    h = await startDeployed();
    c = paymentsClient(h);
  }, 120_000);
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.call('POST', '/__harness/reset');
  });

  it('day one, delivered in five different orders: one paid Order and one e-mail each time, no delivery refused', async () => {
    const orderings = new Set<string>();
    for (const seed of [11, 12, 13, 14, 15]) {
      await h.call('POST', '/__harness/reset');
      await c.settings({ event_order_seed: seed });
      const id = await buy('card');
      const events = (await c.events(id)).filter((e) => e.attempts.length > 0);
      orderings.add(
        events
          .sort((a, b) => Date.parse(a.attempts[0].date) - Date.parse(b.attempts[0].date))
          .map((e) => e.type)
          .join(' '),
      );
      // The four events each delivered, some twice (the provider may): every delivery answered 200.
      expect(events).toHaveLength(4);
      const statuses = (await attempts(id)).map((a) => a.status);
      expect(statuses.length).toBeGreaterThanOrEqual(4);
      expect(new Set(statuses)).toEqual(new Set([200]));
      const [order, ...more] = await orders();
      expect(more).toEqual([]);
      expect(order).toMatchObject({
        session_id: id,
        status: 'paid',
        subscription_status: 'trialing',
        customer_email: 'buyer@example.co.uk',
        amount_total: SETUP_PENCE,
        monthly_amount: MONTHLY_PENCE,
        email_sent: true,
      });
      expect(await subjects()).toEqual([
        `New paid order: Gold package, ${SETUP_TEXT} today from buyer@example.co.uk`,
      ]);
    }
    expect(orderings.size).toBeGreaterThan(1);
  });

  it('with the sandbox’s retry schedule the outcome is the same: nothing needs a retry', async () => {
    await h.close();
    h = await startDeployed({}, true, {
      retry: { firstDelayMs: 2_000, maxDelayMs: 8_000, maxAttempts: 4 },
      eventOrderSeed: 3,
    });
    c = paymentsClient(h);
    const id = await buy('card');
    expect((await attempts(id)).every((a) => a.status === 200)).toBe(true);
    expect(await orders()).toHaveLength(1);
    expect(await subjects()).toHaveLength(1);
  }, 120_000);

  it('a Direct Debit: pending and silent until the bank confirms it, then paid with one e-mail', async () => {
    const id = await buy('bacs_debit');
    expect(await orders()).toEqual([
      expect.objectContaining({ status: 'pending', subscription_status: 'incomplete' }),
    ]);
    expect(await subjects()).toEqual([]);
    await c.settle(id, 'succeeded');
    expect(await orders()).toEqual([
      expect.objectContaining({ status: 'paid', subscription_status: 'trialing' }),
    ]);
    expect(await subjects()).toHaveLength(1);
  });

  it('a Direct Debit that fails: the Order failed, the subscription expired 23 hours on, one e-mail', async () => {
    const id = await buy('bacs_debit');
    await c.settle(id, 'failed');
    // The provider keeps the subscription incomplete for 23 hours after the failure, then expires it.
    for (let step = 0; step < 5 && (await c.clock(id, 'next')).status === 200; step++) {
      // Each step the provider planned runs; none is left once the subscription has expired.
    }
    expect(await orders()).toEqual([
      expect.objectContaining({
        status: 'failed',
        subscription_status: 'incomplete_expired',
        failure_email_sent: true,
      }),
    ]);
    expect(await subjects()).toEqual([
      `Direct Debit failed: Gold package, ${SETUP_TEXT} from buyer@example.co.uk`,
    ]);
  });

  it('a renewal that keeps failing: past due with one e-mail, then cancelled with one more', async () => {
    const id = await buy('card');
    const failed = await c.advance(id, 'failed');
    expect((await orders())[0]).toMatchObject({ subscription_status: 'past_due' });
    const renewal = `Renewal payment failed: Gold package, ${MONTHLY_TEXT} from buyer@example.co.uk`;
    expect((await subjects()).slice(1)).toEqual([renewal]);
    // Smart Retries' window (14 days) passes: every retry fails, then the account's setting cancels it.
    await c.clock(id, Date.parse(failed.body.order.clock) / 1000 + 15 * DAY_S);
    expect((await orders())[0]).toMatchObject({
      subscription_status: 'canceled',
      end_reason: 'payment_failed',
    });
    expect((await subjects()).slice(1)).toEqual([
      renewal,
      'Subscription ended after failed payments: Gold package of buyer@example.co.uk',
    ]);
  });

  it('or, when the account says so, left unpaid with one e-mail', async () => {
    await c.settings({ after_retries: 'unpaid', retries: { tries: 1, days: 3 } });
    const id = await buy('card');
    const failed = await c.advance(id, 'failed');
    await c.clock(id, Date.parse(failed.body.order.clock) / 1000 + 4 * DAY_S);
    expect((await orders())[0]).toMatchObject({ subscription_status: 'unpaid', unpaid_email_sent: true });
    expect((await subjects()).slice(1)).toEqual([
      `Renewal payment failed: Gold package, ${MONTHLY_TEXT} from buyer@example.co.uk`,
      'Subscription unpaid: Gold package of buyer@example.co.uk',
    ]);
  });

  it('a renewal paid by Direct Debit four business days on: the subscription active, no e-mail', async () => {
    const id = await buy('bacs_debit');
    await c.settle(id, 'succeeded');
    await c.advance(id, 'paid');
    expect((await orders())[0]).toMatchObject({ subscription_status: 'active', status: 'paid' });
    expect(await subjects()).toHaveLength(1);
  });

  it('a cancellation at a later period’s end (cancel_at) e-mails once; its end adds nothing', async () => {
    const id = await buy('card');
    const renewed = await c.advance(id, 'paid');
    const periodEnd = Date.parse(renewed.body.order.subscription.current_period_end) / 1000;
    const nextEnd = new Date(periodEnd * 1000);
    nextEnd.setUTCMonth(nextEnd.getUTCMonth() + 1);
    const cancelAt = nextEnd.getTime() / 1000;
    expect((await c.cancel(id, cancelAt)).status).toBe(200);
    expect((await orders())[0]).toMatchObject({ cancel_at: new Date(cancelAt * 1000).toISOString() });
    expect((await subjects()).slice(1)).toEqual([
      'Subscription cancelled: Gold package of buyer@example.co.uk',
    ]);
    await c.outcome(id, 'succeeds');
    await c.clock(id, cancelAt + 60);
    expect((await orders())[0]).toMatchObject({
      subscription_status: 'canceled',
      end_reason: 'cancellation_requested',
    });
    expect(await subjects()).toHaveLength(2);
  });

  it('a bank’s dispute of a confirmed Direct Debit flags the Order and e-mails once', async () => {
    const id = await buy('bacs_debit');
    await c.settle(id, 'succeeded');
    await c.dispute(id);
    await h.call('POST', `/__harness/checkout-sessions/${id}/webhook`, {
      body: { event_id: (await c.events(id)).find((e) => e.type === 'charge.dispute.created').id },
    });
    const [order] = await orders();
    expect(order).toMatchObject({
      disputed: true,
      disputes: [
        expect.objectContaining({ amount: SETUP_PENCE, currency: 'gbp', reason: 'debit_not_authorized' }),
      ],
    });
    expect((await subjects()).slice(1)).toEqual([
      `Payment disputed: ${SETUP_TEXT} of Gold package from buyer@example.co.uk`,
    ]);
  });
});
