/**
 * stripeWebhook and the rest of the agency's account: events that are not a purchase of this site's package (another
 * product's subscription, other amounts or currencies, a one-off payment, an invoice this site's subscriptions never
 * bill) are acknowledged with 200 and the reason, logged as a warning, and change nothing: no Order, no e-mail, not a
 * single call to the platform.
 */
import assert from 'node:assert/strict';
import {
  MONTHLY_PENCE,
  SETUP_AND_MONTH_PENCE,
  SETUP_AND_MONTH_TEXT,
  SETUP_PENCE,
} from '../support/spec-figures.ts';
import {
  checkoutSession,
  disputeCreated,
  firstInvoice,
  firstPayment,
  newPurchase,
  providerHolds,
  subscription,
} from './helpers/purchase.ts';
import { eventOf, invoiceObject, type Obj } from './helpers/stripe-objects.ts';
import { withWebhook } from './helpers/webhook-setup.ts';

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
const session = (
  extra: Parameters<typeof checkoutSession>[2],
  status: 'paid' | 'no_payment_required' = 'paid',
) => eventOf('checkout.session.completed', checkoutSession(p, status, extra), at);

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
    holds: [withPrice(29_900, 'gbp')],
    event: eventOf('invoice.paid', firstInvoice(p, 'paid'), at),
    reason: /charges 1 × 29900 "gbp" every 1 month/,
    asks: [SUBSCRIPTION],
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
    name: 'a checkout of £0.00 (nothing due today)',
    holds: [ours()],
    event: session({ amountTotal: 0 }, 'no_payment_required'),
    reason: /charged 0 "gbp" today/,
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a checkout in currency xxx',
    holds: [ours()],
    event: session({ currency: 'xxx' }),
    reason: new RegExp(`charged ${SETUP_PENCE} "xxx" today`),
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a checkout in yen (JPY)',
    holds: [ours()],
    event: session({ currency: 'jpy' }),
    reason: /"jpy"/,
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a checkout of a huge amount',
    holds: [ours()],
    event: session({ amountTotal: 99_999_999 }),
    reason: /charged 99999999 "gbp" today/,
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a checkout naming another package than its subscription',
    holds: [ours()],
    event: session({ metadata: { package: 'silver' } }),
    reason: /names package "silver", not gold/,
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a payment-mode checkout (a one-off sale)',
    holds: [],
    event: session({ mode: 'payment', subscription: null, invoice: null }),
    reason: /started no subscription/,
    asks: [],
  },
  {
    name: 'an invoice billed by hand (billing_reason manual)',
    holds: [ours()],
    event: eventOf('invoice.paid', firstInvoice(p, 'paid', { billingReason: 'manual' }), at),
    reason: /is for "manual"/,
    asks: [SUBSCRIPTION],
  },
  {
    name: 'an invoice of a subscription change (billing_reason subscription_update)',
    holds: [ours()],
    event: eventOf(
      'invoice.payment_failed',
      firstInvoice(p, 'open', { billingReason: 'subscription_update' }),
      at,
    ),
    reason: /is for "subscription_update"/,
    asks: [SUBSCRIPTION],
  },
  {
    name: `a first invoice of the setup and a month together (${SETUP_AND_MONTH_TEXT})`,
    holds: [ours()],
    event: eventOf('invoice.paid', firstInvoice(p, 'paid', { amountDue: SETUP_PENCE + MONTHLY_PENCE }), at),
    reason: new RegExp(`asks ${SETUP_AND_MONTH_PENCE} "gbp"`),
    asks: [SUBSCRIPTION],
  },
  {
    name: 'an invoice of no subscription',
    holds: [],
    event: eventOf('invoice.paid', { ...firstInvoice(p, 'paid'), parent: null }, at),
    reason: /bills no subscription/,
    asks: [],
  },
  {
    name: 'a subscription the provider does not have',
    holds: [],
    event: eventOf('customer.subscription.updated', ours(), at),
    reason: new RegExp(`the provider has no subscription ${p.subscriptionId}`),
    asks: [SUBSCRIPTION],
  },
  {
    name: 'a dispute of a payment that paid no invoice',
    holds: [],
    event: disputeCreated(p, 'du_1test0009', 20),
    reason: /is about a payment of no subscription's invoice/,
    asks: [
      `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=${p.paymentIntentId}&limit=1`,
    ],
  },
  {
    name: 'a dispute of a payment of another subscription',
    holds: [subscription(p, { metadata: {} }), firstInvoice(p, 'paid'), firstPayment(p, at)],
    event: disputeCreated(p, 'du_1test0010', 20),
    reason: /names no package/,
    asks: [
      `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=${p.paymentIntentId}&limit=1`,
      `GET /v1/invoices/${p.firstInvoiceId}`,
      SUBSCRIPTION,
    ],
  },
  {
    name: 'a dispute naming no payment',
    holds: [],
    event: (() => {
      const event = disputeCreated(p, 'du_1test0011', 20);
      const data = event.data as { object: Obj };
      return { ...event, data: { object: { ...data.object, payment_intent: null } } };
    })(),
    reason: /names no payment/,
    asks: [],
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
  await withWebhook(async ({ platform, provider, deliverAll }) => {
    providerHolds(provider, ours());
    await deliverAll([session({})]);
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
    const [answer] = await deliverAll([eventOf('invoice.payment_failed', manual, at + 1_000)]);
    assert.equal(answer?.ignored, true);
    assert.deepEqual(platform.orders, before);
    assert.equal(platform.emails.length, 1);
  });
});
