/**
 * The payment double's billing over real HTTP: the charge it computes from a session's parameters (and the 400s it
 * answers for parameters the provider refuses), the hosted page that shows it, Bacs Direct Debit and its settlement,
 * and the subscription's renewals and cancellations, each with the events the provider sends (delivered to the
 * fixture stripeWebhook, which records every event it accepts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../../host-harness/src/emulator/payments/pay-page/display-format.ts';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import { startWithFixtures } from './function-harness.ts';
import {
  GOLD,
  goldAnchored,
  nearAnchor,
  providerClient,
  recordedEvents,
  without,
} from './provider-support.ts';

const DAY_S = 24 * 60 * 60;
const types = (events: Json[]) => events.map((e) => e.type).sort();

/** One calendar month after `timeS` (UTC), the day clamped to a shorter month's last day, as the provider counts. */
function monthLater(timeS: number): number {
  const d = new Date(timeS * 1000);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
  return target.getTime() / 1000;
}

describe('payment double: billing', () => {
  let h: Running;
  let c: ReturnType<typeof providerClient>;

  beforeAll(async () => {
    h = await startWithFixtures();
    c = providerClient(h);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.call('POST', '/__harness/reset');
  });

  describe('the anchor and its refusals', () => {
    const anchorParam = 'subscription_data[billing_cycle_anchor]';
    const now = () => Math.floor(Date.now() / 1000);
    const refusals: [string, () => Record<string, string>, string][] = [
      ['an anchor in the past', () => ({ ...GOLD, [anchorParam]: String(now() - 60) }), anchorParam],
      ['an anchor now', () => ({ ...GOLD, [anchorParam]: String(now()) }), anchorParam],
      [
        'an anchor at the next natural billing date',
        () => ({ ...GOLD, [anchorParam]: String(monthLater(now()) + 5) }),
        anchorParam,
      ],
      ['an anchor that is not a timestamp', () => ({ ...GOLD, [anchorParam]: 'tomorrow' }), anchorParam],
      [
        'an unknown proration_behavior',
        () => ({ ...goldAnchored(), 'subscription_data[proration_behavior]': 'always_invoice' }),
        'subscription_data[proration_behavior]',
      ],
      [
        'both trial_end and trial_period_days',
        () => ({
          ...GOLD,
          'subscription_data[trial_end]': String(now() + 5 * DAY_S),
          'subscription_data[trial_period_days]': '7',
        }),
        'subscription_data[trial_end]',
      ],
      [
        'a trial ending within 48 hours',
        () => ({ ...GOLD, 'subscription_data[trial_end]': String(now() + DAY_S) }),
        'subscription_data[trial_end]',
      ],
      [
        'subscription_data in payment mode',
        () => ({
          mode: 'payment',
          'line_items[0][price]': 'price_harness_gold_setup',
          'line_items[0][quantity]': '1',
          success_url: GOLD.success_url!,
          'subscription_data[proration_behavior]': 'none',
        }),
        'subscription_data',
      ],
      [
        'Bacs Direct Debit for a price in dollars',
        () => ({
          ...without(GOLD, 'line_items[1][price_data][recurring][interval]'),
          mode: 'payment',
          'line_items[0][price_data][currency]': 'usd',
          'line_items[1][price_data][currency]': 'usd',
          'payment_method_types[0]': 'bacs_debit',
        }),
        'payment_method_types',
      ],
      [
        'recurring prices with different intervals',
        () => ({
          ...GOLD,
          'line_items[2][price_data][currency]': 'gbp',
          'line_items[2][price_data][unit_amount]': '100',
          'line_items[2][price_data][recurring][interval]': 'year',
          'line_items[2][price_data][product_data][name]': 'Yearly',
          'line_items[2][quantity]': '1',
        }),
        'line_items',
      ],
    ];
    for (const [label, params, param] of refusals) {
      it(`refuses ${label}: the provider's 400 naming ${param}, and creates nothing`, async () => {
        const answer = await c.create(params());
        expect(answer.status).toBe(400);
        expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param });
        expect(await c.sessions()).toEqual([]);
      });
    }

    it('accepts an anchor just before the next natural billing date', async () => {
      const anchor = monthLater(now()) - 60;
      const answer = await c.create(goldAnchored(anchor));
      expect(answer.status).toBe(200);
      expect((await c.session(answer.body.id)).first_renewal).toBe(new Date(anchor * 1000).toISOString());
    });
  });

  describe('what is due today', () => {
    it('without billing terms the first invoice is the setup and the first month: £998.00', async () => {
      const before = Math.floor(Date.now() / 1000);
      const { body: session } = await c.create(GOLD);
      expect(session).toMatchObject({ amount_subtotal: 99_800, amount_total: 99_800 });
      const page = await h.call('GET', `/__harness/pay/${session.id}`);
      expect(page.text).toContain('Due today £998.00');
      // The page computes the date as it is served: a month after now.
      const dates = [formatDate(monthLater(before)), formatDate(monthLater(before + 5))];
      expect(dates.some((date) => page.text.includes(`then £199.00 per month from ${date}`))).toBe(true);
    });

    it('with an anchor and no proration: £799.00 today, the monthly line at £0.00, £199.00 from the anchor', async () => {
      const anchor = nearAnchor();
      const { body: session } = await c.create(goldAnchored(anchor));
      expect(session).toMatchObject({ amount_subtotal: 79_900, amount_total: 79_900 });
      const items = (await c.provider('GET', `/v1/checkout/sessions/${session.id}/line_items`)).body.data;
      expect(
        items.map((item: Json) => [item.description, item.amount_total, item.price.unit_amount]),
      ).toEqual([
        ['Gold package: one-time setup', 79_900, 79_900],
        ['Gold package: monthly', 0, 19_900],
      ]);
      const page = (await h.call('GET', `/__harness/pay/${session.id}`)).text;
      expect(page).toMatch(/Gold package: one-time setup<\/span> <span class="amount">£799\.00<\/span>/);
      expect(page).toMatch(
        /Gold package: monthly<\/span> <span class="amount">£199\.00 per month \(£0\.00 today\)/,
      );
      expect(page).toContain('Due today £799.00');
      expect(page).toContain(`then £199.00 per month from ${formatDate(anchor)}`);
      expect(await c.session(session.id)).toMatchObject({
        amount_total: 79_900,
        total_display: '£799.00',
        monthly_display: '£199.00',
        first_renewal_display: formatDate(anchor),
      });
    });

    it('with an anchor and the default prorations: the setup and the part of the month until the anchor', async () => {
      const start = Math.floor(Date.now() / 1000);
      const anchor = start + 7 * DAY_S;
      const { body: session } = await c.create(
        without(goldAnchored(anchor), 'subscription_data[proration_behavior]'),
      );
      const share = session.amount_total - 79_900;
      // 7 days of a 28-31 day month, computed at the double's own second.
      expect(share).toBeGreaterThanOrEqual(Math.floor((19_900 * 7) / 31));
      expect(share).toBeLessThanOrEqual(Math.ceil((19_900 * 7) / 28));
    });
  });

  describe('paying', () => {
    it('a card pays the setup at once: the subscription is active until the anchor, its first invoice £799.00', async () => {
      const anchor = nearAnchor();
      const { body: created } = await c.create(goldAnchored(anchor));
      expect((await c.pay(created.id, { payment_method: 'card' })).status).toBe(303);
      const session = (await c.provider('GET', `/v1/checkout/sessions/${created.id}`)).body;
      expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 79_900 });
      const subscription = (await c.provider('GET', `/v1/subscriptions/${session.subscription}`)).body;
      expect(subscription).toMatchObject({
        status: 'active',
        billing_cycle_anchor: anchor,
        customer: session.customer,
      });
      expect(subscription.items.data[0]).toMatchObject({
        current_period_end: anchor,
        price: { unit_amount: 19_900 },
      });
      const invoice = (await c.provider('GET', `/v1/invoices/${subscription.latest_invoice}`)).body;
      expect(invoice).toMatchObject({
        billing_reason: 'subscription_create',
        status: 'paid',
        amount_paid: 79_900,
      });
      expect(invoice.lines.data.map((line: Json) => line.amount)).toEqual([79_900]);
      const found = await c.provider('GET', `/v1/checkout/sessions?subscription=${session.subscription}`);
      expect(found.body.data.map((s: Json) => s.id)).toEqual([created.id]);

      const events = await c.events(created.id);
      expect(types(events)).toEqual(['checkout.session.completed', 'invoice.paid']);
      expect(events.every((e: Json) => e.state === 'delivered')).toBe(true);
      expect(types(await recordedEvents(h))).toEqual(['checkout.session.completed', 'invoice.paid']);
      expect(await c.session(created.id)).toMatchObject({ status: 'paid', payment_method: 'card' });
    });

    it('Bacs Direct Debit completes unpaid; settling it pays the invoice and activates the subscription', async () => {
      const { body: created } = await c.create(goldAnchored());
      const page = (await h.call('GET', `/__harness/pay/${created.id}`)).text;
      expect(page).toMatch(
        /<input type="radio" form="pay-form" name="payment_method" value="card" checked> Card/,
      );
      expect(page).toContain('value="bacs_debit"> Bacs Direct Debit (settles in a few days)');
      const paid = await c.pay(created.id, { payment_method: 'bacs_debit' });
      expect(paid.headers.get('location')).toBe(
        `http://localhost:4401/PaymentSuccess?session_id=${created.id}`,
      );
      expect(await c.session(created.id)).toMatchObject({ status: 'pending', payment_method: 'bacs_debit' });
      const session = (await c.provider('GET', `/v1/checkout/sessions/${created.id}`)).body;
      expect(session).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
      expect((await c.provider('GET', `/v1/subscriptions/${session.subscription}`)).body.status).toBe(
        'incomplete',
      );
      expect(types(await c.events(created.id))).toEqual(['checkout.session.completed']);

      const settled = await c.settle(created.id, 'succeeded');
      expect(settled.status).toBe(200);
      expect(settled.body.order).toMatchObject({ status: 'paid', subscription: { status: 'active' } });
      const sent = (await c.events(created.id)).filter((e: Json) => settled.body.sent.includes(e.id));
      expect(types(sent)).toEqual([
        'checkout.session.async_payment_succeeded',
        'customer.subscription.updated',
        'invoice.paid',
      ]);
      const succeeded = sent.find((e: Json) => e.type === 'checkout.session.async_payment_succeeded');
      expect(succeeded.event.data.object.payment_status).toBe('paid');
      const again = await c.settle(created.id, 'failed');
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('not_pending');
    });

    it('a failed Direct Debit leaves the session unpaid, the first invoice unpaid and the subscription expired', async () => {
      const { body: created } = await c.create(goldAnchored());
      await c.pay(created.id, { payment_method: 'bacs_debit' });
      const failed = await c.settle(created.id, 'failed');
      expect(failed.body.order).toMatchObject({
        status: 'failed',
        subscription: { status: 'incomplete_expired' },
      });
      const sent = (await c.events(created.id)).filter((e: Json) => failed.body.sent.includes(e.id));
      expect(types(sent)).toEqual([
        'checkout.session.async_payment_failed',
        'customer.subscription.updated',
        'invoice.payment_failed',
      ]);
      expect(sent.find((e: Json) => e.type === 'invoice.payment_failed').event.data.object).toMatchObject({
        billing_reason: 'subscription_create',
        status: 'open',
        attempt_count: 1,
      });
      expect((await c.advance(created.id, 'paid')).status).toBe(409);
    });

    it('refuses a method the session does not offer, and settling a card payment', async () => {
      const { body: created } = await c.create({ ...goldAnchored(), 'payment_method_types[0]': 'card' });
      const page = (await h.call('GET', `/__harness/pay/${created.id}`)).text;
      expect(page).not.toContain('bacs_debit');
      const refused = await c.pay(created.id, { payment_method: 'bacs_debit' });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('Choose a way to pay.');
      expect((await c.session(created.id)).status).toBe('open');
      await c.pay(created.id);
      expect((await c.settle(created.id, 'succeeded')).status).toBe(409);
    });
  });

  describe('the test clock: renewals and cancellations', () => {
    async function paidSubscription(anchor = nearAnchor()) {
      const { body: created } = await c.create(goldAnchored(anchor));
      await c.pay(created.id, { payment_method: 'card' });
      return created.id as string;
    }
    const lastSent = async (id: string, answer: { body: Json }) =>
      (await c.events(id)).filter((e: Json) => answer.body.sent.includes(e.id));

    it('the first path of the control routes, /__harness/orders, answers as /__harness/checkout-sessions, every sub-route included', async () => {
      const id = await paidSubscription();
      const both = async (path: string) => ({
        current: (await h.call('GET', `/__harness/checkout-sessions${path}`)).body,
        alias: (await h.call('GET', `/__harness/orders${path}`)).body,
      });
      const list = await both('');
      expect(list.alias).toEqual(list.current);
      const events = await both(`/${id}/events`);
      expect(events.alias).toEqual(events.current);
      const alias = (action: string, body?: Json) =>
        h.call('POST', `/__harness/orders/${id}/${action}`, { body });
      expect((await alias('webhook')).body.attempt).toMatchObject({ ok: true, status: 200 });
      expect((await alias('settle', { outcome: 'succeeded' })).body.code).toBe('not_pending');
      const renewed = await alias('advance', { renewal: 'paid' });
      expect(renewed.status).toBe(200);
      expect(types(await lastSent(id, renewed))).toEqual(['customer.subscription.updated', 'invoice.paid']);
      expect((await alias('cancel', { at: 'now' })).status).toBe(200);
      expect((await c.session(id)).subscription.status).toBe('canceled');
      const unknown = await h.call('POST', '/__harness/orders/cs_test_none/webhook');
      expect([unknown.status, unknown.body.code]).toEqual([404, 'session_not_found']);
    });

    it('advancing to a paid renewal charges £199.00 on the anchor and moves the period a month on', async () => {
      const anchor = nearAnchor();
      const id = await paidSubscription(anchor);
      const renewed = await c.advance(id, 'paid');
      expect(renewed.status).toBe(200);
      const sent = await lastSent(id, renewed);
      expect(types(sent)).toEqual(['customer.subscription.updated', 'invoice.paid']);
      const invoice = sent.find((e: Json) => e.type === 'invoice.paid').event;
      expect(invoice.created).toBe(anchor);
      expect(invoice.data.object).toMatchObject({
        billing_reason: 'subscription_cycle',
        amount_paid: 19_900,
      });
      expect(invoice.data.object.lines.data[0].period).toEqual({ start: anchor, end: monthLater(anchor) });
      expect(renewed.body.order.subscription).toMatchObject({
        status: 'active',
        current_period_end: new Date(monthLater(anchor) * 1000).toISOString(),
      });
    });

    it('a failed renewal leaves the subscription past_due with the invoice open and retried later', async () => {
      const id = await paidSubscription();
      const failed = await c.advance(id, 'failed');
      const sent = await lastSent(id, failed);
      expect(types(sent)).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);
      const invoice = sent.find((e: Json) => e.type === 'invoice.payment_failed').event.data.object;
      expect(invoice).toMatchObject({
        billing_reason: 'subscription_cycle',
        status: 'open',
        attempt_count: 1,
      });
      expect(invoice.next_payment_attempt).toBeGreaterThan(invoice.created);
      const updated = sent.find((e: Json) => e.type === 'customer.subscription.updated').event.data;
      expect(updated.object.status).toBe('past_due');
      expect(updated.previous_attributes.status).toBe('active');
      // A later renewal that is paid brings it back.
      expect((await c.advance(id, 'paid')).body.order.subscription.status).toBe('active');
    });

    it('cancelling at once deletes the subscription; the clock can then not advance it', async () => {
      const id = await paidSubscription();
      const cancelled = await c.cancel(id, 'now');
      const [deleted] = await lastSent(id, cancelled);
      expect(deleted.type).toBe('customer.subscription.deleted');
      expect(deleted.event.data.object).toMatchObject({ status: 'canceled' });
      expect(deleted.event.data.object.canceled_at).toBe(deleted.event.data.object.ended_at);
      expect((await c.advance(id, 'paid')).body.code).toBe('subscription_ended');
      expect((await c.cancel(id, 'now')).status).toBe(409);
    });

    it('cancelling at period end keeps it active until the clock reaches the end, which deletes it', async () => {
      const anchor = nearAnchor();
      const id = await paidSubscription(anchor);
      const scheduled = await c.cancel(id, 'period_end');
      const [updated] = await lastSent(id, scheduled);
      expect(updated.type).toBe('customer.subscription.updated');
      expect(updated.event.data.object).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        cancel_at: anchor,
      });
      expect(updated.event.data.previous_attributes.cancel_at_period_end).toBe(false);
      expect((await c.cancel(id, 'period_end')).body.code).toBe('already_cancelling');
      const ended = await c.advance(id, 'paid');
      const [deleted] = await lastSent(id, ended);
      expect(deleted.type).toBe('customer.subscription.deleted');
      expect(deleted.event.data.object).toMatchObject({ status: 'canceled', ended_at: anchor });
    });

    it('answers bad control calls with a 4xx and changes nothing', async () => {
      const { body: open } = await c.create(goldAnchored());
      expect((await c.advance(open.id, 'paid')).status).toBe(409);
      expect((await c.cancel(open.id, 'now')).status).toBe(409);
      expect((await c.settle(open.id, 'succeeded')).status).toBe(409);
      expect(
        (
          await h.call('POST', `/__harness/checkout-sessions/${open.id}/advance`, {
            body: { renewal: 'maybe' },
          })
        ).status,
      ).toBe(400);
      expect(
        (await h.call('POST', `/__harness/checkout-sessions/${open.id}/cancel`, { body: {} })).status,
      ).toBe(400);
      expect((await c.advance('cs_test_nope', 'paid')).status).toBe(404);
      expect((await c.events('cs_test_nope')) as unknown).toMatchObject({ code: 'session_not_found' });
      expect(await c.session(open.id)).toMatchObject({ status: 'open', events: [] });
    });
  });
});
