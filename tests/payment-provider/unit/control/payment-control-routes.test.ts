/**
 * The payment double's control API in-process (tests and people, never the site): the sessions with their events, a
 * first Direct Debit's confirmation, the buyer's payment method, a renewal's outcome, the subscription's test clock,
 * cancellation, a bank's dispute, resending an event by hand, and the account's settings and clock. Each action
 * answers with the session as the control API summarises it and the ids of the events it stored; a session the double
 * does not know is a 404, a billing conflict a 409 naming it, a malformed body a 400. The routes answer at
 * `/__harness/checkout-sessions` and at their first path, `/__harness/orders` (the harness contract names it).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  CHECKOUT_SESSION_ROUTES,
  PAYMENT_ACCOUNT_ROUTE,
} from '../../../../host-harness/payments/control/payment-control-routes.ts';
import { MONTHLY_PENCE, SETUP_AND_MONTH_PENCE, SETUP_PENCE } from '../../../support/spec-figures.ts';
import { endpointServer } from '../support/endpoint-server.ts';
import { GOLD, PRICES } from '../support/payments-app.ts';
import {
  afterTest,
  type ControlApp,
  controlApp,
  DAY_S,
  HOUR_S,
  iso,
  NOW_S,
  secondsOf,
} from './control-app.ts';

const SESSIONS = '/__harness/checkout-sessions';
const ORDERS = '/__harness/orders';

const noSession = { status: 404, body: { message: 'No such checkout session', code: 'session_not_found' } };
const conflict = (message: string, code: string) => ({ status: 409, body: { message, code } });
const badRequest = (message: string, code = 'bad_request') => ({ status: 400, body: { message, code } });

/** Status and body of an answer (headers left out). */
const seen = (answer: { status: number; body: unknown }) => ({ status: answer.status, body: answer.body });

/** The ids of the events stored for a session after the first `before`. */
const storedAfter = (h: ControlApp, id: string, before: number) =>
  h.state.providerEvents
    .bySession(id)
    .slice(before)
    .map((event) => event.id);

/** A gold session paid by card (the subscription started at NOW_S: its first period ends on 2 April 2026). */
async function paidByCard(h: ControlApp, fields: Record<string, string> = GOLD) {
  const id = await h.session(fields);
  await h.pay(id, 'card');
  return id;
}

describe('the routes’ paths', () => {
  it('sessions at /__harness/checkout-sessions and its alias /__harness/orders; the account at /__harness/payments', () => {
    expect(CHECKOUT_SESSION_ROUTES).toStrictEqual(['/__harness/checkout-sessions', '/__harness/orders']);
    expect(PAYMENT_ACCOUNT_ROUTE).toBe('/__harness/payments');
  });

  it('every session route answers under the alias too', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const list = await h.control('GET', ORDERS);
    expect(list.status).toBe(200);
    expect(list.body).toStrictEqual((await h.control('GET', SESSIONS)).body);
    const events = await h.control('GET', `${ORDERS}/${id}/events`);
    expect(events.body.map((event: { type: string }) => event.type)).toStrictEqual(h.types(id));
    const outcome = await h.control('POST', `${ORDERS}/${id}/payment-method`, { outcome: 'fails' });
    expect(outcome.body.order.payment_outcome).toBe('fails');
    expect(seen(await h.control('POST', `${ORDERS}/cs_nope/dispute`, {}))).toStrictEqual(noSession);
    expect(seen(await h.control('POST', `${ORDERS}/cs_nope/webhook`, {}))).toStrictEqual(noSession);
    expect(seen(await h.control('POST', `${ORDERS}/cs_nope/settle`, { outcome: 'failed' }))).toStrictEqual(
      noSession,
    );
    expect(seen(await h.control('POST', `${ORDERS}/cs_nope/advance`, { renewal: 'paid' }))).toStrictEqual(
      noSession,
    );
    expect(seen(await h.control('POST', `${ORDERS}/cs_nope/clock`, { to: 'next' }))).toStrictEqual(noSession);
    expect(seen(await h.control('POST', `${ORDERS}/cs_nope/cancel`, { at: 'now' }))).toStrictEqual(noSession);
  });
});

