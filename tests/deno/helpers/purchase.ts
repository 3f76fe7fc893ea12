/**
 * One purchase of the gold package as the provider sees it: its ids and dates, its subscription, invoices and checkout
 * session at each step, and the events of each step (those the webhook endpoint is subscribed to), built with
 * stripe-objects.ts. The design (../../../research/money-path-design.md): a subscription-mode checkout with the setup
 * as a one-time price and a trial that ends one calendar month on; the subscription is created `incomplete`, its first
 * invoice (`subscription_create`) charges the setup beside a £0 trial line, then it is `trialing` until the first
 * monthly invoice (`subscription_cycle`). Figures come from tests/support/spec-figures.ts, never from base44/.
 */

import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from '../../support/spec-figures.ts';
import type { ProviderDouble } from './provider-double.ts';
import {
  disputeObject,
  eventOf,
  invoiceObject,
  invoicePaymentObject,
  lineItemObject,
  type Obj,
  type PriceShape,
  type SubscriptionShape,
  sessionObject,
  subscriptionObject,
} from './stripe-objects.ts';

export const DAY_S = 86_400;
/** 31 January 2027, 10:00 in London (GMT). */
export const PURCHASED_S = Date.UTC(2027, 0, 31, 10, 0, 0) / 1000;
/** One calendar month on: the last day of February, 10:00 (worked out by hand, not by the code under test). */
export const FIRST_RENEWAL_S = Date.UTC(2027, 1, 28, 10, 0, 0) / 1000;
/** The period after the first renewal ends a month later. */
export const SECOND_RENEWAL_S = Date.UTC(2027, 2, 28, 10, 0, 0) / 1000;
/** A Bacs Direct Debit on a new mandate is confirmed about seven business days on. */
export const BACS_SETTLED_S = PURCHASED_S + 9 * DAY_S;
/** A subscription whose first payment failed expires 23 hours on (`incomplete_expired`). */
export const EXPIRY_S = 23 * 60 * 60;

export interface Purchase {
  sessionId: string;
  subscriptionId: string;
  customerId: string;
  itemId: string;
  firstInvoiceId: string;
  paymentIntentId: string;
  chargeId: string;
  email: string;
  name: string;
  /** The e-mail createCheckout prefilled for a signed-in buyer, else null. */
  prefilledEmail: string | null;
  purchasedS: number;
  trialEndS: number;
  metadata: Record<string, string>;
  monthlyPrice: PriceShape;
  setupPrice: PriceShape;
}

export function newPurchase(n = 1, overrides: Partial<Purchase> = {}): Purchase {
  const suffix = `test${String(n).padStart(4, '0')}`;
  return {
    sessionId: `cs_test_a1${suffix}Zq8rT2kLmN0pQx`,
    subscriptionId: `sub_1${suffix}Gold`,
    customerId: `cus_${suffix}`,
    itemId: `si_${suffix}`,
    firstInvoiceId: `in_1${suffix}First`,
    paymentIntentId: `pi_3${suffix}Setup`,
    chargeId: `py_3${suffix}Setup`,
    email: n === 1 ? 'jane@example.co.uk' : `buyer${n}@example.co.uk`,
    name: n === 1 ? 'Jane Doe' : `Buyer ${n}`,
    prefilledEmail: null,
    purchasedS: PURCHASED_S,
    trialEndS: FIRST_RENEWAL_S,
    metadata: { package: PACKAGE },
    monthlyPrice: {
      id: `price_${suffix}Monthly`,
      product: `prod_${suffix}Monthly`,
      unitAmount: MONTHLY_PENCE,
      currency: CURRENCY,
      recurring: { interval: 'month', intervalCount: 1 },
      createdS: PURCHASED_S,
    },
    setupPrice: {
      id: `price_${suffix}Setup`,
      product: `prod_${suffix}Setup`,
      unitAmount: SETUP_PENCE,
      currency: CURRENCY,
      createdS: PURCHASED_S,
    },
    ...overrides,
  };
}

/** The purchase's subscription in a state (trialing from the purchase to the first renewal unless told otherwise). */
export function subscription(p: Purchase, state: Partial<SubscriptionShape> = {}): Obj {
  return subscriptionObject({
    id: p.subscriptionId,
    customer: p.customerId,
    status: 'trialing',
    metadata: p.metadata,
    createdS: p.purchasedS,
    trialStartS: p.purchasedS,
    trialEndS: p.trialEndS,
    periodStartS: p.purchasedS,
    periodEndS: p.trialEndS,
    items: [{ id: p.itemId, price: p.monthlyPrice, quantity: 1 }],
    latestInvoice: p.firstInvoiceId,
    ...state,
  });
}

