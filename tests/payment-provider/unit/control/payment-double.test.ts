/**
 * The payment double's engine: its clock (the wall clock in whole seconds, moved on by the control API), the account's
 * settings and the delivery order's seed (both back to the wiring's on reset), and `apply`, the one way a session
 * changes: the action's events stored with the session (sent or not as the endpoint is subscribed, rendered in its
 * API version) and the sent ones delivered in the seeded order; `current` expires a session whose time has passed.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  defaultAccountSettings,
  SettingsError,
} from '../../../../host-harness/payments/account/account-settings.ts';
import { API_VERSION } from '../../../../host-harness/payments/account/stripe-types.ts';
import { completeCheckout } from '../../../../host-harness/payments/checkout/checkout-completion.ts';
import type { CheckoutRecord } from '../../../../host-harness/payments/checkout/checkout-session-store.ts';
import { seededRandom, shuffled } from '../../../../host-harness/payments/webhooks/delivery-order.ts';
import { endpointServer } from '../support/endpoint-server.ts';
import { ACACIA } from '../support/payments-app.ts';
import { afterTest, type ControlApp, controlApp, DAY_S, NOW_MS, NOW_S } from './control-app.ts';

/** Pays the session by card through `apply`, as the hosted page does. */
const payByCard = (h: ControlApp, id: string) =>
  h.payments.apply(id, (record, nowS) =>
    completeCheckout(record, { method: 'card', email: 'buyer@example.com' }, nowS, h.payments.settings()),
  );

/** A double delivering to a recording server that answers 200. */
async function delivering(enabledEvents: string[]) {
  const server = await endpointServer([{ status: 200, body: 'ok' }]);
  afterTest(() => server.close());
  const h = await controlApp({ endpoint: (appId) => `${server.url}/hooks/${appId}` });
  h.payments.updateSettings({ webhook_endpoint: { enabled_events: enabledEvents } });
  h.payments.dispatcher.start();
  return { h, server };
}

describe('the clock', () => {
  it('now: the wall clock in whole seconds, moved on by advanceTime, which answers the new now', async () => {
    const h = await controlApp();
    vi.setSystemTime(NOW_MS + 999);
    expect(h.payments.now()).toBe(NOW_S);
    expect(h.payments.advanceTime(30)).toBe(NOW_S + 30);
    expect(h.payments.advanceTime(DAY_S)).toBe(NOW_S + 30 + DAY_S);
    vi.setSystemTime(NOW_MS + 5_000);
    expect(h.payments.now()).toBe(NOW_S + 5 + 30 + DAY_S);
  });
});

