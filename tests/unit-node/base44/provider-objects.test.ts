/**
 * What the webhook reads from the provider's answers (provider-objects.ts): a checkout session with what it sold (its
 * line items' prices), an invoice with its status and subscription, a dispute with its payment; what an answer may
 * leave out, and every field it refuses, named, as a `ProviderAnswerError` (the delivery is then retried).
 */
import { describe, expect, it } from 'vitest';
import {
  ProviderAnswerError,
  readCheckout,
  readDispute,
  readInvoice,
  readPriceItem,
  readSession,
} from '../../../base44/functions/stripeWebhook/provider-objects.ts';
import {
  dispute,
  FIRST_INVOICE_ID,
  invoice,
  lineItem,
  PAYMENT_INTENT_ID,
  SESSION_ID,
  SUBSCRIPTION_ID,
  session,
  withLineItems,
} from '../../support/provider-events.ts';
import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from '../../support/spec-figures.ts';

type Obj = Record<string, unknown>;

/** The reason `read` refuses `value` with, or null. */
function refusal(read: (value: unknown) => unknown, value: unknown): string | null {
  try {
    read(value);
    return null;
  } catch (error) {
    if (error instanceof ProviderAnswerError) return error.message;
    throw error;
  }
}

const without = (built: Obj, ...fields: string[]) => {
  const copy = { ...built };
  for (const field of fields) delete copy[field];
  return copy;
};

