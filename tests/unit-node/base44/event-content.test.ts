/**
 * What the webhook reads from a verified event: the event's id, time and type, and for each handled type the facts of
 * its object, or the first field that is not what it needs (named in the refusal). Every other type is "other".
 */
import { describe, expect, it } from 'vitest';
import {
  apiVersionOf,
  HANDLED_EVENTS,
  readEvent,
  readSession,
} from '../../../base44/functions/stripeWebhook/event-content.ts';
import {
  dispute,
  event,
  FIRST_INVOICE_ID,
  invoiceEvent,
  PAYMENT_INTENT_ID,
  PURCHASE_S,
  SESSION_ID,
  SUBSCRIPTION_ID,
  session,
  sessionEvent,
  subscriptionEvent,
} from '../../support/provider-events.ts';
import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from '../../support/spec-figures.ts';

type Obj = Record<string, unknown>;
const read = (value: unknown) => readEvent(value);
const refusal = (value: unknown) => {
  const reading = readEvent(value);
  return reading.ok ? null : reading.reason;
};
/** An event whose object has `fields` replaced. */
const withObject = (built: Obj, fields: Obj) => ({
  ...built,
  data: { ...(built.data as Obj), object: { ...((built.data as Obj).object as Obj), ...fields } },
});

describe('the event itself', () => {
  it('keeps its id, time and type, and names the handled types', () => {
    const reading = read(sessionEvent('checkout.session.completed'));
    expect(reading).toMatchObject({
      ok: true,
      event: { id: 'evt_checkout.session.completed', createdS: PURCHASE_S },
    });
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
  });

  it('any other type is acknowledged as other, whatever its data', () => {
    expect(read({ id: 'evt_1', type: 'invoice.finalized', created: 1, data: null })).toEqual({
      ok: true,
      event: { id: 'evt_1', createdS: 1, type: 'other', name: 'invoice.finalized' },
    });
  });

  it('refuses what is not an event, naming the field', () => {
    expect(refusal(null)).toBe('the event is not an object');
    expect(refusal({ type: 'invoice.paid', created: 1 })).toBe('id is not text');
    expect(refusal({ id: 'e', created: 1 })).toBe('type is not text');
    expect(refusal({ id: 'e', type: 'x', created: 1.5 })).toBe('created is not a whole number');
    expect(refusal({ id: 'e', type: 'invoice.paid', created: 1, data: [] })).toBe('data is not an object');
  });

  it('reads the API version it was rendered in', () => {
    expect(apiVersionOf(sessionEvent('checkout.session.completed'))).toBe('2026-10-28.endive');
    expect(apiVersionOf({ ...sessionEvent('checkout.session.completed'), api_version: 7 })).toBeNull();
    expect(apiVersionOf('nope')).toBeNull();
  });
});