describe('an action’s answer', () => {
  it('the session as the action left it when a reset removed it during the first deliveries', async () => {
    const server = await endpointServer([{ status: 200, body: 'ok' }]);
    afterTest(() => server.close());
    let reset = () => {};
    const h = await controlApp({
      endpoint: () => {
        reset();
        return `${server.url}/hook`;
      },
    });
    h.payments.dispatcher.start();
    await h.control('POST', '/__harness/payments/settings', { webhook_endpoint: { enabled_events: ['*'] } });
    const id = await paidByCard(h);
    const before = h.types(id).length;
    reset = () => h.db.exec('DELETE FROM orders');
    const answer = await h.control('POST', `${SESSIONS}/${id}/cancel`, { at: 'now' });
    expect(h.state.checkoutSessions.get(id)).toBeUndefined();
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ id, status: 'paid', subscription: { status: 'canceled' } });
    expect(answer.body.sent).toStrictEqual(storedAfter(h, id, before));
    expect(answer.body.sent.length).toBeGreaterThan(0);
  });
});

describe('GET /__harness/checkout-sessions', () => {
  it('lists every session in creation order, each as the control API summarises it', async () => {
    const h = await controlApp();
    expect(seen(await h.control('GET', SESSIONS))).toStrictEqual({ status: 200, body: [] });
    const first = await paidByCard(h);
    const second = await h.session({ ...GOLD, 'metadata[package]': 'silver' });
    const list = (await h.control('GET', SESSIONS)).body;
    expect(list.map((row: { id: string }) => row.id)).toStrictEqual([first, second]);
    expect(list[0]).toMatchObject({
      package: 'gold',
      status: 'paid',
      amount_total: SETUP_AND_MONTH_PENCE,
      setup_amount: SETUP_PENCE,
      monthly_amount: MONTHLY_PENCE,
      clock: iso(NOW_S),
      next_step_at: '2026-04-02T10:00:00.000Z',
    });
    expect(list[0].events.map((event: { type: string }) => event.type)).toStrictEqual(h.types(first));
    expect(list[1]).toMatchObject({ package: 'silver', status: 'open', subscription: null, events: [] });
    // An open session's first renewal is a month after paying now: the double's now.
    expect(list[1].first_renewal).toBe('2026-04-02T10:00:00.000Z');
    await h.control('POST', '/__harness/payments/time', { advance_seconds: 20 * HOUR_S });
    expect((await h.summary(second)).first_renewal).toBe('2026-04-03T06:00:00.000Z');
    expect((await h.summary(first)).first_renewal).toBe('2026-04-02T10:00:00.000Z');
  });
});

describe('GET /__harness/checkout-sessions/:id/events', () => {
  it('each event of the session in order, its delivery state and attempts, and its body parsed', async () => {
    const h = await controlApp();
    const id = await h.session();
    expect(seen(await h.control('GET', `${SESSIONS}/${id}/events`))).toStrictEqual({ status: 200, body: [] });
    await h.pay(id);
    const answer = await h.control('GET', `${SESSIONS}/${id}/events`);
    expect(answer.status).toBe(200);
    const stored = h.state.providerEvents.bySession(id);
    expect(stored.length).toBeGreaterThan(1);
    expect(answer.body).toStrictEqual(
      stored.map(({ payload, ...event }) => ({ ...event, event: JSON.parse(payload) })),
    );
    expect(answer.body[0]).not.toHaveProperty('payload');
    expect(answer.body.at(-1).event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id, status: 'complete' } },
    });
  });

  it('a session the double does not know is a 404', async () => {
    const h = await controlApp();
    expect(seen(await h.control('GET', `${SESSIONS}/cs_nope/events`))).toStrictEqual(noSession);
  });
});

