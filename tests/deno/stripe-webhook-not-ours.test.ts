/**
 * stripeWebhook and the rest of the agency's account: events that are not a purchase of this site's package (another
 * product's subscription, a checkout that sold other prices, a one-off payment, an invoice this site's subscriptions
 * never bill, an object the provider does not have) are acknowledged with 200 and the reason, logged as a warning, and
 * change nothing: no Order, no e-mail, not a single call to the platform. What the provider says was sold decides,
 * never a total: a checkout of the package whose total differs (VAT, a discount) is the site's.
 */
import assert from 'node:assert/strict';
import { MONTHLY_PENCE, SETUP_AND_MONTH_PENCE, SETUP_PENCE } from '../support/spec-figures.ts';
import {
  cardDayOne,
  checkoutSession,
  disputeCreated,
  firstInvoice,
  firstPayment,
  newPurchase,
  objectOf,
  providerHolds,
  subscription,
} from './helpers/purchase.ts';
import { eventOf, invoiceObject, lineItemObject, type Obj } from './helpers/stripe-objects.ts';
import { theOrder, withWebhook } from './helpers/webhook-setup.ts';

const p = newPurchase();
const at = p.purchasedS;
const ours = () => subscription(p);
const withPrice = (unitAmount: number, currency: string, interval = 'month', quantity = 1) =>
  subscription(p, {
    items: [
      {
        id: p.itemId,
        price: { ...p.monthlyPrice, unitAmount, currency, recurring: { interval, intervalCount: 1 } },
        quantity,
      },
    ],
  });
const setupItem = (fields: Partial<typeof p.setupPrice> = {}, quantity = 1) =>
  lineItemObject('li_setup', { ...p.setupPrice, ...fields }, quantity);
const monthlyItem = (fields: Partial<typeof p.monthlyPrice> = {}) =>
  lineItemObject('li_monthly', { ...p.monthlyPrice, ...fields }, 1, 0);
/** A checkout of the purchase that sold `lineItems`, as the provider holds it. */
const sold = (...lineItems: Obj[]) => checkoutSession(p, 'paid', { lineItems });
const completed = (session: Obj) => eventOf('checkout.session.completed', session, at);

interface Case {
  name: string;
  /** What the provider holds. */
  holds: Obj[];
  event: Obj;
  reason: RegExp;
  /** What the webhook must ask the provider, if anything. */
  asks: string[];
}

const SUBSCRIPTION = `GET /v1/subscriptions/${p.subscriptionId}`;
const SESSION = `GET /v1/checkout/sessions/${p.sessionId}?expand[0]=line_items`;
const INVOICE = `GET /v1/invoices/${p.firstInvoiceId}`;
const PAYMENTS = `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=${p.paymentIntentId}&limit=1`;

