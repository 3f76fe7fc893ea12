/**
 * The control API's checks of its bodies, as a caller sees them: a choice refused names the values it may take, a
 * time is whole positive Unix seconds or an ISO 8601 string, a test clock only moves forward once it is set, and the
 * account's delivery-order seed and clock advance are whole numbers.
 */
import { describe, expect, it } from 'vitest';
import { type ControlApp, controlApp, DAY_S, NOW_S } from './control-app.ts';

const SESSIONS = '/__harness/checkout-sessions';
const SETTINGS = '/__harness/payments/settings';
const TIME = '/__harness/payments/time';

const seen = (answer: { status: number; body: unknown }) => ({ status: answer.status, body: answer.body });
const badRequest = (message: string, code = 'bad_request') => ({ status: 400, body: { message, code } });
const conflict = (message: string, code: string) => ({ status: 409, body: { message, code } });

/** A gold session paid by card now (its subscription's clock set to NOW_S). */
async function paidByCard(h: ControlApp) {
  const id = await h.session();
  await h.pay(id, 'card');
  return id;
}

describe('a choice refused', () => {
  it('names every value the field may take', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/settle`, { outcome: 'maybe' }))).toStrictEqual(
      badRequest('outcome must be one of succeeded, failed', 'invalid_body'),
    );
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/advance`, { renewal: 'later' }))).toStrictEqual(
      badRequest('renewal must be one of paid, failed', 'invalid_body'),
    );
    expect(
      seen(await h.control('POST', `${SESSIONS}/${id}/payment-method`, { outcome: 'perhaps' })),
    ).toStrictEqual(badRequest('outcome must be one of succeeds, fails', 'invalid_body'));
  });

  it('a value not a string at all is refused with the same words, not as a type', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/settle`, { outcome: 1 }))).toStrictEqual(
      badRequest('outcome must be one of succeeded, failed', 'invalid_body'),
    );
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/advance`, { renewal: true }))).toStrictEqual(
      badRequest('renewal must be one of paid, failed', 'invalid_body'),
    );
  });
});

describe('a time in a control body', () => {
  it('a number must be whole positive Unix seconds: 0, -1 and 1.5 are refused, the clock unmoved', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    for (const to of [0, -1, 1.5, true, 'not a time']) {
      expect(seen(await h.control('POST', `${SESSIONS}/${id}/clock`, { to })), String(to)).toStrictEqual(
        badRequest('to must be Unix seconds or an ISO 8601 time'),
      );
    }
    for (const at of [0, -1, 1.5]) {
      expect(seen(await h.control('POST', `${SESSIONS}/${id}/cancel`, { at })), String(at)).toStrictEqual(
        badRequest('at must be Unix seconds or an ISO 8601 time'),
      );
    }
    expect(h.state.checkoutSessions.get(id)!.clock_s).toBe(NOW_S);
    expect((await h.summary(id)).subscription.status).toBe('active');
  });

  it('whole positive seconds are taken: an earlier one is a clock moving back, a later one moves it', async () => {
    const h = await controlApp();
    const id = await paidByCard(h);
    expect(seen(await h.control('POST', `${SESSIONS}/${id}/clock`, { to: 3 }))).toStrictEqual(
      conflict('A test clock only moves forward', 'clock_backwards'),
    );
    const later = await h.control('POST', `${SESSIONS}/${id}/clock`, { to: NOW_S + DAY_S });
    expect(later.status).toBe(200);
    expect(h.state.checkoutSessions.get(id)!.clock_s).toBe(NOW_S + DAY_S);
  });
});

describe('a test clock moving back', () => {
  it('is refused only once the clock is set: a session not bought has no subscription to move', async () => {
    const h = await controlApp();
    const id = await h.session();
    expect(h.state.checkoutSessions.get(id)!.clock_s).toBeNull();
    // Before 1970: negative Unix seconds, earlier than any clock.
    expect(
      seen(await h.control('POST', `${SESSIONS}/${id}/clock`, { to: '1969-12-31T00:00:00Z' })),
    ).toStrictEqual(conflict('This session has no subscription', 'no_subscription'));
  });
});

describe('POST /__harness/payments/settings: event_order_seed', () => {
  it('a string, a fraction, a negative number or true is refused, the seed unchanged', async () => {
    const h = await controlApp();
    for (const seed of ['7', 'x', 1.5, -1, true, [], {}]) {
      expect(
        seen(await h.control('POST', SETTINGS, { event_order_seed: seed })),
        JSON.stringify(seed),
      ).toStrictEqual(badRequest('event_order_seed must be a whole number or null'));
    }
    expect((await h.control('GET', SETTINGS)).body.event_order_seed).toBe(1);
    expect(h.payments.eventOrderSeed).toBe(1);
  });

  it('0, a whole number or null is taken', async () => {
    const h = await controlApp();
    expect((await h.control('POST', SETTINGS, { event_order_seed: 0 })).body.event_order_seed).toBe(0);
    expect((await h.control('POST', SETTINGS, { event_order_seed: 42 })).body.event_order_seed).toBe(42);
    expect((await h.control('POST', SETTINGS, { event_order_seed: null })).body.event_order_seed).toBeNull();
    expect(h.payments.eventOrderSeed).toBeNull();
  });
});

describe('POST /__harness/payments/time: advance_seconds', () => {
  it('must be a whole number of seconds: a string, a fraction, true or nothing is refused, the clock unmoved', async () => {
    const h = await controlApp();
    for (const body of [{ advance_seconds: '60' }, { advance_seconds: 1.5 }, { advance_seconds: true }, {}]) {
      expect(seen(await h.control('POST', TIME, body)), JSON.stringify(body)).toStrictEqual(
        badRequest('advance_seconds must be a whole number of seconds, 1 to 400 days'),
      );
    }
    expect(h.payments.now()).toBe(NOW_S);
    expect(seen(await h.control('POST', TIME, { advance_seconds: 60 }))).toStrictEqual({
      status: 200,
      body: { now: NOW_S + 60 },
    });
  });
});
