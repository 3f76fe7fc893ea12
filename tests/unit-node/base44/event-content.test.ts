/**
 * What the webhook reads from a verified event (event-content.ts): the facts of each handled type, exactly (no field
 * invented, none lost), every other type acknowledged as `other`, and for each field the code needs, the reason a
 * wrong value is refused. The events are the Deno suite's hand-written provider events.
 */
import { describe, expect, it } from 'vitest';
import { readEvent } from '../../../base44/functions/stripeWebhook/event-content.ts';
import {
  FIRST_RENEWAL_S,
  invoiceEvent,
  PURCHASE_S,
  SECOND_RENEWAL_S,
  SESSION_ID,
  SUBSCRIPTION_ID,
  sessionEvent,
  subscriptionEvent,
} from '../../support/provider-events.ts';
import {
  ACTIVE_SUBSCRIPTION_FACTS,
  PURCHASE_SESSION_FACTS,
  RENEWAL_INVOICE_FACTS,
} from '../../support/purchase-records.ts';

type Obj = Record<string, unknown>;

/** `event` with its `data.object` changed by `fields` (a field set to undefined is removed). */
function withObject(event: Obj, fields: Obj): Obj {
  const object = { ...((event.data as Obj).object as Obj), ...fields };
  for (const [key, value] of Object.entries(fields)) if (value === undefined) delete object[key];
  return { ...event, data: { ...(event.data as Obj), object } };
}

const objectOf = (event: Obj) => (event.data as Obj).object as Obj;

function facts(event: unknown): unknown {
  const reading = readEvent(event);
  if (!reading.ok) throw new Error(`refused: ${reading.reason}`);
  const { event: usable } = reading;
  if ('session' in usable) return usable.session;
  if ('invoice' in usable) return usable.invoice;
  if ('subscription' in usable) return usable.subscription;
  throw new Error(`ignored: ${usable.type}`);
}

function refusal(event: unknown): string {
  const reading = readEvent(event);
  if (reading.ok) throw new Error(`accepted: ${JSON.stringify(reading.event)}`);
  return reading.reason;
}

const paid = () => sessionEvent('checkout.session.completed');
const renewalPeriod = { start: FIRST_RENEWAL_S, end: SECOND_RENEWAL_S };
const renewalPaid = () =>
  invoiceEvent(
    'invoice.paid',
    {
      id: 'in_2',
      billingReason: 'subscription_cycle',
      amount: 19_900,
      period: renewalPeriod,
      status: 'paid',
    },
    SECOND_RENEWAL_S,
  );
const updated = (fields: Partial<Parameters<typeof subscriptionEvent>[1]> = {}) =>
  subscriptionEvent(
    'customer.subscription.updated',
    { status: 'active', periodEndS: SECOND_RENEWAL_S, ...fields },
    7,
  );

describe('the event itself', () => {
  it('keeps its id, time and type', () => {
    const reading = readEvent(paid());
    expect(reading.ok && reading.event).toMatchObject({
      id: 'evt_checkout.session.completed',
      createdS: PURCHASE_S,
      type: 'checkout.session.completed',
    });
  });

  it('each handled type is read as itself', () => {
    const types = [
      ['checkout.session.completed', paid()],
      ['checkout.session.async_payment_succeeded', sessionEvent('checkout.session.async_payment_succeeded')],
      ['checkout.session.async_payment_failed', sessionEvent('checkout.session.async_payment_failed')],
      ['invoice.paid', renewalPaid()],
      ['invoice.payment_failed', { ...renewalPaid(), type: 'invoice.payment_failed' }],
      ['customer.subscription.updated', updated()],
      ['customer.subscription.deleted', { ...updated(), type: 'customer.subscription.deleted' }],
    ] as const;
    for (const [type, event] of types) {
      const reading = readEvent(event);
      expect(reading.ok && reading.event.type, type).toBe(type);
    }
  });

  it('any other type is acknowledged as other, whatever its data', () => {
    for (const type of [
      'customer.subscription.created',
      'checkout.session.expired',
      'invoice.created',
      'x',
    ]) {
      expect(readEvent({ ...paid(), type, data: null }), type).toStrictEqual({
        ok: true,
        event: { id: 'evt_checkout.session.completed', createdS: PURCHASE_S, type: 'other', name: type },
      });
    }
  });

  it('refuses what is not an event, naming the field', () => {
    const cases: [unknown, string][] = [
      [null, 'the event is not an object'],
      [[paid()], 'the event is not an object'],
      ['{}', 'the event is not an object'],
      [{ ...paid(), id: undefined }, 'id is not text'],
      [{ ...paid(), id: '' }, 'id is not text'],
      [{ ...paid(), id: 7 }, 'id is not text'],
      [{ ...paid(), type: null }, 'type is not text'],
      [{ ...paid(), created: 'yesterday' }, 'created is not a whole number'],
      [{ ...paid(), created: 1.5 }, 'created is not a whole number'],
      [{ ...paid(), created: 2 ** 53 }, 'created is not a whole number'],
      [{ ...paid(), data: null }, 'data is not an object'],
      [{ ...paid(), data: [objectOf(paid())] }, 'data is not an object'],
      [{ ...renewalPaid(), data: undefined }, 'data is not an object'],
    ];
    for (const [event, reason] of cases) expect(refusal(event), reason).toBe(reason);
  });

  it('an error that is not about the content is not a refusal', () => {
    const event = {
      ...paid(),
      get data(): unknown {
        throw new TypeError('a getter failed');
      },
    };
    expect(() => readEvent(event)).toThrow(TypeError);
  });
});