/** The first invoice: the setup (an invoice item) and the monthly item free until the trial ends. */
export function firstInvoice(
  p: Purchase,
  status: 'open' | 'paid' | 'void',
  extra: { amountDue?: number; currency?: string; billingReason?: string; paidAtS?: number } = {},
): Obj {
  const amountDue = extra.amountDue ?? p.setupPrice.unitAmount;
  return invoiceObject({
    id: p.firstInvoiceId,
    customer: p.customerId,
    customerEmail: p.email,
    subscription: p.subscriptionId,
    subscriptionMetadata: p.metadata,
    billingReason: extra.billingReason ?? 'subscription_create',
    currency: extra.currency ?? p.setupPrice.currency,
    amountDue,
    amountPaid: status === 'paid' ? amountDue : 0,
    status,
    attemptCount: status === 'paid' ? 1 : 0,
    nextPaymentAttemptS: null,
    createdS: p.purchasedS,
    periodStartS: p.purchasedS,
    periodEndS: p.purchasedS,
    paidAtS: status === 'paid' ? (extra.paidAtS ?? p.purchasedS) : null,
    lines: [
      {
        id: `il_${p.firstInvoiceId.slice(3)}Setup`,
        amount: amountDue,
        description: 'Gold package: one-time setup',
        price: p.setupPrice,
        periodStartS: p.purchasedS,
        periodEndS: p.purchasedS,
        kind: 'invoice_item',
      },
      {
        id: `il_${p.firstInvoiceId.slice(3)}Trial`,
        amount: 0,
        description: 'Trial period for Gold package: monthly',
        price: p.monthlyPrice,
        periodStartS: p.purchasedS,
        periodEndS: p.trialEndS,
        kind: 'subscription_item',
        subscriptionItem: p.itemId,
      },
    ],
  });
}

export interface RenewalShape {
  /** 2 for the first monthly invoice, 3 for the next… */
  number: number;
  periodStartS: number;
  periodEndS: number;
  status: 'open' | 'paid';
  attemptCount: number;
  nextPaymentAttemptS: number | null;
  createdS: number;
}

/** A monthly invoice (`subscription_cycle`) for the period that starts at a renewal. */
export function renewalInvoice(p: Purchase, r: RenewalShape): Obj {
  const id = renewalInvoiceId(p, r.number);
  return invoiceObject({
    id,
    customer: p.customerId,
    customerEmail: p.email,
    subscription: p.subscriptionId,
    subscriptionMetadata: p.metadata,
    billingReason: 'subscription_cycle',
    currency: p.monthlyPrice.currency,
    amountDue: p.monthlyPrice.unitAmount,
    amountPaid: r.status === 'paid' ? p.monthlyPrice.unitAmount : 0,
    status: r.status,
    attemptCount: r.attemptCount,
    nextPaymentAttemptS: r.nextPaymentAttemptS,
    createdS: r.createdS,
    periodStartS: r.periodStartS - (r.periodEndS - r.periodStartS),
    periodEndS: r.periodStartS,
    paidAtS: r.status === 'paid' ? r.createdS : null,
    lines: [
      {
        id: `il_${id.slice(3)}`,
        amount: p.monthlyPrice.unitAmount,
        description: '1 × Gold package: monthly',
        price: p.monthlyPrice,
        periodStartS: r.periodStartS,
        periodEndS: r.periodEndS,
        kind: 'subscription_item',
        subscriptionItem: p.itemId,
      },
    ],
  });
}

export const renewalInvoiceId = (p: Purchase, number: number) =>
  `in_1${p.firstInvoiceId.slice(4, -5)}R${number}`;

export function checkoutSession(
  p: Purchase,
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required',
  extra: Partial<Parameters<typeof sessionObject>[0]> = {},
): Obj {
  return sessionObject({
    id: p.sessionId,
    mode: 'subscription',
    status: 'complete',
    paymentStatus,
    amountTotal: p.setupPrice.unitAmount,
    currency: p.setupPrice.currency,
    customer: p.customerId,
    customerEmail: p.prefilledEmail,
    details: { email: p.email, name: p.name },
    metadata: { package: PACKAGE },
    subscription: p.subscriptionId,
    invoice: p.firstInvoiceId,
    createdS: p.purchasedS - 120,
    expiresAtS: p.purchasedS - 120 + 3_600,
    // What createCheckout sells: the setup today, the monthly fee free until the trial ends.
    lineItems: [
      lineItemObject(`li_${p.sessionId.slice(8, 20)}S`, p.setupPrice),
      lineItemObject(`li_${p.sessionId.slice(8, 20)}M`, p.monthlyPrice, 1, 0),
    ],
    ...extra,
  });
}

/** What the provider now holds (in place of what it held under the same id): each object where a retrieve or list finds it. */
export function providerHolds(provider: ProviderDouble, ...held: (Obj | Obj[])[]): void {
  for (const object of held.flat()) {
    const id = String(object.id);
    if (object.object === 'subscription') provider.subscriptions.set(id, object);
    else if (object.object === 'invoice') provider.invoices.set(id, object);
    else if (object.object === 'dispute') provider.disputes.set(id, object);
    else if (object.object === 'invoice_payment') provider.invoicePayments.push(object);
    else if (object.object === 'checkout.session') provider.checkoutSessions.set(id, object);
    else throw new Error(`providerHolds: not a retrievable object: ${String(object.object)}`);
  }
}