describe('the settings and the delivery order’s seed', () => {
  it('the wiring’s settings, a copy of its own', async () => {
    const wiring = { ...defaultAccountSettings(), renewalDraftS: 1800 };
    const h = await controlApp({ settings: wiring });
    expect(h.payments.settings()).toStrictEqual(wiring);
    expect(h.payments.settings()).not.toBe(wiring);
    wiring.retries.tries = 1;
    expect(h.payments.settings().retries.tries).toBe(8);
  });

  it('updateSettings applies a patch and answers the settings now in force; a wrong one throws', async () => {
    const h = await controlApp();
    const updated = h.payments.updateSettings({ renewal_draft_seconds: 600 });
    expect(updated).toStrictEqual({ ...defaultAccountSettings(), renewalDraftS: 600 });
    expect(h.payments.settings()).toBe(updated);
    expect(
      h.payments.updateSettings({ webhook_endpoint: { api_version: ACACIA } }).webhookEndpoint.apiVersion,
    ).toBe(ACACIA);
    expect(() => h.payments.updateSettings({ webhook_endpoint: { api_version: '2024-06-20' } })).toThrow(
      SettingsError,
    );
    expect(() => h.payments.updateSettings({ nope: 1 })).toThrow('settings.nope is not a setting');
    expect(h.payments.settings().renewalDraftS).toBe(600);
  });

  it('reseedEventOrder: the seed in force (null: random)', async () => {
    const h = await controlApp();
    expect(h.payments.eventOrderSeed).toBe(1);
    h.payments.reseedEventOrder(9);
    expect(h.payments.eventOrderSeed).toBe(9);
    h.payments.reseedEventOrder(null);
    expect(h.payments.eventOrderSeed).toBeNull();
  });

  it('reset: the wiring’s settings and seed, and the clock back to the wall clock', async () => {
    const h = await controlApp();
    h.payments.updateSettings({ after_retries: 'unpaid' });
    h.payments.reseedEventOrder(4);
    h.payments.advanceTime(DAY_S);
    h.payments.reset();
    expect(h.payments.settings()).toStrictEqual(defaultAccountSettings());
    expect(h.payments.eventOrderSeed).toBe(1);
    expect(h.payments.now()).toBe(NOW_S);
    h.payments.updateSettings({ renewal_draft_seconds: 60 });
    h.payments.reset();
    expect(h.payments.settings().renewalDraftS).toBe(defaultAccountSettings().renewalDraftS);
  });

  it('reset takes a copy of the wiring’s settings again', async () => {
    const wiring = defaultAccountSettings();
    const h = await controlApp({ settings: wiring });
    h.payments.reset();
    wiring.retries.tries = 1;
    expect(h.payments.settings().retries.tries).toBe(8);
  });

  it('reset forgets the retries scheduled', async () => {
    const server = await endpointServer([{ status: 500, body: 'down' }]);
    afterTest(() => server.close());
    const h = await controlApp({ endpoint: () => `${server.url}/hook` });
    h.payments.updateSettings({ webhook_endpoint: { enabled_events: ['checkout.session.completed'] } });
    h.payments.dispatcher.start();
    const id = await h.session();
    await payByCard(h, id);
    const [completed] = h.state.providerEvents.bySession(id).filter((event) => event.state !== 'not_sent');
    // Retried a second later (the default schedule's first delay): not once the double is reset.
    expect(completed).toMatchObject({ state: 'pending', next_attempt_ms: NOW_MS + 1_000 });
    expect(server.received).toHaveLength(1);
    h.payments.reset();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.received).toHaveLength(1);
  });
});

describe('apply', () => {
  it('runs the action on the stored session at the double’s now and stores the record it makes', async () => {
    const h = await controlApp();
    const id = await h.session();
    h.payments.advanceTime(60);
    const seen: number[] = [];
    const result = await h.payments.apply(id, (record, nowS) => {
      seen.push(nowS);
      return { record: { ...record, payment_outcome: 'fails' }, events: [] };
    });
    expect(seen).toStrictEqual([NOW_S + 60]);
    expect(result).toStrictEqual({ record: h.state.checkoutSessions.get(id), eventIds: [] });
    expect(result!.record.payment_outcome).toBe('fails');
  });

  it('stores the action’s events with the session, not sent when the endpoint is not subscribed', async () => {
    const h = await controlApp();
    const id = await h.session();
    const result = await payByCard(h, id);
    const events = h.state.providerEvents.bySession(id);
    expect(result!.eventIds).toStrictEqual(events.map((event) => event.id));
    expect(events.map((event) => event.type)).toContain('checkout.session.completed');
    for (const event of events) {
      expect(event).toMatchObject({ app_id: 'app_test', session_id: id, state: 'not_sent', attempts: [] });
      const body = JSON.parse(event.payload);
      expect(body).toMatchObject({ id: event.id, type: event.type, api_version: API_VERSION });
      expect(event.created_s).toBe(NOW_S);
    }
  });

  it('an action that changes nothing: the session as stored, no event', async () => {
    const h = await controlApp();
    const id = await h.session();
    const before = h.state.checkoutSessions.get(id);
    expect(await h.payments.apply(id, () => null)).toStrictEqual({ record: before, eventIds: [] });
    expect(h.types(id)).toStrictEqual([]);
  });

  it('an unknown session: nothing, the action not run', async () => {
    const h = await controlApp();
    const action = vi.fn(() => null);
    expect(await h.payments.apply('cs_nope', action)).toBeUndefined();
    expect(action).not.toHaveBeenCalled();
  });

  it('renders the events in the endpoint’s version, else the account’s default', async () => {
    const h = await controlApp();
    const versionOf = async () => {
      const id = await h.session();
      await payByCard(h, id);
      const [event] = h.state.providerEvents.bySession(id);
      return JSON.parse(event!.payload).api_version;
    };
    expect(await versionOf()).toBe(API_VERSION);
    h.payments.updateSettings({ webhook_endpoint: { api_version: ACACIA } });
    expect(await versionOf()).toBe(ACACIA);
    const acaciaAccount = await controlApp({
      settings: { ...defaultAccountSettings(), defaultApiVersion: ACACIA },
    });
    const id = await acaciaAccount.session();
    await payByCard(acaciaAccount, id);
    const [event] = acaciaAccount.state.providerEvents.bySession(id);
    expect(JSON.parse(event!.payload).api_version).toBe(ACACIA);
  });

  it('delivers only the types the endpoint is sent, once each, before it resolves', async () => {
    const { h, server } = await delivering(['invoice.paid', 'checkout.session.completed']);
    const id = await h.session();
    await payByCard(h, id);
    const events = h.state.providerEvents.bySession(id);
    const sent = events.filter((event) => event.state !== 'not_sent');
    expect(sent.map((event) => event.type).sort()).toStrictEqual([
      'checkout.session.completed',
      'invoice.paid',
    ]);
    expect(sent.every((event) => event.state === 'delivered')).toBe(true);
    expect(server.received.map((request) => request.path)).toStrictEqual([
      '/hooks/app_test',
      '/hooks/app_test',
    ]);
    expect(server.received.map((request) => JSON.parse(request.body).type).sort()).toStrictEqual([
      'checkout.session.completed',
      'invoice.paid',
    ]);
  });

  it('every type with "*", delivered in the seeded order', async () => {
    const { h, server } = await delivering(['*']);
    const id = await h.session();
    const result = await payByCard(h, id);
    const events = h.state.providerEvents.bySession(id);
    expect(events.every((event) => event.state === 'delivered')).toBe(true);
    const delivered = server.received.map((request) => JSON.parse(request.body).id);
    expect(delivered).toStrictEqual(shuffled(result!.eventIds, seededRandom(1)));
    expect(delivered).not.toStrictEqual(result!.eventIds);
  });
});