describe('POST /__harness/checkout-sessions/:id/settle', () => {
  it('succeeded: the bank confirms the first Direct Debit seven business days on, the session is paid', async () => {
    const h = await controlApp();
    const id = await h.session();
    await h.pay(id, 'bacs_debit');
    const before = h.types(id).length;
    const answer = await h.control('POST', `${SESSIONS}/${id}/settle`, { outcome: 'succeeded' });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toStrictEqual(await h.summary(id));
    expect(answer.body.order).toMatchObject({
      status: 'paid',
      clock: '2026-03-11T10:00:00.000Z',
      subscription: { status: 'active', invoices: [{ status: 'paid' }] },
    });
    expect(answer.body.sent).toStrictEqual(storedAfter(h, id, before));
    expect(h.types(id).slice(before)).toContain('checkout.session.async_payment_succeeded');
  });

  it('failed: the session failed, the subscription incomplete; the clock 23 hours on expires it, its invoice voided', async () => {
    const h = await controlApp();
    const id = await h.session();
    await h.pay(id, 'bacs_debit');
    const before = h.types(id).length;
    const answer = await h.control('POST', `${SESSIONS}/${id}/settle`, { outcome: 'failed' });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      status: 'failed',
      subscription: { status: 'incomplete', invoices: [{ status: 'open' }] },
    });
    expect(answer.body.sent).toStrictEqual(storedAfter(h, id, before));
    expect(h.types(id).slice(before)).toContain('checkout.session.async_payment_failed');
    const failedAt = Date.parse(answer.body.order.clock) / 1000;
    expect(Date.parse(answer.body.order.next_step_at) / 1000).toBe(failedAt + 23 * HOUR_S);
    const later = await h.control('POST', `${SESSIONS}/${id}/clock`, { to: 'next' });
    expect(later.body.order).toMatchObject({
      status: 'failed',
      subscription: { status: 'incomplete_expired', invoices: [{ status: 'void' }] },
    });
    expect(h.types(id).slice(-2)).toStrictEqual(['customer.subscription.updated', 'invoice.voided']);
  });

  it('a conflict when no Direct Debit is waiting; the outcome must be named; an unknown session is a 404', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/settle`, { outcome: 'succeeded' }))).toStrictEqual(
      conflict('This session has no Direct Debit waiting to settle', 'not_pending'),
    );
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/settle`, {}))).toStrictEqual(
      badRequest('outcome is required', 'invalid_body'),
    );
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/settle`, { outcome: 'succeeds' }))).toStrictEqual(
      badRequest('outcome must be one of succeeded, failed', 'invalid_body'),
    );
    expect(seen(await h.control('POST', `${SESSIONS}/cs_nope/settle`, { outcome: 'failed' }))).toStrictEqual(
      noSession,
    );
  });
});

describe('POST /__harness/checkout-sessions/:id/payment-method', () => {
  it('sets what the next charges do, sending nothing: a renewal then fails, or pays again', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const before = h.types(id).length;
    const fails = await h.control('POST', `${SESSIONS}/${id}/payment-method`, { outcome: 'fails' });
    expect(fails.status).toBe(200);
    expect(fails.body).toStrictEqual({ order: await h.summary(id), sent: [] });
    expect(fails.body.order.payment_outcome).toBe('fails');
    expect(h.types(id)).toHaveLength(before);
    // The renewal is drafted at the period's end and charged an hour later: the charge fails.
    const renewed = await h.control('POST', `${SESSIONS}/${id}/clock`, { to: '2026-04-02T11:00:00Z' });
    expect(renewed.body.order.subscription.status).toBe('past_due');
    const succeeds = await h.control('POST', `${SESSIONS}/${id}/payment-method`, { outcome: 'succeeds' });
    expect(succeeds.body.order.payment_outcome).toBe('succeeds');
  });

  it('the outcome must be succeeds or fails; an unknown session is a 404', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/payment-method`, {}))).toStrictEqual(
      badRequest('outcome is required', 'invalid_body'),
    );
    expect(
      seen(await h.control('POST', `${SESSIONS}/${id}/payment-method`, { outcome: 'succeeded' })),
    ).toStrictEqual(badRequest('outcome must be one of succeeds, fails', 'invalid_body'));
    expect(
      seen(await h.control('POST', `${SESSIONS}/cs_nope/payment-method`, { outcome: 'fails' })),
    ).toStrictEqual(noSession);
  });
});

describe('POST /__harness/checkout-sessions/:id/advance', () => {
  it('paid: the clock moves to the renewal’s charge (the period’s end and the draft’s hour), which pays', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    await h.control('POST', `${SESSIONS}/${id}/payment-method`, { outcome: 'fails' });
    const before = h.types(id).length;
    const answer = await h.control('POST', `${SESSIONS}/${id}/advance`, { renewal: 'paid' });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toStrictEqual(await h.summary(id));
    expect(answer.body.order).toMatchObject({
      clock: '2026-04-02T11:00:00.000Z',
      payment_outcome: 'succeeds',
      subscription: { status: 'active' },
    });
    expect(answer.body.order.subscription.invoices.at(-1)).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_due: MONTHLY_PENCE,
    });
    expect(answer.body.sent).toStrictEqual(storedAfter(h, id, before));
    expect(answer.body.sent.length).toBeGreaterThan(0);
  });

  it('failed: the renewal’s first attempt fails and the subscription is past due', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const answer = await h.control('POST', `${SESSIONS}/${id}/advance`, { renewal: 'failed' });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      clock: '2026-04-02T11:00:00.000Z',
      payment_outcome: 'fails',
      subscription: { status: 'past_due' },
    });
    expect(answer.body.order.subscription.invoices.at(-1)).toMatchObject({
      status: 'open',
      attempt_count: 1,
    });
  });

  it('conflicts: a first Direct Debit not confirmed yet, a session without a subscription', async () => {
    const h = await controlApp();
    const pending = await h.session();
    await h.pay(pending, 'bacs_debit');
    expect(
      seen(await h.control('POST', `${SESSIONS}/${pending}/advance`, { renewal: 'paid' })),
    ).toStrictEqual(conflict('The first payment has not been confirmed yet', 'first_payment_pending'));
    const open = await h.session();
    expect(seen(await h.control('POST', `${SESSIONS}/${open}/advance`, { renewal: 'failed' }))).toStrictEqual(
      conflict('This session has no subscription', 'no_subscription'),
    );
  });

  it('the renewal must be paid or failed; an unknown session is a 404', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/advance`, {}))).toStrictEqual(
      badRequest('renewal is required', 'invalid_body'),
    );
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/advance`, { renewal: 'fails' }))).toStrictEqual(
      badRequest('renewal must be one of paid, failed', 'invalid_body'),
    );
    expect(seen(await h.control('POST', `${SESSIONS}/cs_nope/advance`, { renewal: 'paid' }))).toStrictEqual(
      noSession,
    );
  });
});

