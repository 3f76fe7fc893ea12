/**
 * Whose purchase an event is (ownership.ts), from what the provider says was bought, never from what a total came to:
 * a subscription naming a package on sale whose one item is the package's monthly fee; a checkout naming the package
 * whose line items are its setup and its monthly fee (whatever its total: tax, a discount); an invoice of such a
 * subscription, for its creation or a renewal. Everything else is another sale of the agency's, with the reason.
 */
import { describe, expect, it } from 'vitest';
import {
  invoiceVerdict,
  sessionVerdict,
  subscriptionVerdict,
} from '../../../base44/functions/stripeWebhook/ownership.ts';
import {
  type CheckoutFacts,
  type InvoiceFacts,
  type PriceItem,
  readInvoice,
} from '../../../base44/functions/stripeWebhook/provider-objects.ts';
import { invoice as firstInvoice, SUBSCRIPTION_ID } from '../../support/provider-events.ts';
import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from '../../support/spec-figures.ts';
import { subscriptionStateOf } from './provider-lookup-double.ts';

type Verdict = ReturnType<typeof subscriptionVerdict>;
const reasonOf = (verdict: Verdict) => (verdict.ours ? null : verdict.reason);

const SETUP: PriceItem = {
  amount: SETUP_PENCE,
  currency: CURRENCY,
  interval: null,
  intervalCount: null,
  quantity: 1,
};
const MONTHLY: PriceItem = {
  amount: MONTHLY_PENCE,
  currency: CURRENCY,
  interval: 'month',
  intervalCount: 1,
  quantity: 1,
};
const EXPECTED_ITEMS = `not the gold package's 1 × ${SETUP_PENCE} gbp once and 1 × ${MONTHLY_PENCE} gbp every 1 month`;

describe('a subscription', () => {
  const state = subscriptionStateOf;
  const withItem = (fields: Partial<PriceItem>) => {
    const built = state({});
    return { ...built, items: [{ ...built.items[0]!, ...fields }] };
  };

  it('is ours when it names a package on sale and its one item is the package’s monthly fee', () => {
    expect(subscriptionVerdict(state({}))).toStrictEqual({ ours: true, pkg: PACKAGE });
  });

  it('is not ours without a package, with an unknown one, another fee, currency or interval, or more items', () => {
    const reasons = [
      state({ metadata: {} }),
      state({ metadata: { package: 'platinum' } }),
      state({ amount: MONTHLY_PENCE + 1 }),
      state({ currency: 'usd' }),
      state({ interval: 'year' }),
      withItem({ quantity: 2 }),
      withItem({ intervalCount: 3 }),
      withItem({ amount: null, interval: null, intervalCount: null }),
      { ...state({}), items: [...state({}).items, ...state({}).items] },
      { ...state({}), items: [] },
    ].map((s) => reasonOf(subscriptionVerdict(s)));
    const not = `not the gold package's ${MONTHLY_PENCE} gbp every 1 month`;
    expect(reasons).toEqual([
      `subscription ${SUBSCRIPTION_ID} names no package in its metadata`,
      `subscription ${SUBSCRIPTION_ID} names package "platinum", not one on sale`,
      `subscription ${SUBSCRIPTION_ID} charges 1 × ${MONTHLY_PENCE + 1} "gbp" every 1 month, ${not}`,
      `subscription ${SUBSCRIPTION_ID} charges 1 × ${MONTHLY_PENCE} "usd" every 1 month, ${not}`,
      `subscription ${SUBSCRIPTION_ID} charges 1 × ${MONTHLY_PENCE} "gbp" every 1 year, ${not}`,
      `subscription ${SUBSCRIPTION_ID} charges 2 × ${MONTHLY_PENCE} "gbp" every 1 month, ${not}`,
      `subscription ${SUBSCRIPTION_ID} charges 1 × ${MONTHLY_PENCE} "gbp" every 3 month, ${not}`,
      `subscription ${SUBSCRIPTION_ID} charges 1 × no amount "gbp" once, ${not}`,
      `subscription ${SUBSCRIPTION_ID} has 2 items, not the package's one`,
      `subscription ${SUBSCRIPTION_ID} has 0 items, not the package's one`,
    ]);
  });

  it('quotes an unknown package short: its first 40 characters', () => {
    const long = `${'p'.repeat(40)}and more`;
    expect(reasonOf(subscriptionVerdict({ ...state({}), metadata: { package: long } }))).toBe(
      `subscription ${SUBSCRIPTION_ID} names package "${'p'.repeat(40)}", not one on sale`,
    );
  });
});