/** The day-one payment's invoice payment (what `GET /v1/invoice_payments` finds for its PaymentIntent). */
export function firstPayment(p: Purchase, paidAtS: number | null): Obj {
  return invoicePaymentObject({
    id: `inpay_${p.firstInvoiceId.slice(3)}`,
    invoice: p.firstInvoiceId,
    paymentIntent: p.paymentIntentId,
    amount: p.setupPrice.unitAmount,
    currency: p.setupPrice.currency,
    createdS: p.purchasedS,
    paidAtS,
  });
}

/**
 * A card purchase's day one: the subscription is created `incomplete`, the first invoice is paid, the subscription
 * moves to `trialing`, the checkout completes paid. All in the same second, as the provider does it. `now`: the
 * subscription, the checkout session and the first invoice as the provider holds them once day one is over.
 */
export function cardDayOne(p: Purchase) {
  const at = p.purchasedS;
  const incomplete = subscription(p, { status: 'incomplete' });
  const trialing = subscription(p);
  return {
    now: [trialing, checkoutSession(p, 'paid'), firstInvoice(p, 'paid')],
    invoice: firstInvoice(p, 'paid'),
    events: {
      created: eventOf('customer.subscription.created', incomplete, at),
      invoicePaid: eventOf('invoice.paid', firstInvoice(p, 'paid'), at),
      updated: eventOf('customer.subscription.updated', trialing, at, { previous: { status: 'incomplete' } }),
      completed: eventOf('checkout.session.completed', checkoutSession(p, 'paid'), at),
    },
  };
}

/**
 * A Bacs Direct Debit purchase: day one leaves the subscription `incomplete`, the checkout completed `unpaid` and the
 * first invoice open; the debit is confirmed (or fails) days later: invoice.paid, the subscription `trialing`,
 * async_payment_succeeded; or invoice.payment_failed and async_payment_failed, the subscription still `incomplete` and
 * the invoice open (`failing`) until the provider expires it 23 hours on (`failed`: `incomplete_expired`, the invoice
 * void). Each `now`: what the provider holds at that point.
 */
export function bacsPurchase(p: Purchase, settledS = BACS_SETTLED_S) {
  const incomplete = subscription(p, { status: 'incomplete' });
  const trialing = subscription(p);
  const expiredS = settledS + EXPIRY_S;
  const expired = subscription(p, { status: 'incomplete_expired', endedAtS: expiredS });
  const dayOneNow = [incomplete, checkoutSession(p, 'unpaid'), firstInvoice(p, 'open')];
  return {
    dayOne: {
      now: dayOneNow,
      events: {
        created: eventOf('customer.subscription.created', incomplete, p.purchasedS),
        completed: eventOf('checkout.session.completed', checkoutSession(p, 'unpaid'), p.purchasedS),
      },
    },
    succeeded: {
      now: [trialing, checkoutSession(p, 'paid'), firstInvoice(p, 'paid', { paidAtS: settledS })],
      events: {
        invoicePaid: eventOf('invoice.paid', firstInvoice(p, 'paid', { paidAtS: settledS }), settledS),
        updated: eventOf('customer.subscription.updated', trialing, settledS, {
          previous: { status: 'incomplete' },
        }),
        asyncSucceeded: eventOf(
          'checkout.session.async_payment_succeeded',
          checkoutSession(p, 'paid'),
          settledS,
        ),
      },
    },
    /** The bank's refusal: what the provider holds in the 23 hours before it expires the subscription. */
    failing: { now: dayOneNow },
    failed: {
      now: [expired, checkoutSession(p, 'unpaid'), firstInvoice(p, 'void')],
      expiredS,
      events: {
        invoiceFailed: eventOf('invoice.payment_failed', firstInvoice(p, 'open'), settledS),
        expired: eventOf('customer.subscription.updated', expired, expiredS, {
          previous: { status: 'incomplete' },
        }),
        asyncFailed: eventOf('checkout.session.async_payment_failed', checkoutSession(p, 'unpaid'), settledS),
      },
    },
  };
}

/** What an event carries: the object the provider holds when it is sent. */
export const objectOf = (event: Obj): Obj => (event.data as { object: Obj }).object;

/** A bank's dispute of the day-one Direct Debit (charge.dispute.created), `daysLater` after the purchase. */
export function disputeCreated(
  p: Purchase,
  id: string,
  daysLater: number,
  reason = 'debit_not_authorized',
): Obj {
  const createdS = p.purchasedS + daysLater * DAY_S;
  return eventOf(
    'charge.dispute.created',
    disputeObject({
      id,
      charge: p.chargeId,
      paymentIntent: p.paymentIntentId,
      amount: p.setupPrice.unitAmount,
      currency: p.setupPrice.currency,
      reason,
      createdS,
    }),
    createdS,
  );
}
