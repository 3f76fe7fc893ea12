/**
 * The payment double's engine, as its callers see it: only the events the endpoint is sent are shuffled into the
 * seeded delivery order (the events it is not sent take no place in it), and `current` answers nothing for a session
 * it does not know, the session as stored while it is open and not yet due, and an expired one once it is due.
 */
import { describe, expect, it } from 'vitest';
import { completeCheckout } from '../../../../host-harness/payments/checkout/checkout-completion.ts';
import { seededRandom, shuffled } from '../../../../host-harness/payments/webhooks/delivery-order.ts';
import { endpointServer } from '../support/endpoint-server.ts';
import { afterTest, controlApp, DAY_S } from './control-app.ts';

const SENT_TYPES = [
  'invoice.paid',
  'customer.subscription.updated',
  'checkout.session.completed',
  'invoice.created',
];

describe('apply: the delivery order', () => {
  it('the seeded shuffle of the sent events alone, for each action in turn', async () => {
    const server = await endpointServer([{ status: 200, body: 'ok' }]);
    afterTest(() => server.close());
    const h = await controlApp({ endpoint: () => `${server.url}/hook` });
    h.payments.updateSettings({ webhook_endpoint: { enabled_events: SENT_TYPES } });
    h.payments.dispatcher.start();
    const random = seededRandom(1);
    const expected: string[] = [];
    for (let n = 0; n < 3; n++) {
      const id = await h.session();
      const result = await h.payments.apply(id, (record, nowS) =>
        completeCheckout(record, { method: 'card', email: 'buyer@example.com' }, nowS, h.payments.settings()),
      );
      const events = h.state.providerEvents.bySession(id);
      expect(result!.eventIds).toStrictEqual(events.map((event) => event.id));
      const sent = events.filter((event) => SENT_TYPES.includes(event.type)).map((event) => event.id);
      expect(sent).toHaveLength(SENT_TYPES.length);
      expected.push(...shuffled(sent, random));
      expect(events.filter((event) => event.state === 'not_sent').map((event) => event.type)).toStrictEqual([
        'customer.subscription.created',
        'invoice.finalized',
        'invoice.payment_succeeded',
      ]);
    }
    expect(server.received.map((request) => JSON.parse(request.body).id)).toStrictEqual(expected);
  });
});

describe('current', () => {
  it('a session the double does not know: undefined, nothing stored', async () => {
    const h = await controlApp();
    expect(await h.payments.current('cs_test_unknown')).toBeUndefined();
    expect(h.state.checkoutSessions.all()).toStrictEqual([]);
  });

  it('an open session before its expires_at: as stored, no event; past it: expired on read', async () => {
    const h = await controlApp();
    const id = await h.session();
    const stored = h.state.checkoutSessions.get(id)!;
    expect(await h.payments.current(id)).toStrictEqual(stored);
    expect(h.state.checkoutSessions.get(id)).toStrictEqual(stored);
    h.payments.advanceTime(stored.session.expires_at - h.payments.now() + 1);
    const expired = await h.payments.current(id);
    expect(expired!.session.status).toBe('expired');
    expect(h.types(id)).toStrictEqual(['checkout.session.expired']);
  });

  it('a paid session past its expires_at is left as it is', async () => {
    const h = await controlApp();
    const id = await h.session();
    const paid = await h.pay(id, 'card');
    h.payments.advanceTime(2 * DAY_S);
    const before = h.types(id);
    expect(await h.payments.current(id)).toStrictEqual(h.state.checkoutSessions.get(id));
    expect((await h.payments.current(id))!.session).toStrictEqual(paid.session);
    expect(h.types(id)).toStrictEqual(before);
  });
});