describe('a checkout session', () => {
  it('gives the order’s facts', () => {
    expect(read(sessionEvent('checkout.session.completed'))).toEqual({
      ok: true,
      event: {
        id: 'evt_checkout.session.completed',
        createdS: PURCHASE_S,
        type: 'checkout.session.completed',
        session: {
          sessionId: SESSION_ID,
          mode: 'subscription',
          paymentStatus: 'paid',
          customerEmail: 'jane@example.co.uk',
          customerName: 'Jane Doe',
          package: PACKAGE,
          amountTotal: SETUP_PENCE,
          currency: CURRENCY,
          subscriptionId: SUBSCRIPTION_ID,
        },
      },
    });
  });

  it('takes the e-mail from the customer details, else the session’s own; leaves out what is missing', () => {
    const bare = withObject(sessionEvent('checkout.session.completed'), {
      customer_details: null,
      customer_email: 'prefill@example.co.uk',
      metadata: null,
      amount_total: null,
      currency: null,
      subscription: null,
    });
    expect(read(bare)).toMatchObject({
      ok: true,
      event: {
        session: {
          sessionId: SESSION_ID,
          mode: 'subscription',
          paymentStatus: 'paid',
          customerEmail: 'prefill@example.co.uk',
        },
      },
    });
    const reading = read(bare);
    expect(reading.ok && 'session' in reading.event ? Object.keys(reading.event.session).sort() : []).toEqual(
      ['customerEmail', 'mode', 'paymentStatus', 'sessionId'],
    );
  });

  it('reads an expanded subscription’s id', () => {
    const expanded = withObject(sessionEvent('checkout.session.completed'), {
      subscription: { id: 'sub_x' },
    });
    expect(read(expanded)).toMatchObject({ event: { session: { subscriptionId: 'sub_x' } } });
  });

  it('refuses a wrong field, naming it', () => {
    const base = sessionEvent('checkout.session.completed');
    expect(refusal(withObject(base, { object: 'invoice' }))).toBe('data.object is not a checkout.session');
    expect(refusal(withObject(base, { payment_status: 'maybe' }))).toBe(
      'data.object.payment_status is not paid, unpaid or no_payment_required',
    );
    expect(refusal(withObject(base, { id: '' }))).toBe('data.object.id is not text');
    expect(refusal(withObject(base, { mode: 3 }))).toBe('data.object.mode is not text');
    expect(refusal(withObject(base, { amount_total: String(SETUP_PENCE) }))).toBe(
      'data.object.amount_total is not a whole number',
    );
    expect(refusal(withObject(base, { metadata: { package: 7 } }))).toBe(
      'data.object.metadata.package is not text',
    );
    expect(refusal(withObject(base, { customer_details: 'x' }))).toBe(
      'data.object.customer_details is not an object',
    );
    expect(refusal(withObject(base, { subscription: { id: 1 } }))).toBe(
      'data.object.subscription.id is not text',
    );
  });
});

describe('an invoice', () => {
  it('the first one gives its subscription, package, reason, amount, currency and buyer', () => {
    expect(read(invoiceEvent('invoice.paid', {}, PURCHASE_S))).toMatchObject({
      ok: true,
      event: {
        type: 'invoice.paid',
        invoice: {
          invoiceId: FIRST_INVOICE_ID,
          subscriptionId: SUBSCRIPTION_ID,
          package: PACKAGE,
          billingReason: 'subscription_create',
          amountDue: SETUP_PENCE,
          currency: CURRENCY,
          customerEmail: 'jane@example.co.uk',
          nextPaymentAttemptS: null,
        },
      },
    });
  });

  it('a failed renewal gives its next attempt', () => {
    const failed = invoiceEvent(
      'invoice.payment_failed',
      { billingReason: 'subscription_cycle', status: 'open', nextAttemptS: 99 },
      5,
    );
    expect(read(failed)).toMatchObject({
      event: {
        invoice: { billingReason: 'subscription_cycle', amountDue: MONTHLY_PENCE, nextPaymentAttemptS: 99 },
      },
    });
  });

  it('an invoice of no subscription has none, and no package', () => {
    const lone = withObject(invoiceEvent('invoice.paid', {}, 1), { parent: null });
    const reading = read(lone);
    expect(reading).toMatchObject({ event: { invoice: { subscriptionId: null } } });
    expect(reading.ok && 'invoice' in reading.event ? reading.event.invoice.package : 'x').toBeUndefined();
  });

  it('refuses a wrong field, naming it', () => {
    const base = invoiceEvent('invoice.paid', {}, 1);
    expect(refusal(withObject(base, { object: 'charge' }))).toBe('data.object is not an invoice');
    expect(refusal(withObject(base, { amount_due: -0.5 }))).toBe(
      'data.object.amount_due is not a whole number',
    );
    expect(refusal(withObject(base, { currency: '' }))).toBe('data.object.currency is not text');
    expect(refusal(withObject(base, { parent: { subscription_details: 'x' } }))).toBe(
      'data.object.parent.subscription_details is not an object',
    );
  });
});