describe('a checkout', () => {
  const checkout = (fields: Partial<CheckoutFacts> = {}): CheckoutFacts => ({
    sessionId: 'cs_1',
    mode: 'subscription',
    paymentStatus: 'paid',
    package: PACKAGE,
    amountTotal: SETUP_PENCE,
    currency: CURRENCY,
    items: [SETUP, MONTHLY],
    ...fields,
  });
  const reason = (fields: Partial<CheckoutFacts>) => reasonOf(sessionVerdict(checkout(fields), 'gold'));

  it('is ours when it names the package and sold its setup and its monthly fee, in either order', () => {
    expect(sessionVerdict(checkout(), 'gold')).toStrictEqual({ ours: true, pkg: PACKAGE });
    expect(reason({ items: [MONTHLY, SETUP] })).toBeNull();
  });

  it('is ours whatever its total came to (VAT added, a discount, nothing due, none given)', () => {
    for (const amountTotal of [95_880, SETUP_PENCE - 100, 0, undefined]) {
      expect(reason({ amountTotal }), String(amountTotal)).toBeNull();
    }
    expect(reason({ currency: undefined, paymentStatus: 'no_payment_required' })).toBeNull();
  });

  it('is not ours in another mode, or naming another package or none', () => {
    expect(reason({ mode: 'payment' })).toBe('checkout cs_1 is not in subscription mode');
    expect(reason({ package: undefined })).toBe('checkout cs_1 names package "none", not gold');
    expect(reason({ package: 'silver' })).toBe('checkout cs_1 names package "silver", not gold');
  });

  it('is not ours when what it sold is not exactly the package’s two prices', () => {
    const sold = (items: PriceItem[]) => reason({ items });
    expect(sold([SETUP])).toBe(`checkout cs_1 sold 1 × ${SETUP_PENCE} "gbp" once, ${EXPECTED_ITEMS}`);
    expect(sold([MONTHLY])).toBe(
      `checkout cs_1 sold 1 × ${MONTHLY_PENCE} "gbp" every 1 month, ${EXPECTED_ITEMS}`,
    );
    expect(sold([])).toBe(`checkout cs_1 sold nothing, ${EXPECTED_ITEMS}`);
    expect(sold([SETUP, MONTHLY, MONTHLY])).toBe(
      `checkout cs_1 sold 1 × ${SETUP_PENCE} "gbp" once and 1 × ${MONTHLY_PENCE} "gbp" every 1 month and 1 × ${MONTHLY_PENCE} "gbp" every 1 month, ${EXPECTED_ITEMS}`,
    );
    expect(sold([SETUP, SETUP])).not.toBeNull();
    expect(sold([MONTHLY, MONTHLY])).not.toBeNull();
  });

  it('is not ours when either price differs in amount, currency, quantity or interval', () => {
    const changes: Partial<PriceItem>[] = [
      { amount: 1 },
      { amount: null },
      { currency: 'jpy' },
      { quantity: 2 },
      { interval: 'year' },
      { intervalCount: 3 },
    ];
    for (const change of changes) {
      expect(reason({ items: [SETUP, { ...MONTHLY, ...change }] }), JSON.stringify(change)).not.toBeNull();
    }
    for (const change of [...changes, { interval: 'month' }, { intervalCount: 1 }]) {
      expect(reason({ items: [{ ...SETUP, ...change }, MONTHLY] }), JSON.stringify(change)).not.toBeNull();
    }
    expect(reason({ items: [{ ...SETUP, interval: 'month', intervalCount: 1 }, MONTHLY] })).toBe(
      `checkout cs_1 sold 1 × ${SETUP_PENCE} "gbp" every 1 month and 1 × ${MONTHLY_PENCE} "gbp" every 1 month, ${EXPECTED_ITEMS}`,
    );
    // An interval the provider gave without its count: the reason says the count is unknown.
    expect(reason({ items: [SETUP, { ...MONTHLY, intervalCount: null }] })).toBe(
      `checkout cs_1 sold 1 × ${SETUP_PENCE} "gbp" once and 1 × ${MONTHLY_PENCE} "gbp" every ? month, ${EXPECTED_ITEMS}`,
    );
  });
});

describe('an invoice of the subscription', () => {
  /** The purchase's first invoice as the webhook reads it, with `fields` changed. */
  const invoice = (fields: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
    ...readInvoice(firstInvoice()),
    invoiceId: 'in_1',
    ...fields,
  });

  it('is ours for the subscription’s creation or a renewal, whatever it asks', () => {
    for (const fields of [
      {},
      { billingReason: 'subscription_cycle', amountDue: MONTHLY_PENCE },
      { amountDue: SETUP_PENCE + MONTHLY_PENCE },
      { billingReason: 'subscription_cycle', amountDue: 23_880, currency: 'eur' },
    ]) {
      expect(invoiceVerdict(invoice(fields), 'gold'), JSON.stringify(fields)).toStrictEqual({
        ours: true,
        pkg: PACKAGE,
      });
    }
  });

  it('is not ours for anything else this site’s subscriptions never bill', () => {
    expect(invoiceVerdict(invoice({ billingReason: 'manual' }), 'gold')).toStrictEqual({
      ours: false,
      reason: `invoice in_1 is for "manual", which this site's subscriptions never bill`,
    });
    expect(reasonOf(invoiceVerdict(invoice({ billingReason: 'subscription_update' }), 'gold'))).toBe(
      `invoice in_1 is for "subscription_update", which this site's subscriptions never bill`,
    );
    expect(reasonOf(invoiceVerdict(invoice({ billingReason: null }), 'gold'))).toBe(
      `invoice in_1 is for "no reason", which this site's subscriptions never bill`,
    );
  });
});