describe('POST /__harness/checkout-sessions/:id/clock', () => {
  const clock = (h: ControlApp, id: string, body?: unknown) =>
    h.control('POST', `${SESSIONS}/${id}/clock`, body);

  it('to: Unix seconds, or an ISO time (whole seconds, rounded down), taking the steps due by then', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const before = h.types(id).length;
    const seconds = await clock(h, id, { to: NOW_S + 3 * DAY_S });
    expect(seconds.status).toBe(200);
    expect(seconds.body).toStrictEqual({ order: await h.summary(id), sent: [] });
    expect(seconds.body.order.clock).toBe(iso(NOW_S + 3 * DAY_S));
    const isoTime = await clock(h, id, { to: '2026-03-05T12:00:00.999Z' });
    expect(isoTime.body.order.clock).toBe('2026-03-05T12:00:00.000Z');
    expect(h.types(id)).toHaveLength(before);
    const renewal = await clock(h, id, { to: '2026-04-02T10:00:00Z' });
    expect(renewal.body.order.subscription.invoices.at(-1)).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'draft',
    });
    expect(renewal.body.sent).toStrictEqual(storedAfter(h, id, before));
    expect(renewal.body.sent.length).toBeGreaterThan(0);
  });

  it('{ "to": "next" }: to the subscription’s next step', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const answer = await clock(h, id, { to: 'next' });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      clock: '2026-04-02T10:00:00.000Z',
      next_step_at: '2026-04-02T11:00:00.000Z',
    });
    expect((await clock(h, id, { to: 'next' })).body.order.clock).toBe('2026-04-02T11:00:00.000Z');
  });

  it('only forward: the same time again is taken, a second earlier is a conflict', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const to = NOW_S + DAY_S;
    expect((await clock(h, id, { to })).status).toBe(200);
    expect((await clock(h, id, { to })).body.order.clock).toBe(iso(to));
    expect(seen(await clock(h, id, { to: to - 1 }))).toStrictEqual(
      conflict('A test clock only moves forward', 'clock_backwards'),
    );
    // One second after the epoch is a time like any other: behind this clock.
    expect(seen(await clock(h, id, { to: 1 }))).toStrictEqual(
      conflict('A test clock only moves forward', 'clock_backwards'),
    );
  });

  it('nothing planned: "next" is a conflict, a time still moves the clock', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const ended = await h.control('POST', `${SESSIONS}/${id}/cancel`, { at: 'now' });
    expect(ended.body.order.next_step_at).toBeNull();
    expect(seen(await clock(h, id, { to: 'next' }))).toStrictEqual(
      conflict('The subscription has nothing more to do', 'nothing_planned'),
    );
    expect((await clock(h, id, { to: NOW_S + DAY_S })).body.order.clock).toBe(iso(NOW_S + DAY_S));
  });

  it('a session without a subscription: nothing planned, and no clock to move', async () => {
    const h = await controlApp();
    const id = await h.session();
    expect(seen(await clock(h, id, { to: 'next' }))).toStrictEqual(
      conflict('The subscription has nothing more to do', 'nothing_planned'),
    );
    expect(seen(await clock(h, id, { to: NOW_S + DAY_S }))).toStrictEqual(
      conflict('This session has no subscription', 'no_subscription'),
    );
  });

  it('any other `to`, or none, is a 400; an unknown session is a 404', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const refused = badRequest('to must be Unix seconds or an ISO 8601 time');
    for (const to of [0, -1, 1.5, 'soon', '', true, null, [NOW_S], { s: NOW_S }])
      expect(seen(await clock(h, id, { to })), JSON.stringify(to)).toStrictEqual(refused);
    expect(seen(await clock(h, id, {}))).toStrictEqual(refused);
    expect(seen(await clock(h, id))).toStrictEqual(refused);
    expect(h.state.checkoutSessions.get(id)?.clock_s).toBe(NOW_S);
    expect(seen(await clock(h, 'cs_nope', { to: 'next' }))).toStrictEqual(noSession);
  });
});

