/**
 * What the webhook reads from a verified event (event-content.ts): which event it is (id, type, time) and, for the
 * types it handles, the id of its object, whatever API version the event is rendered in; every other type is "other".
 * An event it cannot identify is refused, naming the field; an id longer than the provider's never passes.
 */
import { describe, expect, it } from 'vitest';
import {
  HANDLED_EVENTS,
  isDisputeEvent,
  isInvoiceEvent,
  isSessionEvent,
  readEvent,
} from '../../../base44/functions/stripeWebhook/event-content.ts';
import {
  dispute,
  event,
  FIRST_INVOICE_ID,
  invoiceEvent,
  PURCHASE_S,
  SESSION_ID,
  SUBSCRIPTION_ID,
  sessionEvent,
  subscriptionEvent,
} from '../../support/provider-events.ts';

type Obj = Record<string, unknown>;
const refusal = (value: unknown) => {
  const reading = readEvent(value);
  return reading.ok ? null : reading.reason;
};
/** An event whose object has `fields` replaced. */
const withObject = (built: Obj, fields: Obj) => ({
  ...built,
  data: { ...(built.data as Obj), object: { ...((built.data as Obj).object as Obj), ...fields } },
});

describe('the event and its object', () => {
  it('a handled event: its id, time, type and the id of its object', () => {
    expect(readEvent(sessionEvent('checkout.session.completed'))).toStrictEqual({
      ok: true,
      event: {
        id: 'evt_checkout.session.completed',
        createdS: PURCHASE_S,
        type: 'checkout.session.completed',
        objectId: SESSION_ID,
      },
    });
    expect(readEvent(invoiceEvent('invoice.paid', {}, 7))).toMatchObject({
      event: { type: 'invoice.paid', objectId: FIRST_INVOICE_ID },
    });
    expect(readEvent(subscriptionEvent('customer.subscription.deleted', {}, 7))).toMatchObject({
      event: { type: 'customer.subscription.deleted', objectId: SUBSCRIPTION_ID },
    });
    expect(readEvent(event('charge.dispute.created', dispute(), 9))).toMatchObject({
      event: { type: 'charge.dispute.created', objectId: 'du_test_1' },
    });
  });

  it('whatever API version it is rendered in, and whatever else its object holds', () => {
    // An invoice as an endpoint at 2025-02-24.acacia receives it: its subscription at the top, no `parent`.
    const { parent: _, ...acacia } = (invoiceEvent('invoice.paid', {}, 7).data as { object: Obj }).object;
    const old = {
      ...event('invoice.paid', { ...acacia, subscription: SUBSCRIPTION_ID }, 7),
      api_version: '2025-02-24.acacia',
    };
    expect(readEvent(old)).toMatchObject({ ok: true, event: { objectId: FIRST_INVOICE_ID } });
    const { api_version: __, ...unversioned } = sessionEvent('checkout.session.completed');
    expect(readEvent(unversioned)).toMatchObject({ ok: true, event: { objectId: SESSION_ID } });
    expect(readEvent(event('checkout.session.completed', { id: SESSION_ID }, 1))).toMatchObject({ ok: true });
  });

  it('any other type is acknowledged as other, whatever its data', () => {
    expect(readEvent({ id: 'evt_1', type: 'invoice.finalized', created: 1, data: null })).toStrictEqual({
      ok: true,
      event: { id: 'evt_1', createdS: 1, type: 'other', name: 'invoice.finalized' },
    });
  });

  it('names the handled types, each in its family', () => {
    expect(HANDLED_EVENTS).toEqual([
      'checkout.session.completed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.async_payment_failed',
      'invoice.paid',
      'invoice.payment_failed',
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'charge.dispute.created',
    ]);
    const family = (type: string) =>
      isSessionEvent(type)
        ? 'session'
        : isInvoiceEvent(type)
          ? 'invoice'
          : isDisputeEvent(type)
            ? 'dispute'
            : '-';
    expect(HANDLED_EVENTS.map(family)).toEqual([
      'session',
      'session',
      'session',
      'invoice',
      'invoice',
      '-',
      '-',
      '-',
      'dispute',
    ]);
  });
});

describe('what it cannot identify, refused with the field', () => {
  it('not an event, or one without its id, type or time', () => {
    expect(refusal(null)).toBe('the event is not an object');
    expect(refusal([])).toBe('the event is not an object');
    expect(refusal({ type: 'invoice.paid', created: 1 })).toBe("id is not one of the provider's ids");
    expect(refusal({ id: 7, type: 'invoice.paid', created: 1 })).toBe("id is not one of the provider's ids");
    expect(refusal({ id: 'e', created: 1 })).toBe('type is not text');
    expect(refusal({ id: 'e', type: '', created: 1 })).toBe('type is not text');
    expect(refusal({ id: 'e', type: 'x', created: 1.5 })).toBe('created is not a whole number');
    expect(refusal({ id: 'e', type: 'x', created: '1' })).toBe('created is not a whole number');
  });

  it('a handled event with no object, or an object without a usable id', () => {
    const base = sessionEvent('checkout.session.completed');
    const reason = "data.object.id is not one of the provider's ids";
    expect(refusal({ ...base, data: undefined })).toBe(reason);
    expect(refusal({ ...base, data: [] })).toBe(reason);
    expect(refusal({ ...base, data: { object: null } })).toBe(reason);
    expect(refusal({ ...base, data: { object: 'cs_1' } })).toBe(reason);
    expect(refusal(withObject(base, { id: undefined }))).toBe(reason);
    expect(refusal(withObject(base, { id: '' }))).toBe(reason);
    expect(refusal(withObject(base, { id: 42 }))).toBe(reason);
  });

  it('an id longer than the provider’s (a 5,000-character subscription id), of the event or its object', () => {
    const long = `sub_${'x'.repeat(4_996)}`;
    expect(refusal(withObject(subscriptionEvent('customer.subscription.updated', {}, 1), { id: long }))).toBe(
      "data.object.id is not one of the provider's ids",
    );
    expect(refusal({ ...sessionEvent('checkout.session.completed'), id: `evt_${'x'.repeat(252)}` })).toBe(
      "id is not one of the provider's ids",
    );
    expect(
      refusal({ ...sessionEvent('checkout.session.completed'), id: `evt_${'x'.repeat(251)}` }),
    ).toBeNull();
  });
});