describe('a checkout session', () => {
  it('gives the order’s facts', () => {
    expect(facts(paid())).toStrictEqual(PURCHASE_SESSION_FACTS);
  });

  it('leaves out what the session does not carry', () => {
    const bare = { id: 'cs_bare', object: 'checkout.session', payment_status: 'unpaid' };
    expect(facts({ ...paid(), data: { object: bare } })).toStrictEqual({
      sessionId: 'cs_bare',
      paymentStatus: 'unpaid',
    });
    const nulls = withObject(paid(), {
      customer_details: null,
      customer_email: null,
      metadata: null,
      amount_total: null,
      currency: null,
      subscription: null,
    });
    expect(facts(nulls)).toStrictEqual({ sessionId: SESSION_ID, paymentStatus: 'paid' });
    const empty = withObject(paid(), {
      customer_details: { email: '', name: '' },
      customer_email: '',
      metadata: {},
      currency: '',
      subscription: undefined,
    });
    expect(facts(empty)).toStrictEqual({ sessionId: SESSION_ID, paymentStatus: 'paid', amountTotal: 79_900 });
  });

  it('reads each payment status', () => {
    for (const status of ['paid', 'unpaid', 'no_payment_required']) {
      expect(facts(withObject(paid(), { payment_status: status })), status).toMatchObject({
        paymentStatus: status,
      });
    }
  });

  it('takes the e-mail from the customer details, else the session’s own', () => {
    const both = withObject(paid(), { customer_email: 'other@example.com' });
    expect(facts(both)).toMatchObject({ customerEmail: 'jane@example.co.uk' });
    const own = withObject(paid(), {
      customer_details: { email: null, name: null },
      customer_email: 'own@x.uk',
    });
    expect(facts(own)).toMatchObject({ customerEmail: 'own@x.uk' });
    expect(facts(own)).not.toHaveProperty('customerName');
    const noDetails = withObject(paid(), { customer_details: undefined, customer_email: 'own@x.uk' });
    expect(facts(noDetails)).toMatchObject({ customerEmail: 'own@x.uk' });
  });

  it('reads an expanded subscription’s id, and amounts of up to twelve digits', () => {
    const expanded = withObject(paid(), {
      subscription: { id: 'sub_expanded', object: 'subscription' },
      metadata: { setup_amount: '999999999999', monthly_amount: '0', first_renewal: '1' },
    });
    expect(facts(expanded)).toMatchObject({
      subscriptionId: 'sub_expanded',
      setupAmount: 999_999_999_999,
      monthlyAmount: 0,
      firstRenewalS: 1,
    });
  });

  it('refuses a wrong field, naming it', () => {
    const cases: [Obj, string][] = [
      [{ ...paid(), data: { object: null } }, 'data.object is not an object'],
      [{ ...paid(), data: { object: [] } }, 'data.object is not an object'],
      [withObject(paid(), { object: 'invoice' }), 'data.object is not a checkout.session'],
      [withObject(paid(), { id: undefined }), 'data.object.id is not text'],
      [withObject(paid(), { id: 12 }), 'data.object.id is not text'],
      [
        withObject(paid(), { payment_status: 'maybe' }),
        'data.object.payment_status is not paid, unpaid or no_payment_required',
      ],
      [
        withObject(paid(), { payment_status: undefined }),
        'data.object.payment_status is not paid, unpaid or no_payment_required',
      ],
      [withObject(paid(), { metadata: 'gold' }), 'data.object.metadata is not an object'],
      [withObject(paid(), { metadata: { package: 7 } }), 'data.object.metadata.package is not text'],
      [withObject(paid(), { metadata: { note: '' } }), 'data.object.metadata.note is not text'],
      [withObject(paid(), { customer_details: 'jane' }), 'data.object.customer_details is not an object'],
      [
        withObject(paid(), { customer_details: { email: 7 } }),
        'data.object.customer_details.email is not text',
      ],
      [
        withObject(paid(), { customer_details: { email: null }, customer_email: ['a@b.uk'] }),
        'data.object.customer_email is not text',
      ],
      [
        withObject(paid(), { customer_details: { email: 'a@b.uk', name: {} } }),
        'data.object.customer_details.name is not text',
      ],
      [withObject(paid(), { amount_total: '79900' }), 'data.object.amount_total is not a whole number'],
      [withObject(paid(), { amount_total: 799.5 }), 'data.object.amount_total is not a whole number'],
      [withObject(paid(), { currency: 826 }), 'data.object.currency is not text'],
      [withObject(paid(), { subscription: 7 }), 'data.object.subscription is not text'],
      [withObject(paid(), { subscription: {} }), 'data.object.subscription.id is not text'],
    ];
    for (const [event, reason] of cases) expect(refusal(event), reason).toBe(reason);
  });

  it('refuses metadata amounts that are not whole minor units written as digits', () => {
    for (const key of ['setup_amount', 'monthly_amount', 'first_renewal']) {
      for (const value of ['799.00', '-1', ' 1', '1 ', 'x1', '1x', '1e3', '1234567890123']) {
        expect(refusal(withObject(paid(), { metadata: { [key]: value } })), `${key} ${value}`).toBe(
          `data.object.metadata.${key} is not a whole number`,
        );
      }
    }
  });
});