const CASES: Case[] = [
  {
    name: 'a subscription whose metadata names no package',
    holds: [subscription(p, { metadata: {} })],
    event: eventOf('customer.subscription.created', subscription(p, { metadata: {} }), at),
    reason: /names no package/,
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a subscription of an unknown package',
    holds: [subscription(p, { metadata: { package: 'platinum' } })],
    event: eventOf(
      'customer.subscription.updated',
      subscription(p, { metadata: { package: 'platinum' } }),
      at,
    ),
    reason: /names package "platinum", not one on sale/,
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a subscription at another monthly price',
    holds: [withPrice(29_900, 'gbp'), firstInvoice(p, 'paid')],
    event: eventOf('invoice.paid', firstInvoice(p, 'paid'), at),
    reason: /charges 1 × 29900 "gbp" every 1 month/,
    asks: [INVOICE, SUBSCRIPTION],
  },
  {
    name: 'a subscription in yen (JPY)',
    holds: [withPrice(MONTHLY_PENCE, 'jpy')],
    event: eventOf('customer.subscription.created', withPrice(MONTHLY_PENCE, 'jpy'), at),
    reason: /"jpy"/,
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a yearly subscription',
    holds: [withPrice(MONTHLY_PENCE, 'gbp', 'year')],
    event: eventOf('customer.subscription.created', withPrice(MONTHLY_PENCE, 'gbp', 'year'), at),
    reason: /every 1 year/,
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a subscription of two packages',
    holds: [withPrice(MONTHLY_PENCE, 'gbp', 'month', 2)],
    event: eventOf('customer.subscription.updated', withPrice(MONTHLY_PENCE, 'gbp', 'month', 2), at),
    reason: new RegExp(`charges 2 × ${MONTHLY_PENCE} "gbp"`),
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a subscription with a second item',
    holds: [
      subscription(p, {
        items: [
          { id: p.itemId, price: p.monthlyPrice, quantity: 1 },
          { id: `${p.itemId}b`, price: { ...p.monthlyPrice, id: 'price_addon' }, quantity: 1 },
        ],
      }),
    ],
    event: eventOf('customer.subscription.updated', ours(), at),
    reason: /has 2 items, not the package's one/,
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a checkout that sold the monthly fee without the setup',
    holds: [ours(), sold(monthlyItem())],
    event: completed(sold(monthlyItem())),
    reason: new RegExp(`sold 1 × ${MONTHLY_PENCE} "gbp" every 1 month, not the gold package's`),
    asks: [SESSION, SUBSCRIPTION],
  },
  {
    name: 'a checkout whose setup is in currency xxx',
    holds: [ours(), sold(setupItem({ currency: 'xxx' }), monthlyItem())],
    event: completed(sold(setupItem({ currency: 'xxx' }), monthlyItem())),
    reason: new RegExp(`sold 1 × ${SETUP_PENCE} "xxx" once`),
    asks: [SESSION, SUBSCRIPTION],
  },
  {
    name: 'a checkout whose setup is another amount',
    holds: [ours(), sold(setupItem({ unitAmount: 99_999_999 }), monthlyItem())],
    event: completed(sold(setupItem({ unitAmount: 99_999_999 }), monthlyItem())),
    reason: /sold 1 × 99999999 "gbp" once/,
    asks: [SESSION, SUBSCRIPTION],
  },
  {
    name: 'a checkout of two setups',
    holds: [ours(), sold(setupItem({}, 2), monthlyItem())],
    event: completed(sold(setupItem({}, 2), monthlyItem())),
    reason: new RegExp(`sold 2 × ${SETUP_PENCE} "gbp" once`),
    asks: [SESSION, SUBSCRIPTION],
  },
  {
    name: 'a checkout with a third item',
    holds: [
      ours(),
      sold(setupItem(), monthlyItem(), lineItemObject('li_extra', { ...p.setupPrice, unitAmount: 500 })),
    ],
    event: completed(sold(setupItem(), monthlyItem())),
    reason: /and 1 × 500 "gbp" once, not the gold package's/,
    asks: [SESSION, SUBSCRIPTION],
  },
  {
    name: 'a checkout naming another package than its subscription',
    holds: [ours(), checkoutSession(p, 'paid', { metadata: { package: 'silver' } })],
    event: completed(checkoutSession(p, 'paid', { metadata: { package: 'silver' } })),
    reason: /names package "silver", not gold/,
    asks: [SESSION, SUBSCRIPTION],
  },
  {
    name: 'a payment-mode checkout (a one-off sale)',
    holds: [checkoutSession(p, 'paid', { mode: 'payment', subscription: null, invoice: null })],
    event: completed(checkoutSession(p, 'paid', { mode: 'payment', subscription: null, invoice: null })),
    reason: /started no subscription/,
    asks: [SESSION],
  },
  {
    name: 'an invoice billed by hand (billing_reason manual)',
    holds: [ours(), firstInvoice(p, 'paid', { billingReason: 'manual' })],
    event: eventOf('invoice.paid', firstInvoice(p, 'paid', { billingReason: 'manual' }), at),
    reason: /is for "manual"/,
    asks: [INVOICE, SUBSCRIPTION],
  },
  {
    name: 'an invoice of a subscription change (billing_reason subscription_update)',
    holds: [ours(), firstInvoice(p, 'open', { billingReason: 'subscription_update' })],
    event: eventOf(
      'invoice.payment_failed',
      firstInvoice(p, 'open', { billingReason: 'subscription_update' }),
      at,
    ),
    reason: /is for "subscription_update"/,
    asks: [INVOICE, SUBSCRIPTION],
  },
  {
    name: 'an invoice of no subscription',
    holds: [{ ...firstInvoice(p, 'paid'), parent: null }],
    event: eventOf('invoice.paid', firstInvoice(p, 'paid'), at),
    reason: /bills no subscription/,
    asks: [INVOICE],
  },
  {
    name: 'a subscription the provider does not have',
    holds: [],
    event: eventOf('customer.subscription.updated', ours(), at),
    reason: new RegExp(`the provider has no subscription ${p.subscriptionId}`),
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a checkout session the provider does not have',
    holds: [ours()],
    event: completed(checkoutSession(p, 'paid')),
    reason: new RegExp(`the provider has no checkout session ${p.sessionId}`),
    asks: [SESSION],
  },
  {
    name: 'an invoice the provider does not have',
    holds: [ours()],
    event: eventOf('invoice.paid', firstInvoice(p, 'paid'), at),
    reason: new RegExp(`the provider has no invoice ${p.firstInvoiceId}`),
    asks: [INVOICE],
  },
  {
    name: 'a dispute the provider does not have',
    holds: [ours()],
    event: disputeCreated(p, 'du_1test0012', 20),
    reason: /the provider has no dispute du_1test0012/,
    asks: ['GET /v1/disputes/du_1test0012'],
  },
  {
    name: 'a dispute of a payment that paid no invoice',
    holds: [objectOf(disputeCreated(p, 'du_1test0009', 20))],
    event: disputeCreated(p, 'du_1test0009', 20),
    reason: /is about a payment of no subscription's invoice/,
    asks: ['GET /v1/disputes/du_1test0009', PAYMENTS],
  },
  {
    name: 'a dispute of a payment of another subscription',
    holds: [
      subscription(p, { metadata: {} }),
      firstInvoice(p, 'paid'),
      firstPayment(p, at),
      objectOf(disputeCreated(p, 'du_1test0010', 20)),
    ],
    event: disputeCreated(p, 'du_1test0010', 20),
    reason: /names no package/,
    asks: ['GET /v1/disputes/du_1test0010', PAYMENTS, INVOICE, SUBSCRIPTION],
  },
  {
    name: 'a dispute naming no payment',
    holds: [{ ...objectOf(disputeCreated(p, 'du_1test0011', 20)), payment_intent: null }],
    event: disputeCreated(p, 'du_1test0011', 20),
    reason: /names no payment/,
    asks: ['GET /v1/disputes/du_1test0011'],
  },
];

