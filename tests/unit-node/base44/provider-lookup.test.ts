/**
 * What the webhook asks the provider (provider-lookup.ts), through the SDK's calls the lookups make (a client that
 * answers each call with the provider's documented objects, and records what it was asked): each event's object by
 * its id (a checkout session with its line items expanded, an invoice, a dispute) and a subscription's state now, or
 * none when the provider answers 404; the checkout session that started a subscription; and the subscription whose
 * invoice a disputed payment paid, whichever way the invoice comes (an id, expanded, deleted, of no subscription). An
 * answer that cannot be read, and any other failure of the provider, is thrown on, for the delivery to be retried.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeLookup, subscriptionState } from '../../../base44/functions/stripeWebhook/provider-lookup.ts';
import { ProviderAnswerError } from '../../../base44/functions/stripeWebhook/provider-objects.ts';
import type { StripeClient, StripeSubscription } from '../../../base44/shared/stripe-client.ts';
import {
  dispute,
  FIRST_INVOICE_ID,
  FIRST_RENEWAL_S,
  invoice,
  PAYMENT_INTENT_ID,
  SESSION_ID,
  SUBSCRIPTION_ID,
  session,
  subscription,
  withLineItems,
} from '../../support/provider-events.ts';
import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from '../../support/spec-figures.ts';

type Obj = Record<string, unknown>;

interface Answers {
  subscription?: (id: string) => Obj;
  session?: (id: string) => Obj;
  sessions?: Obj[];
  payments?: Obj[];
  invoice?: (id: string) => Obj;
  dispute?: (id: string) => Obj;
}

/** The SDK's client as far as the lookups call it, answering with `answers`; `asked`: each call and its argument. */
function client(answers: Answers) {
  const asked: [string, unknown][] = [];
  const answer = async <T>(call: string, argument: unknown, value: (() => T) | undefined): Promise<T> => {
    asked.push([call, argument]);
    if (!value) throw new Error(`${call} was not expected`);
    return value();
  };
  const stripe = {
    subscriptions: {
      retrieve: (id: string) => answer('subscriptions.retrieve', id, () => answers.subscription?.(id)),
    },
    checkout: {
      sessions: {
        retrieve: (id: string, params: Obj) =>
          answer(
            'checkout.sessions.retrieve',
            [id, params],
            answers.session && (() => answers.session?.(id)),
          ),
        list: (params: Obj) =>
          answer('checkout.sessions.list', params, () => ({ data: answers.sessions ?? [] })),
      },
    },
    disputes: {
      retrieve: (id: string) =>
        answer('disputes.retrieve', id, answers.dispute && (() => answers.dispute?.(id))),
    },
    invoicePayments: {
      list: (params: Obj) => answer('invoicePayments.list', params, () => ({ data: answers.payments ?? [] })),
    },
    invoices: {
      retrieve: (id: string) =>
        answer('invoices.retrieve', id, answers.invoice && (() => answers.invoice?.(id))),
    },
  };
  return { asked, lookup: stripeLookup(stripe as unknown as StripeClient) };
}

const PAYMENTS_ASKED = [
  'invoicePayments.list',
  { payment: { type: 'payment_intent', payment_intent: PAYMENT_INTENT_ID }, limit: 1 },
];

