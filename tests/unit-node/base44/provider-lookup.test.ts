/**
 * What the webhook asks the provider (provider-lookup.ts), through the SDK's calls the lookups make (a client that
 * answers each call with the provider's documented objects, and records what it was asked): a subscription's state
 * now, or none when the provider answers 404; the checkout session that started a subscription; and the subscription
 * whose invoice a disputed payment paid, whichever way the invoice comes (an id, expanded, deleted, of no
 * subscription). Any other failure of the provider is thrown on, for the delivery to be retried.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeLookup, subscriptionState } from '../../../base44/functions/stripeWebhook/provider-lookup.ts';
import type { StripeClient, StripeSubscription } from '../../../base44/shared/stripe-client.ts';
import {
  FIRST_INVOICE_ID,
  FIRST_RENEWAL_S,
  invoice,
  PAYMENT_INTENT_ID,
  SESSION_ID,
  SUBSCRIPTION_ID,
  session,
  subscription,
} from '../../support/provider-events.ts';
import { CURRENCY, MONTHLY_PENCE, PACKAGE } from '../../support/spec-figures.ts';

type Obj = Record<string, unknown>;

interface Answers {
  subscription?: (id: string) => Obj;
  sessions?: Obj[];
  payments?: Obj[];
  invoice?: (id: string) => Obj;
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
        list: (params: Obj) =>
          answer('checkout.sessions.list', params, () => ({ data: answers.sessions ?? [] })),
      },
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
});