describe('POST /__harness/checkout-sessions/:id/cancel', () => {
  const cancel = (h: ControlApp, id: string, body?: unknown) =>
    h.control('POST', `${SESSIONS}/${id}/cancel`, body);

  it('now: the subscription ends at once', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const before = h.types(id).length;
    const answer = await cancel(h, id, { at: 'now' });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toStrictEqual(await h.summary(id));
    expect(answer.body.order.subscription).toMatchObject({ status: 'canceled', ended_at: iso(NOW_S) });
    expect(answer.body.sent).toStrictEqual(storedAfter(h, id, before));
    expect(h.types(id).slice(before)).toContain('customer.subscription.deleted');
    expect(seen(await cancel(h, id, { at: 'now' }))).toStrictEqual(
      conflict('The subscription has ended (canceled)', 'subscription_ended'),
    );
  });

  it('period_end: set to end with the current period', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const answer = await cancel(h, id, { at: 'period_end' });
    expect(answer.status).toBe(200);
    expect(answer.body.order.subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: '2026-04-02T10:00:00.000Z',
      ended_at: null,
    });
    expect(seen(await cancel(h, id, { at: 'period_end' }))).toStrictEqual(
      conflict('The subscription is already set to end', 'already_cancelling'),
    );
  });

  it('a time: a later period’s end, in Unix seconds or ISO; one inside a period is a conflict', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    expect(seen(await cancel(h, id, { at: NOW_S + DAY_S }))).toStrictEqual(
      conflict(
        'cancel_at must be the end of a future billing period: the double does not simulate the prorations of an end inside one',
        'cancel_at_inside_period',
      ),
    );
    // One second after the epoch is a time: in the past, so not a future period's end.
    expect((await cancel(h, id, { at: 1 })).body.code).toBe('cancel_at_inside_period');
    const answer = await cancel(h, id, { at: secondsOf('2026-05-02T10:00:00Z') });
    expect(answer.status).toBe(200);
    expect(answer.body.order.subscription).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: '2026-05-02T10:00:00.000Z',
    });
    const other = await paidByCard(h);
    const byIso = await cancel(h, other, { at: '2026-06-02T10:00:00.000Z' });
    expect(byIso.body.order.subscription.cancel_at).toBe('2026-06-02T10:00:00.000Z');
  });

  it('`at` must be now, period_end or a time, checked before the session is looked up', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    const missing = badRequest('at must be now, period_end, or a time (Unix seconds or ISO 8601)');
    expect(seen(await cancel(h, id))).toStrictEqual(missing);
    expect(seen(await cancel(h, id, {}))).toStrictEqual(missing);
    expect(seen(await cancel(h, 'cs_nope'))).toStrictEqual(missing);
    const notATime = badRequest('at must be Unix seconds or an ISO 8601 time');
    for (const at of ['later', 0, -5, 2.5, null, false])
      expect(seen(await cancel(h, id, { at })), JSON.stringify(at)).toStrictEqual(notATime);
    expect(seen(await cancel(h, 'cs_nope', { at: 'soon' }))).toStrictEqual(notATime);
    expect(seen(await cancel(h, 'cs_nope', { at: 'now' }))).toStrictEqual(noSession);
    expect((await h.summary(id)).subscription.status).toBe('active');
  });

  it('a session without a subscription has none to cancel', async () => {
    const h = await controlApp();
    const id = await h.session();
    expect(seen(await cancel(h, id, { at: 'now' }))).toStrictEqual(
      conflict('This session has no subscription', 'no_subscription'),
    );
  });
});