describe('subscription', () => {
  it('the provider’s subscription as the order records it', async () => {
    const { asked, lookup } = client({ subscription: () => subscription() });
    expect(await lookup.subscription(SUBSCRIPTION_ID)).toStrictEqual({
      id: SUBSCRIPTION_ID,
      status: 'trialing',
      metadata: { package: PACKAGE },
      trialEndS: FIRST_RENEWAL_S,
      currentPeriodEndS: FIRST_RENEWAL_S,
      cancelAtPeriodEnd: false,
      cancelAtS: null,
      endedAtS: null,
      cancellationReason: null,
      items: [
        { amount: MONTHLY_PENCE, currency: CURRENCY, interval: 'month', intervalCount: 1, quantity: 1 },
      ],
    });
    expect(asked).toEqual([['subscriptions.retrieve', SUBSCRIPTION_ID]]);
  });

  it('none when the provider answers 404; any other failure is thrown on', async () => {
    const failing = (error: Error) =>
      client({
        subscription: () => {
          throw error;
        },
      }).lookup;
    const notFound = new Stripe.errors.StripeInvalidRequestError({
      message: 'No such subscription',
      statusCode: 404,
    });
    expect(await failing(notFound).subscription('sub_gone')).toBeNull();
    const refused = new Stripe.errors.StripeAuthenticationError({
      message: 'Invalid API Key',
      statusCode: 401,
    });
    await expect(failing(refused).subscription(SUBSCRIPTION_ID)).rejects.toBe(refused);
    const ours = new TypeError('not a function');
    await expect(failing(ours).subscription(SUBSCRIPTION_ID)).rejects.toBe(ours);
  });
});

describe('each event’s object, by its id', () => {
  const notFound = () => {
    throw new Stripe.errors.StripeInvalidRequestError({ message: 'No such object', statusCode: 404 });
  };

  it('a checkout session with its line items expanded: what it sold', async () => {
    const { asked, lookup } = client({ session: () => withLineItems(session()) });
    expect(await lookup.checkout(SESSION_ID)).toMatchObject({
      sessionId: SESSION_ID,
      subscriptionId: SUBSCRIPTION_ID,
      items: [
        { amount: SETUP_PENCE, interval: null },
        { amount: MONTHLY_PENCE, interval: 'month' },
      ],
    });
    expect(asked).toEqual([['checkout.sessions.retrieve', [SESSION_ID, { expand: ['line_items'] }]]]);
  });

  it('an invoice and a dispute, read as the provider holds them now', async () => {
    const { asked, lookup } = client({
      invoice: () => invoice({ status: 'open' }),
      dispute: () => dispute(),
    });
    expect(await lookup.invoice(FIRST_INVOICE_ID)).toMatchObject({
      invoiceId: FIRST_INVOICE_ID,
      status: 'open',
    });
    expect(await lookup.dispute('du_test_1')).toMatchObject({
      disputeId: 'du_test_1',
      paymentIntent: PAYMENT_INTENT_ID,
    });
    expect(asked).toEqual([
      ['invoices.retrieve', FIRST_INVOICE_ID],
      ['disputes.retrieve', 'du_test_1'],
    ]);
  });

  it('none when the provider answers 404', async () => {
    const { lookup } = client({ session: notFound, invoice: notFound, dispute: notFound });
    expect(await lookup.checkout('cs_gone')).toBeNull();
    expect(await lookup.invoice('in_gone')).toBeNull();
    expect(await lookup.dispute('du_gone')).toBeNull();
  });

  it('an answer it cannot read, or any other failure, is thrown on', async () => {
    const unreadable = client({
      session: () => session(),
      invoice: () => ({ ...invoice(), status: 7 }),
      dispute: () => dispute({ amount: '1' }),
    }).lookup;
    await expect(unreadable.checkout(SESSION_ID)).rejects.toThrow(
      new ProviderAnswerError('the checkout session.line_items is not an object'),
    );
    await expect(unreadable.invoice(FIRST_INVOICE_ID)).rejects.toThrow('the invoice.status is not text');
    await expect(unreadable.dispute('du_test_1')).rejects.toThrow('the dispute.amount is not a whole number');
    const refused = new Stripe.errors.StripeAuthenticationError({
      message: 'Invalid API Key',
      statusCode: 401,
    });
    const failing = client({
      session: () => {
        throw refused;
      },
    }).lookup;
    await expect(failing.checkout(SESSION_ID)).rejects.toBe(refused);
  });
});