describe('a subscription and a dispute', () => {
  it('a subscription event gives the subscription’s id (its state is read from the provider)', () => {
    for (const type of [
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ] as const)
      expect(read(subscriptionEvent(type, {}, 7))).toEqual({
        ok: true,
        event: { id: `evt_${type}_7`, createdS: 7, type, subscriptionId: SUBSCRIPTION_ID },
      });
    expect(
      refusal(withObject(subscriptionEvent('customer.subscription.updated', {}, 7), { object: 'plan' })),
    ).toBe('data.object is not a subscription');
  });

  it('a dispute gives its payment, amount and reason', () => {
    expect(read(event('charge.dispute.created', dispute(), 9, 'evt_d'))).toEqual({
      ok: true,
      event: {
        id: 'evt_d',
        createdS: 9,
        type: 'charge.dispute.created',
        dispute: {
          disputeId: 'du_test_1',
          paymentIntent: PAYMENT_INTENT_ID,
          amount: SETUP_PENCE,
          currency: CURRENCY,
          reason: 'debit_not_authorized',
        },
      },
    });
    expect(
      read(event('charge.dispute.created', dispute({ payment_intent: null, reason: null }), 9)),
    ).toMatchObject({
      event: { dispute: { paymentIntent: null, reason: 'not given' } },
    });
    expect(refusal(event('charge.dispute.created', dispute({ amount: '1' }), 9))).toBe(
      'data.object.amount is not a whole number',
    );
  });
});

describe('what an object may leave out', () => {
  /** The object's facts, or the refusal's reason. */
  const facts = (raw: unknown) => {
    const reading = readEvent(raw);
    if (!reading.ok) return reading.reason;
    const { event: usable } = reading;
    if ('session' in usable) return usable.session;
    if ('invoice' in usable) return usable.invoice;
    if ('dispute' in usable) return usable.dispute;
    return usable;
  };
  /** `built` with the object's `fields` removed. */
  const without = (built: Obj, ...fields: string[]) => {
    const object = { ...((built.data as Obj).object as Obj) };
    for (const field of fields) delete object[field];
    return { ...built, data: { ...(built.data as Obj), object } };
  };

  it('a session with no buyer, package, amount or subscription, absent or empty, has none of them', () => {
    const expected = { sessionId: SESSION_ID, mode: 'subscription', paymentStatus: 'paid' };
    const base = sessionEvent('checkout.session.completed');
    expect(
      facts(
        without(
          base,
          'customer_details',
          'customer_email',
          'metadata',
          'amount_total',
          'currency',
          'subscription',
        ),
      ),
    ).toStrictEqual(expected);
    expect(
      facts(
        withObject(base, {
          customer_details: { email: '', name: '' },
          customer_email: '',
          metadata: {},
          currency: '',
        }),
      ),
    ).toStrictEqual({ ...expected, amountTotal: SETUP_PENCE, subscriptionId: SUBSCRIPTION_ID });
  });

  it('a session that needed no payment is one, as far as its payment goes', () => {
    expect(
      facts(
        withObject(sessionEvent('checkout.session.completed'), { payment_status: 'no_payment_required' }),
      ),
    ).toMatchObject({ paymentStatus: 'no_payment_required' });
  });

  it('an invoice with no package, creation time or buyer has none of them', () => {
    const base = invoiceEvent('invoice.paid', { metadata: {} }, PURCHASE_S);
    expect(facts(without(base, 'created', 'customer_email'))).toStrictEqual({
      invoiceId: FIRST_INVOICE_ID,
      subscriptionId: SUBSCRIPTION_ID,
      billingReason: 'subscription_create',
      amountDue: SETUP_PENCE,
      currency: CURRENCY,
      nextPaymentAttemptS: null,
    });
    expect(facts(withObject(base, { created: 5, customer_email: '', billing_reason: null }))).toMatchObject({
      createdS: 5,
      billingReason: null,
    });
    const details = withObject(base, { parent: { subscription_details: { subscription: { id: 'sub_x' } } } });
    expect(facts(details)).toMatchObject({ subscriptionId: 'sub_x' });
  });

  it('a dispute with no payment named, absent or null, has none', () => {
    const { payment_intent: _, ...bare } = dispute();
    expect(facts(event('charge.dispute.created', bare, 9))).toMatchObject({ paymentIntent: null });
    expect(
      facts(event('charge.dispute.created', dispute({ payment_intent: { id: 'pi_x' } }), 9)),
    ).toMatchObject({
      paymentIntent: 'pi_x',
    });
  });
});

