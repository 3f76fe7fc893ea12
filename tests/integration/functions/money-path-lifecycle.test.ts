/**
 * The money path after the buyer pays, with the project's own functions under Deno and the payment double's control
 * routes: a Direct Debit that settles or fails, renewals paid or failed, cancellations now or at period end, and
 * signed events the webhook cannot use. What the agency sees is the `Order` (service role) and its outbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../../host-harness/src/emulator/payments/webhooks/event-signature.ts';
import { type Json, type Running, SERVICE_TOKEN, startEmulator } from '../emulator/emulator-harness.ts';
import { APP, eventually, fn } from './function-harness.ts';
import { providerClient } from './provider-support.ts';

const AGENCY = 'agency@example.com';

describe('money path after day one: Direct Debit, renewals, cancellations', () => {
  let h: Running;
  let c: ReturnType<typeof providerClient>;
  const order = async (): Promise<Json> =>
    (await h.call('GET', `/api/apps/${APP}/entities/Order`, { token: SERVICE_TOKEN })).body[0];
  const mail = async (): Promise<Json[]> =>
    (await h.call('GET', '/__harness/outbox')).body.filter(
      (m: Json) => m.kind === 'email' && m.to === AGENCY,
    );
  const subjects = async () => (await mail()).map((m) => m.subject as string);

  /** A session from the project's createCheckout, paid on the hosted page with `method`. */
  async function buy(method: 'card' | 'bacs_debit'): Promise<string> {
    const answer = await h.call('POST', fn('createCheckout'), { body: { packageName: 'gold' } });
    const id = new URL(answer.body.url).pathname.split('/').pop()!;
    expect((await c.pay(id, { payment_method: method, email: 'buyer@example.co.uk' })).status).toBe(303);
    return id;
  }
  const settledActive = () =>
    eventually(
      async () => (await order())?.subscription_status === 'active',
      5_000,
      'the subscription active',
    );

  beforeAll(async () => {
    h = await startEmulator({ agencyEmail: AGENCY, webhookRetry: { firstDelayMs: 100 } });
    c = providerClient(h);
    await h.emulator.warmFunctions();
  }, 120_000);
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.call('POST', '/__harness/reset');
  });

  it('a Direct Debit is a pending Order and no e-mail until it settles; then paid and one e-mail', async () => {
    const id = await buy('bacs_debit');
    expect(await order()).toMatchObject({
      session_id: id,
      status: 'pending',
      amount_total: 79_900,
      email_sent: false,
    });
    expect(await mail()).toEqual([]);
    const settled = await c.settle(id, 'succeeded');
    expect(settled.body.order.events.every((e: Json) => e.delivered)).toBe(true);
    expect(await order()).toMatchObject({ status: 'paid', subscription_status: 'active', email_sent: true });
    expect(await subjects()).toEqual([
      'New paid order: Gold package, £799.00 today from buyer@example.co.uk',
    ]);
    // Delivered again by hand, nothing changes.
    for (const event of settled.body.order.events)
      await h.call('POST', `/__harness/checkout-sessions/${id}/webhook`, { body: { event_id: event.id } });
    expect(await mail()).toHaveLength(1);
  });

  it('a failed Direct Debit makes the Order failed, with one e-mail', async () => {
    const id = await buy('bacs_debit');
    await c.settle(id, 'failed');
    expect(await order()).toMatchObject({
      status: 'failed',
      subscription_status: 'incomplete_expired',
      failure_email_sent: true,
    });
    expect(await subjects()).toEqual(['Direct Debit failed: Gold package, £799.00 from buyer@example.co.uk']);
  });

  it('a failed renewal makes the subscription past_due with one e-mail; a paid one makes it active again', async () => {
    const id = await buy('card');
    await settledActive();
    const failed = await c.advance(id, 'failed');
    expect(failed.body.order.subscription.status).toBe('past_due');
    const pastDue = await order();
    expect(pastDue).toMatchObject({
      subscription_status: 'past_due',
      renewal_failures_notified: [expect.any(String)],
    });
    expect(pastDue.current_period_end).toBe(failed.body.order.subscription.current_period_end);
    const renewalMail = (await mail()).filter((m) => m.subject.startsWith('Renewal payment failed'));
    expect(renewalMail).toHaveLength(1);
    expect(renewalMail[0].body).toContain('The monthly payment of £199.00');

    const paid = await c.advance(id, 'paid');
    expect(await order()).toMatchObject({
      subscription_status: 'active',
      current_period_end: paid.body.order.subscription.current_period_end,
    });
    expect((await subjects()).filter((s) => s.startsWith('Renewal'))).toHaveLength(1);
  });

  it('cancelling at once makes it canceled with one e-mail', async () => {
    const id = await buy('card');
    await settledActive();
    await c.cancel(id, 'now');
    expect(await order()).toMatchObject({ subscription_status: 'canceled', cancellation_email_sent: true });
    expect((await subjects()).filter((s) => s.startsWith('Subscription cancelled'))).toHaveLength(1);
  });

  it('cancelling at period end e-mails once when asked; the end of the period makes it canceled, no second e-mail', async () => {
    const id = await buy('card');
    await settledActive();
    await c.cancel(id, 'period_end');
    expect(await order()).toMatchObject({ subscription_status: 'active', cancel_at_period_end: true });
    await c.advance(id, 'paid');
    expect(await order()).toMatchObject({ subscription_status: 'canceled' });
    expect((await subjects()).filter((s) => s.startsWith('Subscription cancelled'))).toHaveLength(1);
  });

  it('a signed event it cannot use is a 400 naming why, an unknown type a 200; neither stores anything', async () => {
    const send = async (event: unknown) => {
      const payload = JSON.stringify(event);
      return h.call('POST', fn('stripeWebhook'), {
        raw: payload,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': await signatureHeader(payload, 'whsec_harness_local'),
        },
      });
    };
    const base = { id: 'evt_odd', object: 'event', created: Math.floor(Date.now() / 1000) };
    const nullObject = await send({ ...base, type: 'checkout.session.completed', data: { object: null } });
    expect(nullObject.status).toBe(400);
    expect(nullObject.body).toEqual({
      error: 'The event cannot be used: data.object is not an object',
      code: 'unusable_event',
    });
    const numericPackage = await send({
      ...base,
      type: 'checkout.session.completed',
      data: {
        object: { id: 'cs_x', object: 'checkout.session', payment_status: 'paid', metadata: { package: 1 } },
      },
    });
    expect(numericPackage.status).toBe(400);
    expect(numericPackage.body.error).toContain('metadata.package is not text');
    const unknown = await send({ ...base, type: 'charge.refunded', data: { object: {} } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ received: true, ignored: true });
    const orders = await h.call('GET', `/api/apps/${APP}/entities/Order`, { token: SERVICE_TOKEN });
    expect(orders.body).toEqual([]);
    expect(await mail()).toEqual([]);
  });
});
