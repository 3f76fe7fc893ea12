/**
 * The payment double's billing over real HTTP (with the fixture functions as the webhook): what a session charges
 * today under each of the provider's billing terms, and its control routes (the clock, cancellations, the first path
 * `/__harness/orders` kept as an alias), with bad control calls answered 4xx and changing nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Json, Running } from '../../integration/emulator/emulator-harness.ts';
import { startWithFixtures } from '../../integration/functions/function-harness.ts';
import {
  MONTHLY_PENCE,
  SETUP_AND_MONTH_PENCE,
  SETUP_AND_MONTH_TEXT,
  SETUP_PENCE,
  SETUP_TEXT,
} from '../../support/spec-figures.ts';
import { DAY_S, nowS } from './payments-support.ts';
import { GOLD, goldTrial, providerClient } from './provider-support.ts';

describe('payment double: billing', () => {
  let h: Running;
  let c: ReturnType<typeof providerClient>;
  const types = (events: Json[]) => events.map((e: Json) => e.type).sort();

  beforeAll(async () => {
    h = await startWithFixtures();
    c = providerClient(h);
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.call('POST', '/__harness/reset');
  });

  describe('what is due today', () => {
    it('without billing terms the first invoice is the setup and the first month', async () => {
      const { body } = await c.create(GOLD);
      expect(body.amount_total).toBe(SETUP_AND_MONTH_PENCE);
      expect((await c.page(body.id)).text).toContain(`Due today ${SETUP_AND_MONTH_TEXT}`);
    });

    it('with a trial: the setup only, the monthly fee free until the trial ends', async () => {
      const end = nowS() + 30 * DAY_S;
      const { body } = await c.create(goldTrial(end));
      expect(body.amount_total).toBe(SETUP_PENCE);
      const items = await c.provider('GET', `/v1/checkout/sessions/${body.id}/line_items`);
      expect(items.body.data.map((item: Json) => item.amount_total)).toEqual([SETUP_PENCE, 0]);
      const summary = await c.session(body.id);
      expect(Date.parse(summary.first_renewal) / 1000).toBe(end);
      expect((await c.page(body.id)).text).toContain(`Due today ${SETUP_TEXT}`);
    });

    it('with an anchor and the default prorations (recurring price only): the part of the month until the anchor', async () => {
      const recurringOnly = Object.fromEntries(
        Object.entries(GOLD)
          .filter(([k]) => !k.startsWith('line_items[0]'))
          .map(([k, v]) => [k.replace('line_items[1]', 'line_items[0]'), v]),
      );
      const anchor = nowS() + 10 * DAY_S;
      const { body } = await c.create({
        ...recurringOnly,
        'subscription_data[billing_cycle_anchor]': String(anchor),
      });
      const natural = new Date();
      natural.setUTCMonth(natural.getUTCMonth() + 1);
      const fraction = (anchor - nowS()) / (natural.getTime() / 1000 - nowS());
      // Rounded to a penny, and the clock moved a little between the two readings.
      expect(Math.abs(body.amount_total - MONTHLY_PENCE * fraction)).toBeLessThan(MONTHLY_PENCE * 0.05);
    });
  });

  describe('the control routes', () => {
    async function paidSubscription() {
      const { body: created } = await c.create(goldTrial());
      await c.pay(created.id, { payment_method: 'card' });
      return created.id as string;
    }
    const lastSent = async (id: string, answer: { body: Json }) =>
      (await c.events(id)).filter((e: Json) => answer.body.sent.includes(e.id));

    it('the first path, /__harness/orders, answers as /__harness/checkout-sessions, every sub-route included', async () => {
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
      expect(types(await lastSent(id, renewed))).toEqual([
        'customer.subscription.trial_will_end',
        'customer.subscription.updated',
        'invoice.created',
        'invoice.finalized',
        'invoice.paid',
        'invoice.payment_succeeded',
      ]);
      expect((await alias('cancel', { at: 'now' })).status).toBe(200);
      expect((await c.session(id)).subscription.status).toBe('canceled');
      const unknown = await h.call('POST', '/__harness/orders/cs_test_none/webhook');
      expect([unknown.status, unknown.body.code]).toEqual([404, 'session_not_found']);
    });

    it('a paid renewal charges the monthly fee at the trial’s end and moves the period a month on', async () => {
      const end = nowS() + 30 * DAY_S;
      const { body: created } = await c.create(goldTrial(end));
      await c.pay(created.id, { payment_method: 'card' });
      const renewed = await c.advance(created.id, 'paid');
      const { subscription } = renewed.body.order;
      expect(subscription.status).toBe('active');
      expect(subscription.invoices.map((i: Json) => [i.billing_reason, i.status, i.amount_due])).toEqual([
        ['subscription_create', 'paid', SETUP_PENCE],
        ['subscription_cycle', 'paid', MONTHLY_PENCE],
      ]);
      const periodEnd = new Date(end * 1000);
      periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
      expect(subscription.current_period_end).toBe(periodEnd.toISOString());
    });

    it('cancelling at period end keeps it until the clock reaches the end, which deletes it; cancel_at must be a period’s end', async () => {
      const id = await paidSubscription();
      expect((await c.cancel(id, nowS() + 3 * DAY_S)).body.code).toBe('cancel_at_inside_period');
      const scheduled = await c.cancel(id, 'period_end');
      expect(scheduled.body.order.subscription).toMatchObject({
        status: 'trialing',
        cancel_at_period_end: true,
      });
      expect((await c.cancel(id, 'period_end')).body.code).toBe('already_cancelling');
      // The next step is the trial's notice, three days before its end; the end itself deletes the subscription.
      const notice = await c.clock(id, 'next');
      expect(types(await lastSent(id, notice))).toEqual(['customer.subscription.trial_will_end']);
      const ended = await c.clock(id, scheduled.body.order.subscription.cancel_at);
      expect(types(await lastSent(id, ended))).toEqual(['customer.subscription.deleted']);
      expect(ended.body.order.subscription.status).toBe('canceled');
      expect((await c.advance(id, 'paid')).body.code).toBe('subscription_ended');
    });

    it('answers bad control calls with a 4xx and changes nothing', async () => {
      const { body: open } = await c.create(goldTrial());
      expect((await c.advance(open.id, 'paid')).status).toBe(409);
      expect((await c.cancel(open.id, 'now')).status).toBe(409);
      expect((await c.settle(open.id, 'succeeded')).status).toBe(409);
      expect((await c.dispute(open.id)).status).toBe(409);
      expect((await c.clock(open.id, 'next')).status).toBe(409);
      const bad = (path: string, body: Json) =>
        h.call('POST', `/__harness/checkout-sessions/${open.id}/${path}`, { body });
      expect((await bad('advance', { renewal: 'maybe' })).status).toBe(400);
      expect((await bad('cancel', {})).status).toBe(400);
      expect((await bad('cancel', { at: 'tomorrow' })).status).toBe(400);
      expect((await bad('clock', { to: 'soon' })).status).toBe(400);
      expect((await bad('payment-method', { outcome: 'sometimes' })).status).toBe(400);
      expect((await c.advance('cs_test_nope', 'paid')).status).toBe(404);
      expect((await c.events('cs_test_nope')) as unknown).toMatchObject({ code: 'session_not_found' });
      expect(await c.session(open.id)).toMatchObject({ status: 'open', events: [] });
      const settings = await c.settings({ retries: { tries: 99 } });
      expect([settings.status, settings.body.message]).toEqual([
        400,
        'retries.tries must be a whole number from 0 to 8',
      ]);
      expect((await c.settings({ colour: 'red' })).body.message).toBe('settings.colour is not a setting');
      expect((await c.advanceTime(0)).status).toBe(400);
    });

    it('a clock only moves forward', async () => {
      const id = await paidSubscription();
      const summary = await c.session(id);
      const back = await c.clock(id, Date.parse(summary.clock) / 1000 - 60);
      expect([back.status, back.body.code]).toEqual([409, 'clock_backwards']);
    });
  });
});