describe('every field it refuses, named', () => {
  const reasons = (base: Obj, cases: [Obj, string][]) =>
    cases.map(([fields]) => refusal(withObject(base, fields)));

  it('of a session', () => {
    const cases: [Obj, string][] = [
      [{ customer_details: { email: 7 } }, 'data.object.customer_details.email is not text'],
      [{ customer_details: null, customer_email: 7 }, 'data.object.customer_email is not text'],
      [{ customer_details: { name: ['Jane'] } }, 'data.object.customer_details.name is not text'],
      [{ currency: 826 }, 'data.object.currency is not text'],
      [{ subscription: 7 }, 'data.object.subscription is not text'],
      [{ metadata: 'gold' }, 'data.object.metadata is not an object'],
    ];
    expect(reasons(sessionEvent('checkout.session.completed'), cases)).toEqual(
      cases.map(([, reason]) => reason),
    );
    expect(refusal(event('checkout.session.completed', null, 1))).toBe('data.object is not an object');
  });

  it('of an invoice', () => {
    const cases: [Obj, string][] = [
      [{ id: 7 }, 'data.object.id is not text'],
      [{ parent: 'sub' }, 'data.object.parent is not an object'],
      [
        { parent: { subscription_details: { metadata: { package: 7 } } } },
        'data.object.parent.subscription_details.metadata.package is not text',
      ],
      [
        { parent: { subscription_details: { subscription: 7 } } },
        'data.object.parent.subscription_details.subscription is not text',
      ],
      [{ billing_reason: 7 }, 'data.object.billing_reason is not text'],
      [{ next_payment_attempt: '1' }, 'data.object.next_payment_attempt is not a whole number'],
      [{ created: 1.5 }, 'data.object.created is not a whole number'],
      [{ customer_email: 7 }, 'data.object.customer_email is not text'],
    ];
    expect(reasons(invoiceEvent('invoice.paid', {}, 1), cases)).toEqual(cases.map(([, reason]) => reason));
    expect(refusal(event('invoice.paid', [], 1))).toBe('data.object is not an object');
  });

  it('of a subscription', () => {
    expect(refusal(event('customer.subscription.updated', 'sub_1', 1))).toBe('data.object is not an object');
    expect(refusal(withObject(subscriptionEvent('customer.subscription.updated', {}, 1), { id: null }))).toBe(
      'data.object.id is not text',
    );
  });

  it('of a dispute', () => {
    const cases: [Obj, string][] = [
      [{ object: 'charge' }, 'data.object is not a dispute'],
      [{ id: 7 }, 'data.object.id is not text'],
      [{ payment_intent: 7 }, 'data.object.payment_intent is not text'],
      [{ currency: 7 }, 'data.object.currency is not text'],
      [{ reason: 7 }, 'data.object.reason is not text'],
    ];
    expect(cases.map(([fields]) => refusal(event('charge.dispute.created', dispute(fields), 9)))).toEqual(
      cases.map(([, reason]) => reason),
    );
    expect(refusal(event('charge.dispute.created', null, 9))).toBe('data.object is not an object');
  });
});

describe('a fault that is not the event’s', () => {
  it('is thrown on, not taken for an unusable event or session', () => {
    const faulty = {
      ...session(),
      get payment_status(): string {
        throw new TypeError('not readable');
      },
    };
    expect(() => readEvent(event('checkout.session.completed', faulty, 1))).toThrow(TypeError);
    expect(() => readSession(faulty)).toThrow(TypeError);
  });

  it('a session the provider answers is read the same way: null when it cannot be used', () => {
    expect(readSession(session())).toMatchObject({ sessionId: SESSION_ID, subscriptionId: SUBSCRIPTION_ID });
    expect(readSession({ ...session(), id: '' })).toBeNull();
  });
});