describe('an invoice', () => {
  it('a renewal gives its subscription, amount and the end of the period it bills', () => {
    expect(facts(renewalPaid())).toStrictEqual(RENEWAL_INVOICE_FACTS);
  });

  it('the first invoice bills no period: no period end', () => {
    const first = invoiceEvent(
      'invoice.payment_failed',
      {
        id: 'in_1',
        billingReason: 'subscription_create',
        amount: 79_900,
        status: 'open',
        nextAttemptS: 1_000,
      },
      PURCHASE_S,
    );
    expect(facts(first)).toStrictEqual({
      invoiceId: 'in_1',
      subscriptionId: SUBSCRIPTION_ID,
      ours: true,
      billingReason: 'subscription_create',
      amountDue: 79_900,
      currency: 'gbp',
      nextPaymentAttemptS: 1_000,
    });
  });

  it('the period end is the subscription line’s, not a one-time line’s before it', () => {
    const both = invoiceEvent(
      'invoice.paid',
      {
        id: 'in_1',
        billingReason: 'subscription_create',
        amount: 79_900,
        period: { start: PURCHASE_S, end: FIRST_RENEWAL_S },
        status: 'paid',
      },
      PURCHASE_S,
    );
    expect(facts(both)).toMatchObject({ periodEndS: FIRST_RENEWAL_S });
    const lines = (objectOf(both).lines as Obj).data as Obj[];
    const odd = withObject(both, {
      lines: { data: [null, 'x', { parent: null }, { parent: 'p' }, ...lines.slice(1)] },
    });
    expect(facts(odd)).toMatchObject({ periodEndS: FIRST_RENEWAL_S });
    expect(facts(withObject(both, { lines: { data: lines.slice(0, 1) } }))).not.toHaveProperty('periodEndS');
  });

  it('is ours only when its subscription’s metadata names a package', () => {
    const foreign = invoiceEvent(
      'invoice.paid',
      { id: 'in_9', billingReason: 'subscription_cycle', amount: 500, status: 'paid', metadata: {} },
      1,
    );
    expect(facts(foreign)).toMatchObject({ subscriptionId: SUBSCRIPTION_ID, ours: false });
    const noMetadata = withObject(renewalPaid(), {
      parent: { subscription_details: { subscription: 'sub_x', metadata: null } },
    });
    expect(facts(noMetadata)).toMatchObject({ subscriptionId: 'sub_x', ours: false });
  });

  it('an invoice of no subscription has none, and is not ours', () => {
    for (const parent of [null, undefined, { type: 'quote_details', subscription_details: null }]) {
      expect(facts(withObject(renewalPaid(), { parent })), String(parent)).toMatchObject({
        subscriptionId: null,
        ours: false,
      });
    }
    const noId = withObject(renewalPaid(), {
      parent: { subscription_details: { metadata: { package: 'gold' } } },
    });
    expect(facts(noId)).toMatchObject({ subscriptionId: null, ours: true });
  });

  it('reads an expanded subscription and a missing billing reason', () => {
    const expanded = withObject(renewalPaid(), {
      parent: { subscription_details: { subscription: { id: 'sub_e' }, metadata: { package: 'gold' } } },
      billing_reason: null,
    });
    expect(facts(expanded)).toMatchObject({ subscriptionId: 'sub_e', billingReason: null });
  });

  it('refuses a wrong field, naming it', () => {
    const cases: [Obj, string][] = [
      [{ ...renewalPaid(), data: { object: 'in_2' } }, 'data.object is not an object'],
      [withObject(renewalPaid(), { object: 'checkout.session' }), 'data.object is not an invoice'],
      [withObject(renewalPaid(), { parent: 'sub_test_1' }), 'data.object.parent is not an object'],
      [
        withObject(renewalPaid(), { parent: { subscription_details: [] } }),
        'data.object.parent.subscription_details is not an object',
      ],
      [
        withObject(renewalPaid(), { parent: { subscription_details: { subscription: 5 } } }),
        'data.object.parent.subscription_details.subscription is not text',
      ],
      [
        withObject(renewalPaid(), { parent: { subscription_details: { metadata: { package: true } } } }),
        'data.object.parent.subscription_details.metadata.package is not text',
      ],
      [withObject(renewalPaid(), { lines: undefined }), 'data.object.lines is not an object'],
      [withObject(renewalPaid(), { lines: { data: {} } }), 'data.object.lines.data is not a list'],
      [
        withObject(renewalPaid(), { lines: { data: [{ parent: { type: 'subscription_item_details' } }] } }),
        'data.object.lines.data[].period is not an object',
      ],
      [
        withObject(renewalPaid(), {
          lines: { data: [{ parent: { type: 'subscription_item_details' }, period: { end: '1' } }] },
        }),
        'data.object.lines.data[].period.end is not a whole number',
      ],
      [withObject(renewalPaid(), { id: '' }), 'data.object.id is not text'],
      [withObject(renewalPaid(), { billing_reason: 3 }), 'data.object.billing_reason is not text'],
      [withObject(renewalPaid(), { amount_due: undefined }), 'data.object.amount_due is not a whole number'],
      [withObject(renewalPaid(), { currency: null }), 'data.object.currency is not text'],
      [
        withObject(renewalPaid(), { next_payment_attempt: 'soon' }),
        'data.object.next_payment_attempt is not a whole number',
      ],
    ];
    for (const [event, reason] of cases) expect(refusal(event), reason).toBe(reason);
  });
});