describe('current', () => {
  it('the stored session while open and before its expires_at; expired (its event stored) from then on', async () => {
    const h = await controlApp();
    const id = await h.session();
    h.payments.advanceTime(DAY_S - 1);
    expect(await h.payments.current(id)).toStrictEqual(h.state.checkoutSessions.get(id));
    expect((await h.payments.current(id))!.session.status).toBe('open');
    expect(h.types(id)).toStrictEqual([]);
    h.payments.advanceTime(1);
    const expired = await h.payments.current(id);
    expect(expired!.session.status).toBe('expired');
    expect(h.state.checkoutSessions.get(id)!.session.status).toBe('expired');
    expect(h.types(id)).toStrictEqual(['checkout.session.expired']);
    expect((await h.payments.current(id))!.session.status).toBe('expired');
    expect(h.types(id)).toStrictEqual(['checkout.session.expired']);
  });

  it('a completed session is never expired; an unknown one is undefined', async () => {
    const h = await controlApp();
    const id = await h.session();
    await payByCard(h, id);
    const before = h.types(id);
    h.payments.advanceTime(2 * DAY_S);
    const record = (await h.payments.current(id)) as CheckoutRecord;
    expect(record.session.status).toBe('complete');
    expect(h.types(id)).toStrictEqual(before);
    expect(await h.payments.current('cs_nope')).toBeUndefined();
  });
});

describe('resend', () => {
  it('sends a stored event again by hand and answers the attempt; an unknown event is null', async () => {
    const { h, server } = await delivering(['checkout.session.completed']);
    const id = await h.session();
    await payByCard(h, id);
    const completed = h.state.providerEvents
      .bySession(id)
      .find((event) => event.type === 'checkout.session.completed')!;
    const attempt = await h.payments.resend(completed.id);
    expect(attempt).toMatchObject({ status: 200, ok: true, manual: true });
    expect(server.received).toHaveLength(2);
    expect(server.received[1]!.body).toBe(completed.payload);
    expect(await h.payments.resend('evt_nope')).toBeNull();
  });
});