describe('POST /__harness/checkout-sessions/:id/dispute', () => {
  it('the bank disputes the latest confirmed Direct Debit (charge.dispute.created)', async () => {
    const h = await controlApp();
    const id = await h.session();
    await h.pay(id, 'bacs_debit');
    await h.control('POST', `${SESSIONS}/${id}/settle`, { outcome: 'succeeded' });
    const before = h.types(id).length;
    const answer = await h.control('POST', `${SESSIONS}/${id}/dispute`);
    expect(answer.status).toBe(200);
    expect(answer.body.order).toStrictEqual(await h.summary(id));
    const [charge] = h.state.checkoutSessions.get(id)!.charges;
    expect(answer.body.order.subscription.disputes).toStrictEqual([
      {
        id: expect.stringMatching(/^du_/),
        charge: charge!.charge,
        amount: SETUP_AND_MONTH_PENCE,
        status: 'lost',
      },
    ]);
    expect(answer.body.sent).toStrictEqual(storedAfter(h, id, before));
    expect(h.types(id).slice(before)).toStrictEqual(['charge.dispute.created']);
  });

  it('a card payment, or a Direct Debit not yet confirmed, cannot be disputed; an unknown session is a 404', async () => {
    const h = await controlApp();
    const nothing = conflict(
      'This session has no confirmed Bacs Direct Debit to dispute (the double simulates the disputes of Direct Debits only)',
      'nothing_to_dispute',
    );
    const card = await paidByCard(h);
    expect(seen(await h.control('POST', `${SESSIONS}/${card}/dispute`, {}))).toStrictEqual(nothing);
    const pending = await h.session();
    await h.pay(pending, 'bacs_debit');
    expect(seen(await h.control('POST', `${SESSIONS}/${pending}/dispute`, {}))).toStrictEqual(nothing);
    expect(seen(await h.control('POST', `${SESSIONS}/cs_nope/dispute`, {}))).toStrictEqual(noSession);
  });
});

describe('POST /__harness/checkout-sessions/:id/webhook', () => {
  const resend = (h: ControlApp, id: string, body?: unknown) =>
    h.control('POST', `${SESSIONS}/${id}/webhook`, body);

  /** A double whose endpoint is sent every event, delivered to a recording server answering `status`. */
  async function delivering(status = 200) {
    const server = await endpointServer([{ status, body: status === 200 ? 'ok' : 'refused' }]);
    afterTest(() => server.close());
    // Retried an hour later at the earliest: only the attempts the test makes happen.
    const retry = { firstDelayMs: 3_600_000, maxDelayMs: 3_600_000, maxAttempts: 20 };
    const h = await controlApp({ endpoint: () => `${server.url}/hook`, retry });
    h.payments.dispatcher.start();
    await h.control('POST', '/__harness/payments/settings', { webhook_endpoint: { enabled_events: ['*'] } });
    return { h, server };
  }

  it('resends the checkout.session.completed event by hand, freshly delivered, and answers the attempt', async () => {
    const { h, server } = await delivering();
    const id = await paidByCard(h);
    const events = h.state.providerEvents.bySession(id);
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const firstRound = server.received.length;
    expect(firstRound).toBe(events.length);
    const answer = await resend(h, id);
    expect(answer.status).toBe(200);
    expect(answer.body).toStrictEqual({
      event_id: completed.id,
      attempt: { date: iso(NOW_S), status: 200, ok: true, response: 'ok', manual: true },
    });
    expect(server.received).toHaveLength(firstRound + 1);
    expect(server.received.at(-1)!.body).toBe(completed.payload);
    expect(h.state.providerEvents.get(completed.id)!.attempt_count).toBe(2);
  });

  it('an event named by event_id; an empty one, or a body without it, means the completed event', async () => {
    const { h } = await delivering();
    const id = await paidByCard(h);
    const events = h.state.providerEvents.bySession(id);
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const created = events.find((event) => event.type === 'invoice.created')!;
    expect((await resend(h, id, { event_id: created.id })).body.event_id).toBe(created.id);
    for (const body of [{ event_id: '' }, {}, { other: created.id }, null, [created.id], created.id])
      expect((await h.json(`${SESSIONS}/${id}/webhook`, body)).body.event_id, JSON.stringify(body)).toBe(
        completed.id,
      );
  });

  it('the attempt as it ended when the endpoint refuses it', async () => {
    const { h } = await delivering(500);
    const id = await paidByCard(h);
    const answer = await resend(h, id);
    expect(answer.status).toBe(200);
    expect(answer.body.attempt).toStrictEqual({
      date: iso(NOW_S),
      status: 500,
      ok: false,
      error: 'refused',
      manual: true,
    });
    expect((await h.summary(id)).webhook).toStrictEqual({
      event_id: answer.body.event_id,
      delivered: false,
      attempts: 2,
      last_status: 500,
      last_error: 'refused',
    });
  });

  it('refusals: not completed, not sent to the endpoint, an event_id not a string or not of this session', async () => {
    const h = await controlApp();
    const open = await h.session();
    expect(seen(await resend(h, open))).toStrictEqual(
      conflict('This session is not completed: it has no event to deliver', 'not_paid'),
    );
    const paid = await paidByCard(h);
    // The account's default endpoint is sent no event type.
    expect(seen(await resend(h, paid))).toStrictEqual(
      conflict('The webhook endpoint is not sent events of this type', 'not_subscribed'),
    );
    for (const event_id of [5, null, true, {}, ['evt_1']])
      expect(seen(await resend(h, paid, { event_id })), JSON.stringify(event_id)).toStrictEqual(
        badRequest('event_id must be a string'),
      );
    const noSuchEvent = {
      status: 404,
      body: { message: 'This session has no such event', code: 'event_not_found' },
    };
    expect(seen(await resend(h, paid, { event_id: 'evt_nope' }))).toStrictEqual(noSuchEvent);
    const otherEvent = h.state.providerEvents.bySession(paid)[0]!.id;
    const other = await paidByCard(h);
    expect(seen(await resend(h, other, { event_id: otherEvent }))).toStrictEqual(noSuchEvent);
    expect(seen(await resend(h, open, { event_id: 'evt_nope' }))).toStrictEqual(noSuchEvent);
    expect(seen(await resend(h, 'cs_nope'))).toStrictEqual(noSession);
    expect(seen(await resend(h, 'cs_nope', { event_id: 5 }))).toStrictEqual(noSession);
  });
});