describe('subscriptionState, from what the provider leaves out', () => {
  it('no item, no cancellation details: no period end and no reason', () => {
    const bare = { ...subscription(), items: { object: 'list', data: [] }, cancellation_details: null };
    expect(subscriptionState(bare as unknown as StripeSubscription)).toMatchObject({
      currentPeriodEndS: null,
      cancellationReason: null,
      items: [],
    });
  });

  it('an item with no recurring price or quantity: no interval, and one of it', () => {
    const built = subscription() as { items: { data: Obj[] } };
    const [item] = built.items.data;
    const { quantity: _, ...unquantified } = item!;
    const odd = {
      ...built,
      items: { data: [{ ...unquantified, price: { ...(item!.price as Obj), recurring: null } }] },
    };
    expect(subscriptionState(odd as unknown as StripeSubscription).items).toStrictEqual([
      { amount: MONTHLY_PENCE, currency: CURRENCY, interval: null, intervalCount: null, quantity: 1 },
    ]);
  });
});

describe('sessionOfSubscription', () => {
  it('the one checkout session that started the subscription, or none', async () => {
    const found = client({ sessions: [session()] });
    expect(await found.lookup.sessionOfSubscription(SUBSCRIPTION_ID)).toMatchObject({
      sessionId: SESSION_ID,
      subscriptionId: SUBSCRIPTION_ID,
    });
    expect(found.asked).toEqual([['checkout.sessions.list', { subscription: SUBSCRIPTION_ID, limit: 1 }]]);
    expect(await client({ sessions: [] }).lookup.sessionOfSubscription(SUBSCRIPTION_ID)).toBeNull();
  });

  it('a session it cannot read is thrown on', async () => {
    await expect(
      client({ sessions: [{ ...session(), id: '' }] }).lookup.sessionOfSubscription(SUBSCRIPTION_ID),
    ).rejects.toThrow(ProviderAnswerError);
  });
});

describe('subscriptionOfPayment', () => {
  it('the subscription of the invoice the payment paid, the invoice read by its id', async () => {
    const { asked, lookup } = client({ payments: [{ invoice: FIRST_INVOICE_ID }], invoice: () => invoice() });
    expect(await lookup.subscriptionOfPayment(PAYMENT_INTENT_ID)).toBe(SUBSCRIPTION_ID);
    expect(asked).toEqual([PAYMENTS_ASKED, ['invoices.retrieve', FIRST_INVOICE_ID]]);
  });

  it('an expanded invoice and subscription are read as they come', async () => {
    const expanded = {
      ...invoice(),
      parent: { type: 'subscription_details', subscription_details: { subscription: { id: 'sub_x' } } },
    };
    const { asked, lookup } = client({ payments: [{ invoice: expanded }] });
    expect(await lookup.subscriptionOfPayment(PAYMENT_INTENT_ID)).toBe('sub_x');
    expect(asked).toEqual([PAYMENTS_ASKED]);
  });

  it('none when no invoice names the payment, or the invoice was deleted or bills no subscription', async () => {
    const cases: Answers[] = [
      { payments: [] },
      { payments: [{ invoice: null }] },
      { payments: [{ invoice: { id: FIRST_INVOICE_ID, object: 'invoice', deleted: true } }] },
      { payments: [{ invoice: { ...invoice(), parent: null } }] },
      {
        payments: [
          { invoice: { ...invoice(), parent: { type: 'quote_details', subscription_details: null } } },
        ],
      },
      {
        payments: [{ invoice: FIRST_INVOICE_ID }],
        invoice: () => ({ ...invoice(), parent: { subscription_details: { subscription: null } } }),
      },
    ];
    for (const answers of cases)
      expect(
        await client(answers).lookup.subscriptionOfPayment(PAYMENT_INTENT_ID),
        JSON.stringify(answers),
      ).toBeNull();
  });

  it('a subscription id longer than the provider’s is thrown on, not used', async () => {
    const long = `sub_${'x'.repeat(4_996)}`;
    const answers: Answers = {
      payments: [{ invoice: FIRST_INVOICE_ID }],
      invoice: () => ({ ...invoice(), parent: { subscription_details: { subscription: long } } }),
    };
    await expect(client(answers).lookup.subscriptionOfPayment(PAYMENT_INTENT_ID)).rejects.toThrow(
      new ProviderAnswerError("the invoice's subscription is not one of the provider's ids"),
    );
  });
});