for (const { name, holds, event, reason, asks } of CASES) {
  Deno.test(`not this site's: ${name} is acknowledged with the reason and a warning, and nothing is stored or sent`, async () => {
    await withWebhook(async ({ platform, provider, deliver, logs }) => {
      providerHolds(provider, ...holds);
      const res = await deliver(event);
      assert.equal(res.status, 200);
      const answer = await res.json();
      assert.deepEqual(Object.keys(answer).sort(), ['ignored', 'reason', 'received']);
      assert.equal(answer.received, true);
      assert.equal(answer.ignored, true);
      assert.match(answer.reason, reason);
      const warned = logs.warnings.filter((line) => line.includes(String(event.id)));
      assert.equal(warned.length, 1, logs.text());
      assert.ok(warned[0]?.includes(answer.reason), warned[0]);
      assert.equal(logs.errors.length, 0, logs.text());
      assert.deepEqual(provider.asked(), asks);
      assert.equal(platform.requests.length, 0, 'not one call to the platform');
      assert.equal(platform.orders.length, 0);
      assert.equal(platform.emails.length, 0);
    });
  });
}

Deno.test("not this site's: a foreign invoice beside an order of ours changes that order in nothing", async () => {
  await withWebhook(async ({ platform, provider, deliverAll, deliverAsSent }) => {
    providerHolds(provider, cardDayOne(p).now);
    await deliverAll([cardDayOne(p).events.completed]);
    const before = structuredClone(platform.orders);
    const manual = invoiceObject({
      id: 'in_1manual',
      customer: p.customerId,
      customerEmail: p.email,
      subscription: p.subscriptionId,
      subscriptionMetadata: p.metadata,
      billingReason: 'manual',
      currency: 'gbp',
      amountDue: 5_000,
      amountPaid: 0,
      status: 'open',
      attemptCount: 1,
      nextPaymentAttemptS: null,
      createdS: at + 1_000,
      periodStartS: at,
      periodEndS: at,
      lines: [],
    });
    const [answer] = await deliverAsSent([eventOf('invoice.payment_failed', manual, at + 1_000)]);
    assert.equal(answer?.ignored, true);
    assert.deepEqual(platform.orders, before);
    assert.equal(platform.emails.length, 1);
  });
});

Deno.test("the site's checkout whatever its total came to (VAT added, a discount to nothing): recorded, paid, one e-mail", async () => {
  for (const [amountTotal, status] of [
    [95_880, 'paid'],
    [SETUP_AND_MONTH_PENCE, 'paid'],
    [0, 'no_payment_required'],
  ] as const) {
    await withWebhook(async ({ platform, provider, deliverAll }) => {
      const session = checkoutSession(p, status, { amountTotal });
      providerHolds(provider, ours(), session);
      const [answer] = await deliverAll([completed(session)]);
      assert.deepEqual(answer, { received: true, order_id: 'order_1' }, String(amountTotal));
      assert.equal(theOrder(platform).status, 'paid');
      assert.equal(theOrder(platform).amount_total, amountTotal);
      assert.equal(platform.emails.length, 1);
    });
  }
});