describe('GET and POST /__harness/payments/settings', () => {
  const SETTINGS = '/__harness/payments/settings';
  const defaults = {
    default_api_version: '2026-10-28.endive',
    payment_methods: ['card', 'bacs_debit'],
    webhook_endpoint: { api_version: null, enabled_events: [] },
    retries: { tries: 8, days: 14 },
    after_retries: 'cancel',
    renewal_draft_seconds: HOUR_S,
    bacs_business_days: { new_mandate: 7, existing_mandate: 4 },
    prices: PRICES,
    event_order_seed: 1,
    event_duplicates: false,
    now: NOW_S,
  };

  it('GET: the account’s settings, the delivery order’s seed and the double’s now', async () => {
    const h = await controlApp();
    expect(seen(await h.control('GET', SETTINGS))).toStrictEqual({ status: 200, body: defaults });
    await h.control('POST', '/__harness/payments/time', { advance_seconds: 60 });
    expect((await h.control('GET', SETTINGS)).body.now).toBe(NOW_S + 60);
  });

  it('POST: changes the settings named, and answers them as GET does', async () => {
    const h = await controlApp();
    const answer = await h.control('POST', SETTINGS, {
      renewal_draft_seconds: 1800,
      webhook_endpoint: { enabled_events: ['invoice.paid'] },
    });
    const changed = {
      ...defaults,
      renewal_draft_seconds: 1800,
      webhook_endpoint: { api_version: null, enabled_events: ['invoice.paid'] },
    };
    expect(seen(answer)).toStrictEqual({ status: 200, body: changed });
    expect((await h.control('GET', SETTINGS)).body).toStrictEqual(changed);
    expect((await h.control('POST', SETTINGS, {})).body).toStrictEqual(changed);
  });

  it('event_order_seed: a whole number from 0, or null (random), reseeds the order; absent leaves it', async () => {
    const h = await controlApp();
    expect((await h.control('POST', SETTINGS, { event_order_seed: 7 })).body.event_order_seed).toBe(7);
    expect((await h.control('POST', SETTINGS, { after_retries: 'unpaid' })).body).toMatchObject({
      event_order_seed: 7,
      after_retries: 'unpaid',
    });
    expect((await h.control('POST', SETTINGS, { event_order_seed: 0 })).body.event_order_seed).toBe(0);
    expect(h.payments.eventOrderSeed).toBe(0);
    expect((await h.control('POST', SETTINGS, { event_order_seed: null })).body.event_order_seed).toBeNull();
    expect(h.payments.eventOrderSeed).toBeNull();
  });

  it('refuses a seed that is not a whole number from 0, changing nothing', async () => {
    const h = await controlApp();
    for (const event_order_seed of [-1, 1.5, '3', true, [], {}])
      expect(
        seen(await h.control('POST', SETTINGS, { event_order_seed, renewal_draft_seconds: 1800 })),
        JSON.stringify(event_order_seed),
      ).toStrictEqual(badRequest('event_order_seed must be a whole number or null'));
    expect((await h.control('GET', SETTINGS)).body).toStrictEqual(defaults);
  });

  it('refuses a setting the account cannot take, by its message, leaving the seed as it was', async () => {
    const h = await controlApp();
    expect(seen(await h.control('POST', SETTINGS, { event_order_seed: 5, bogus: 1 }))).toStrictEqual(
      badRequest('settings.bogus is not a setting'),
    );
    expect(seen(await h.control('POST', SETTINGS, { after_retries: 'never' }))).toStrictEqual(
      badRequest('after_retries must be one of cancel, unpaid, past_due'),
    );
    expect((await h.control('GET', SETTINGS)).body).toStrictEqual(defaults);
  });

  it('prices: replaces the dashboard’s prices, which a session then names; a malformed one changes nothing', async () => {
    const h = await controlApp();
    const dearer = { ...PRICES.price_monthly!, unit_amount: 24_900 };
    const answer = await h.control('POST', SETTINGS, { prices: { price_monthly: dearer } });
    expect(answer.body.prices).toStrictEqual({ price_monthly: dearer });
    expect((await h.create(GOLD)).body.error).toMatchObject({
      code: 'resource_missing',
      param: 'line_items[0][price]',
    });
    const refused = badRequest(
      'prices.price_bad must be { product_name, unit_amount (minor units), currency (3 lower-case letters), recurring: null or { interval, interval_count } } under an id price_…',
    );
    for (const bad of [
      { ...dearer, unit_amount: -1 },
      { ...dearer, currency: 'GBP' },
      { ...dearer, recurring: { interval: 'fortnight', interval_count: 1 } },
    ])
      expect(seen(await h.control('POST', SETTINGS, { prices: { price_bad: bad } }))).toStrictEqual(refused);
    expect(seen(await h.control('POST', SETTINGS, { prices: [] }))).toStrictEqual(
      badRequest('prices must be an object of prices by id'),
    );
    expect((await h.control('GET', SETTINGS)).body.prices).toStrictEqual({ price_monthly: dearer });
    h.payments.reset();
    expect((await h.control('GET', SETTINGS)).body.prices).toStrictEqual(PRICES);
  });

  it('a failure other than a setting refused is not a 400', async () => {
    const h = await controlApp();
    vi.spyOn(h.payments, 'updateSettings').mockImplementationOnce(() => {
      throw new Error('disk full');
    });
    expect((await h.control('POST', SETTINGS, { renewal_draft_seconds: 1800 })).status).toBe(500);
  });

  it('the body must be a JSON object', async () => {
    const h = await controlApp();
    const refused = badRequest('The settings must be a JSON object');
    for (const body of [[], null, 'card', 5, true])
      expect(seen(await h.json(SETTINGS, body)), JSON.stringify(body)).toStrictEqual(refused);
    expect(seen(await h.control('POST', SETTINGS))).toStrictEqual(refused);
  });
});