describe('a checkout session', () => {
  it('gives the order’s facts', () => {
    expect(readSession(session())).toStrictEqual({
      sessionId: SESSION_ID,
      mode: 'subscription',
      paymentStatus: 'paid',
      customerEmail: 'jane@example.co.uk',
      customerName: 'Jane Doe',
      package: PACKAGE,
      amountTotal: SETUP_PENCE,
      currency: CURRENCY,
      subscriptionId: SUBSCRIPTION_ID,
    });
  });

  it('takes the e-mail from the customer details, else the session’s own; leaves out what is missing or empty', () => {
    const expected = { sessionId: SESSION_ID, mode: 'subscription', paymentStatus: 'paid' };
    expect(
      readSession(
        without(
          session(),
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
      readSession({
        ...session(),
        customer_details: { email: '', name: '' },
        customer_email: '',
        metadata: {},
        currency: '',
      }),
    ).toStrictEqual({ ...expected, amountTotal: SETUP_PENCE, subscriptionId: SUBSCRIPTION_ID });
    expect(
      readSession({ ...session(), customer_details: null, customer_email: 'prefill@example.co.uk' }),
    ).toMatchObject({ customerEmail: 'prefill@example.co.uk' });
    expect(readSession({ ...session(), payment_status: 'no_payment_required' })).toMatchObject({
      paymentStatus: 'no_payment_required',
    });
    expect(readSession({ ...session(), subscription: { id: 'sub_x' } })).toMatchObject({
      subscriptionId: 'sub_x',
    });
    // The provider sends `metadata: null` for an object created without any: no package, and no refusal.
    expect(readSession({ ...session(), metadata: null })).toStrictEqual(
      readSession(without(session(), 'metadata')),
    );
  });

  it('with its line items: what it sold, one price per item', () => {
    expect(readCheckout(withLineItems(session()))).toStrictEqual({
      ...readSession(session()),
      items: [
        { amount: SETUP_PENCE, currency: CURRENCY, interval: null, intervalCount: null, quantity: 1 },
        { amount: MONTHLY_PENCE, currency: CURRENCY, interval: 'month', intervalCount: 1, quantity: 1 },
      ],
    });
    expect(readCheckout(withLineItems(session(), [])).items).toEqual([]);
  });

  it('refuses a wrong field, naming it', () => {
    const cases: [Obj, string][] = [
      [{ object: 'invoice' }, 'the checkout session is not a checkout.session'],
      [
        { payment_status: 'maybe' },
        'the checkout session.payment_status is not paid, unpaid or no_payment_required',
      ],
      [{ id: '' }, "the checkout session.id is not one of the provider's ids"],
      [{ mode: 3 }, 'the checkout session.mode is not text'],
      [{ amount_total: String(SETUP_PENCE) }, 'the checkout session.amount_total is not a whole number'],
      [{ metadata: { package: 7 } }, 'the checkout session.metadata.package is not text'],
      [{ metadata: 'gold' }, 'the checkout session.metadata is not an object'],
      [{ customer_details: 'x' }, 'the checkout session.customer_details is not an object'],
      [{ customer_details: { email: 7 } }, 'the checkout session.customer_details.email is not text'],
      [{ customer_details: null, customer_email: 7 }, 'the checkout session.customer_email is not text'],
      [{ customer_details: { name: ['Jane'] } }, 'the checkout session.customer_details.name is not text'],
      [{ currency: 826 }, 'the checkout session.currency is not text'],
      [{ subscription: 7 }, "the checkout session.subscription is not one of the provider's ids"],
      [{ subscription: { id: 1 } }, "the checkout session.subscription.id is not one of the provider's ids"],
      [
        { subscription: `sub_${'x'.repeat(4_996)}` },
        "the checkout session.subscription is not one of the provider's ids",
      ],
    ];
    expect(cases.map(([fields]) => refusal(readSession, { ...session(), ...fields }))).toEqual(
      cases.map(([, reason]) => reason),
    );
    expect(refusal(readSession, null)).toBe('the checkout session is not an object');
  });

  it('refuses line items that are missing or not what a line item is, naming the field', () => {
    const priced = (item: Obj) => withLineItems(session(), [item]);
    const monthly = lineItem('li_1', MONTHLY_PENCE, 'month');
    const cases: [unknown, string][] = [
      [session(), 'the checkout session.line_items is not an object'],
      [{ ...session(), line_items: { data: 'x' } }, 'the checkout session.line_items.data is not a list'],
      [priced({ ...monthly, price: null }), 'the checkout session.line_items.data[0].price is not an object'],
      [
        priced({ ...monthly, price: { ...(monthly.price as Obj), currency: null } }),
        'the checkout session.line_items.data[0].price.currency is not text',
      ],
      [
        priced({ ...monthly, price: { ...(monthly.price as Obj), recurring: 'month' } }),
        'the checkout session.line_items.data[0].price.recurring is not an object',
      ],
      [
        { ...session(), object: 'invoice', line_items: { data: [] } },
        'the checkout session is not a checkout.session',
      ],
      [null, 'the checkout session is not an object'],
    ];
    for (const [value, reason] of cases) expect(refusal(readCheckout, value)).toBe(reason);
  });
});

describe('a price, as a line item or a subscription item charges it', () => {
  const where = 'the item';
  it('one-time or recurring; no amount, no quantity: none and one', () => {
    expect(readPriceItem(lineItem('li_1', 500, null, { quantity: 3, currency: 'eur' }), where)).toStrictEqual(
      {
        amount: 500,
        currency: 'eur',
        interval: null,
        intervalCount: null,
        quantity: 3,
      },
    );
    expect(readPriceItem(lineItem('li_2', 500, 'year', { intervalCount: 2 }), where)).toMatchObject({
      interval: 'year',
      intervalCount: 2,
    });
    const base = lineItem('li_3', 500, 'month');
    expect(
      readPriceItem(
        { ...without(base, 'quantity'), price: { ...(base.price as Obj), unit_amount: null } },
        where,
      ),
    ).toMatchObject({ amount: null, quantity: 1 });
  });

  it('refuses a wrong field, naming it', () => {
    const base = lineItem('li_1', 500, 'month');
    const price = base.price as Obj;
    const cases: [unknown, string][] = [
      ['li_1', 'the item is not an object'],
      [
        { ...base, price: { ...price, unit_amount: 1.5 } },
        'the item.price.unit_amount is not a whole number',
      ],
      [
        { ...base, price: { ...price, recurring: { interval: 7, interval_count: 1 } } },
        'the item.price.recurring.interval is not text',
      ],
      [
        { ...base, price: { ...price, recurring: { interval: 'month', interval_count: '1' } } },
        'the item.price.recurring.interval_count is not a whole number',
      ],
      [{ ...base, quantity: '1' }, 'the item.quantity is not a whole number'],
    ];
    for (const [value, reason] of cases) expect(refusal((v) => readPriceItem(v, where), value)).toBe(reason);
  });
});

describe('an invoice', () => {
  it('gives its status, subscription, reason, amount, currency, buyer and next attempt', () => {
    expect(readInvoice({ ...invoice(), created: 5 })).toStrictEqual({
      invoiceId: FIRST_INVOICE_ID,
      status: 'paid',
      createdS: 5,
      subscriptionId: SUBSCRIPTION_ID,
      billingReason: 'subscription_create',
      amountDue: SETUP_PENCE,
      currency: CURRENCY,
      customerEmail: 'jane@example.co.uk',
      nextPaymentAttemptS: null,
    });
    expect(
      readInvoice(invoice({ billingReason: 'subscription_cycle', status: 'open', nextAttemptS: 99 })),
    ).toMatchObject({
      status: 'open',
      billingReason: 'subscription_cycle',
      amountDue: MONTHLY_PENCE,
      nextPaymentAttemptS: 99,
    });
  });

  it('leaves out what it leaves out; an invoice of no subscription has none', () => {
    expect(readInvoice(without(invoice(), 'created', 'customer_email'))).toStrictEqual({
      invoiceId: FIRST_INVOICE_ID,
      status: 'paid',
      subscriptionId: SUBSCRIPTION_ID,
      billingReason: 'subscription_create',
      amountDue: SETUP_PENCE,
      currency: CURRENCY,
      nextPaymentAttemptS: null,
    });
    expect(readInvoice({ ...invoice(), customer_email: '', billing_reason: null })).toMatchObject({
      billingReason: null,
    });
    expect(readInvoice({ ...invoice(), customer_email: '' })).not.toHaveProperty('customerEmail');
    expect(readInvoice({ ...invoice(), parent: null }).subscriptionId).toBeNull();
    expect(readInvoice({ ...invoice(), parent: { subscription_details: null } }).subscriptionId).toBeNull();
    expect(
      readInvoice({ ...invoice(), parent: { subscription_details: { subscription: { id: 'sub_x' } } } }),
    ).toMatchObject({ subscriptionId: 'sub_x' });
    expect(readInvoice({ ...invoice(), parent: { subscription_details: {} } }).subscriptionId).toBeNull();
  });

  it('refuses a wrong field, naming it', () => {
    const cases: [Obj, string][] = [
      [{ object: 'charge' }, 'the invoice is not an invoice'],
      [{ id: 7 }, "the invoice.id is not one of the provider's ids"],
      [{ status: null }, 'the invoice.status is not text'],
      [{ amount_due: -0.5 }, 'the invoice.amount_due is not a whole number'],
      [{ currency: '' }, 'the invoice.currency is not text'],
      [{ parent: 'sub' }, 'the invoice.parent is not an object'],
      [{ parent: { subscription_details: 'x' } }, 'the invoice.parent.subscription_details is not an object'],
      [
        { parent: { subscription_details: { subscription: 7 } } },
        "the invoice.parent.subscription_details.subscription is not one of the provider's ids",
      ],
      [{ billing_reason: 7 }, 'the invoice.billing_reason is not text'],
      [{ next_payment_attempt: '1' }, 'the invoice.next_payment_attempt is not a whole number'],
      [{ created: 1.5 }, 'the invoice.created is not a whole number'],
      [{ customer_email: 7 }, 'the invoice.customer_email is not text'],
    ];
    expect(cases.map(([fields]) => refusal(readInvoice, { ...invoice(), ...fields }))).toEqual(
      cases.map(([, reason]) => reason),
    );
    expect(refusal(readInvoice, [])).toBe('the invoice is not an object');
  });
});

describe('a dispute', () => {
  it('gives its payment, amount and reason; none named, absent, null or expanded', () => {
    expect(readDispute(dispute())).toStrictEqual({
      disputeId: 'du_test_1',
      paymentIntent: PAYMENT_INTENT_ID,
      amount: SETUP_PENCE,
      currency: CURRENCY,
      reason: 'debit_not_authorized',
    });
    expect(readDispute(dispute({ payment_intent: null, reason: null }))).toMatchObject({
      paymentIntent: null,
      reason: 'not given',
    });
    expect(readDispute(without(dispute(), 'payment_intent'))).toMatchObject({ paymentIntent: null });
    expect(readDispute(dispute({ payment_intent: { id: 'pi_x' } }))).toMatchObject({ paymentIntent: 'pi_x' });
  });

  it('refuses a wrong field, naming it', () => {
    const cases: [Obj, string][] = [
      [{ object: 'charge' }, 'the dispute is not a dispute'],
      [{ id: 7 }, "the dispute.id is not one of the provider's ids"],
      [{ payment_intent: 7 }, "the dispute.payment_intent is not one of the provider's ids"],
      [{ amount: '1' }, 'the dispute.amount is not a whole number'],
      [{ currency: 7 }, 'the dispute.currency is not text'],
      [{ reason: 7 }, 'the dispute.reason is not text'],
    ];
    expect(cases.map(([fields]) => refusal(readDispute, dispute(fields)))).toEqual(
      cases.map(([, reason]) => reason),
    );
    expect(refusal(readDispute, null)).toBe('the dispute is not an object');
  });
});

describe('a fault that is not the answer’s', () => {
  it('is thrown on as it is, not taken for an unreadable answer', () => {
    const faulty = {
      ...session(),
      get payment_status(): string {
        throw new TypeError('not readable');
      },
    };
    expect(() => readSession(faulty)).toThrow(TypeError);
    expect(new ProviderAnswerError('x').name).toBe('ProviderAnswerError');
  });
});