describe('a subscription', () => {
  it('gives its state', () => {
    expect(facts(updated())).toStrictEqual(ACTIVE_SUBSCRIPTION_FACTS);
    const ended = subscriptionEvent(
      'customer.subscription.deleted',
      {
        status: 'canceled',
        periodEndS: SECOND_RENEWAL_S,
        cancelAtPeriodEnd: true,
        endedAtS: SECOND_RENEWAL_S,
      },
      SECOND_RENEWAL_S,
    );
    expect(facts(ended)).toStrictEqual({
      subscriptionId: SUBSCRIPTION_ID,
      ours: true,
      status: 'canceled',
      currentPeriodEndS: SECOND_RENEWAL_S,
      cancelAtPeriodEnd: true,
      cancelAtS: SECOND_RENEWAL_S,
      endedAtS: SECOND_RENEWAL_S,
    });
  });

  it('without items it has no period end; without a package in its metadata it is not ours', () => {
    expect(facts(withObject(updated(), { items: { data: [] } }))).not.toHaveProperty('currentPeriodEndS');
    expect(facts(updated({ metadata: {} }))).toMatchObject({ ours: false });
    expect(facts(withObject(updated(), { metadata: null }))).toMatchObject({ ours: false });
  });

  it('refuses a wrong field, naming it', () => {
    const cases: [Obj, string][] = [
      [{ ...updated(), data: { object: 'sub_test_1' } }, 'data.object is not an object'],
      [withObject(updated(), { object: 'invoice' }), 'data.object is not a subscription'],
      [withObject(updated(), { items: null }), 'data.object.items is not an object'],
      [withObject(updated(), { items: { data: 'si_1' } }), 'data.object.items.data is not a list'],
      [
        withObject(updated(), { cancel_at_period_end: 'false' }),
        'data.object.cancel_at_period_end is not true or false',
      ],
      [
        withObject(updated(), { cancel_at_period_end: null }),
        'data.object.cancel_at_period_end is not true or false',
      ],
      [withObject(updated(), { metadata: [] }), 'data.object.metadata is not an object'],
      [withObject(updated(), { id: null }), 'data.object.id is not text'],
      [withObject(updated(), { status: 1 }), 'data.object.status is not text'],
      [withObject(updated(), { cancel_at: 'later' }), 'data.object.cancel_at is not a whole number'],
      [withObject(updated(), { ended_at: 0.5 }), 'data.object.ended_at is not a whole number'],
      [withObject(updated(), { items: { data: [null] } }), 'data.object.items.data[0] is not an object'],
      [
        withObject(updated(), { items: { data: [{ current_period_end: '1' }] } }),
        'data.object.items.data[0].current_period_end is not a whole number',
      ],
    ];
    for (const [event, reason] of cases) expect(refusal(event), reason).toBe(reason);
  });
});