describe('POST /__harness/payments/time', () => {
  const TIME = '/__harness/payments/time';

  it('moves the double’s clock on by 1 second to 400 days, and answers its new now', async () => {
    const h = await controlApp();
    expect(seen(await h.control('POST', TIME, { advance_seconds: 1 }))).toStrictEqual({
      status: 200,
      body: { now: NOW_S + 1 },
    });
    expect((await h.control('POST', TIME, { advance_seconds: 400 * DAY_S })).body).toStrictEqual({
      now: NOW_S + 1 + 400 * DAY_S,
    });
    expect(h.payments.now()).toBe(NOW_S + 1 + 400 * DAY_S);
  });

  it('refuses anything else, leaving the clock', async () => {
    const h = await controlApp();
    const refused = badRequest('advance_seconds must be a whole number of seconds, 1 to 400 days');
    for (const advance_seconds of [0, -1, 1.5, 400 * DAY_S + 1, '60', null])
      expect(
        seen(await h.control('POST', TIME, { advance_seconds })),
        JSON.stringify(advance_seconds),
      ).toStrictEqual(refused);
    expect(seen(await h.control('POST', TIME, {}))).toStrictEqual(refused);
    expect(seen(await h.control('POST', TIME))).toStrictEqual(refused);
    expect(h.payments.now()).toBe(NOW_S);
  });

  it('a session past its expires_at then reads expired', async () => {
    const h = await controlApp();
    const id = await h.session();
    await h.control('POST', TIME, { advance_seconds: DAY_S });
    expect((await h.page('GET', `/__harness/pay/${id}`)).text).toContain('This checkout session has expired');
    expect((await h.summary(id)).status).toBe('expired');
  });
});
