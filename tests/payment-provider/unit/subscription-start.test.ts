/**
 * Day one of a subscription bought through Checkout: created `incomplete` while its first invoice asks for money,
 * `active` (or `trialing`) once a card pays it, or at once when nothing is due; the first invoice holds each one-time
 * price in full and each recurring price for its share until the first renewal (a trial's at zero, with the trial's
 * wording; a free time until an anchor adds no line); a Direct Debit is submitted and waits for the bank.
 */
import { describe, expect, it } from 'vitest';
import type { Stripe } from '../../../host-harness/payments/account/stripe-types.ts';
import { businessDaysAfter } from '../../../host-harness/payments/billing/billing-dates.ts';
import { chargeTerms } from '../../../host-harness/payments/billing/billing-terms.ts';
import { emptyLedger } from '../../../host-harness/payments/billing/subscription-ledger.ts';
import {
  firstInvoiceOf,
  type SubscriptionStart,
  startSubscription,
} from '../../../host-harness/payments/billing/subscription-start.ts';
import { pricedLine } from '../../../host-harness/payments/checkout/checkout-session.ts';
import {
  CURRENCY,
  HALF_MONTH_PENCE,
  MONTHLY_PENCE,
  SETUP_AND_MONTH_PENCE,
  SETUP_PENCE,
} from '../../support/spec-figures.ts';
import {
  at,
  DAY_S,
  goldRecord,
  MONTHLY_NAME,
  monthlyPrice,
  SETUP_NAME,
  settings,
  subscriptionData,
} from './checkout-fixtures.ts';

/** A Monday: the first renewal falls on Thursday 2 April. */
const START_S = at('2026-03-02T10:00:00Z');
const RENEWAL_S = at('2026-04-02T10:00:00Z');
const CUSTOMER = 'cus_AbCdEfGhIjKlMn';

function start(
  data: ReturnType<typeof subscriptionData> | null = null,
  fields: Partial<SubscriptionStart> = {},
  lineItems?: Stripe.LineItem[],
): SubscriptionStart {
  const items = lineItems ?? goldRecord(START_S).line_items;
  return {
    customer: CUSTOMER,
    currency: CURRENCY,
    lineItems: items,
    terms: chargeTerms(items.map(pricedLine), data, START_S),
    startS: START_S,
    metadata: { package: 'gold' },
    description: 'Gold package',
    method: 'card',
    email: 'buyer@example.com',
    ...fields,
  };
}

/** The package's monthly fee alone (nothing one-time). */
const monthlyOnly = () =>
  goldRecord(START_S, { lineItems: [{ price: monthlyPrice(), quantity: 1 }] }).line_items;

describe('paid by card on day one', () => {
  it('creates the subscription incomplete, its first invoice for the setup and the first month, then pays it: active', () => {
    const args = start();
    const change = startSubscription(emptyLedger(), args, settings());
    const { ledger } = change;
    const subscription = ledger.subscription!;
    const [invoice] = ledger.invoices;
    expect(ledger.invoices).toHaveLength(1);
    expect(subscription.status).toBe('active');
    expect(subscription.customer).toBe(CUSTOMER);
    expect(subscription.latest_invoice).toBe(invoice!.id);
    expect(subscription.metadata).toEqual({ package: 'gold' });
    expect(subscription.description).toBe('Gold package');
    expect(subscription.currency).toBe(CURRENCY);
    expect(subscription.start_date).toBe(START_S);
    expect(subscription.items.data[0]!.current_period_end).toBe(RENEWAL_S);
    expect(subscription.default_payment_method).toMatch(/^pm_[A-Za-z0-9]{24}$/);
    expect(subscription.test_clock).toMatch(/^clock_[A-Za-z0-9]{24}$/);
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_create',
      amount_due: SETUP_AND_MONTH_PENCE,
      amount_paid: SETUP_AND_MONTH_PENCE,
      attempt_count: 1,
      number: 'ABCDEFGH-0001',
      customer_email: 'buyer@example.com',
      created: START_S,
      period_start: START_S,
      period_end: START_S,
      automatically_finalizes_at: null,
      status_transitions: { finalized_at: START_S, paid_at: START_S },
      parent: { subscription_details: { subscription: subscription.id } },
    });
    expect(ledger.charges).toEqual([
      expect.objectContaining({
        invoice: invoice!.id,
        method: 'card',
        amount: SETUP_AND_MONTH_PENCE,
        status: 'succeeded',
        settled_s: START_S,
      }),
    ]);
    expect(ledger.steps).toEqual([]);
    expect(ledger.payment_method).toBe('card');
    expect(ledger.customer_email).toBe('buyer@example.com');
    expect(ledger.clock_s).toBe(START_S);
    expect(ledger.product_names).toEqual({
      [args.lineItems[0]!.price!.id]: SETUP_NAME,
      [args.lineItems[1]!.price!.id]: MONTHLY_NAME,
    });
    expect(change.firstInvoice).toEqual({ outcome: 'succeeded', atS: START_S });
  });

  it('sends the subscription created, the invoice created, finalized and paid, then the subscription updated', () => {
    const change = startSubscription(emptyLedger(), start(), settings());
    expect(change.events.map((event) => [event.type, event.atS])).toEqual([
      ['customer.subscription.created', START_S],
      ['invoice.created', START_S],
      ['invoice.finalized', START_S],
      ['invoice.paid', START_S],
      ['invoice.payment_succeeded', START_S],
      ['customer.subscription.updated', START_S],
    ]);
    const [created, draft, finalized] = change.events;
    expect(created!.object).toMatchObject({ status: 'incomplete', latest_invoice: null });
    expect(draft!.object).toMatchObject({ status: 'draft', number: null });
    expect(finalized!.object).toMatchObject({ status: 'open', id: change.ledger.invoices[0]!.id });
    expect(change.events[5]).toMatchObject({
      object: { status: 'active' },
      previous: { status: 'incomplete' },
    });
  });

  it('bills the setup in full as an invoice item, and the first month as the subscription item, to the renewal', () => {
    const { ledger } = startSubscription(emptyLedger(), start(), settings());
    const [setup, monthly] = ledger.invoices[0]!.lines.data;
    expect(setup).toMatchObject({
      description: SETUP_NAME,
      amount: SETUP_PENCE,
      quantity: 1,
      period: { start: START_S, end: START_S },
      parent: { type: 'invoice_item_details', invoice_item_details: { proration: false } },
    });
    expect(monthly).toMatchObject({
      description: MONTHLY_NAME,
      amount: MONTHLY_PENCE,
      quantity: 1,
      period: { start: START_S, end: RENEWAL_S },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: {
          proration: false,
          subscription_item: ledger.subscription!.items.data[0]!.id,
        },
      },
    });
  });
});

describe('with a trial, an anchor, or nothing due', () => {
  it('a trial: the setup today, the monthly fee as a free-trial line at zero; trialing once paid', () => {
    const trialEnd = START_S + 30 * DAY_S;
    const change = startSubscription(emptyLedger(), start(subscriptionData({ trialEnd })), settings());
    const { ledger } = change;
    const [setup, monthly] = ledger.invoices[0]!.lines.data;
    expect(ledger.invoices[0]!.amount_due).toBe(SETUP_PENCE);
    expect(setup!.amount).toBe(SETUP_PENCE);
    expect(monthly).toMatchObject({
      description: `Free trial for 1 × ${MONTHLY_NAME}`,
      amount: 0,
      period: { start: START_S, end: trialEnd },
      parent: { subscription_item_details: { proration: false } },
    });
    expect(ledger.subscription).toMatchObject({
      status: 'trialing',
      trial_end: trialEnd,
      trial_start: START_S,
    });
    expect(change.events.at(-1)).toMatchObject({
      type: 'customer.subscription.updated',
      object: { status: 'trialing' },
      previous: { status: 'incomplete' },
    });
  });

  it('a trial with nothing one-time: trialing from the start, its zero invoice paid without a payment', () => {
    const trialEnd = START_S + 30 * DAY_S;
    const change = startSubscription(
      emptyLedger(),
      start(subscriptionData({ trialEnd }), {}, monthlyOnly()),
      settings(),
    );
    const { ledger } = change;
    expect(change.events[0]!.object).toMatchObject({ status: 'trialing' });
    expect(ledger.subscription!.status).toBe('trialing');
    expect(ledger.invoices[0]).toMatchObject({ status: 'paid', amount_due: 0, attempt_count: 0 });
    expect(ledger.invoices[0]!.lines.data).toHaveLength(1);
    expect(ledger.charges).toEqual([]);
    expect(change.events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    expect(change.firstInvoice).toEqual({ outcome: 'succeeded', atS: START_S });
  });

  it('an anchor without proration and nothing one-time: active at once, the free time adds no line', () => {
    const anchor = at('2026-03-15T00:00:00Z');
    const change = startSubscription(
      emptyLedger(),
      start(subscriptionData({ billingCycleAnchor: anchor, prorationBehavior: 'none' }), {}, monthlyOnly()),
      settings(),
    );
    expect(change.events[0]!.object).toMatchObject({ status: 'active', billing_cycle_anchor: anchor });
    expect(change.ledger.invoices[0]!.lines.data).toEqual([]);
    expect(change.ledger.invoices[0]!.status).toBe('paid');
  });

  it('an anchor with prorations: the part of the month until the anchor, marked as a proration', () => {
    // Half of March's 31 days: 15.5 days on, the monthly fee's share is half of it.
    const anchor = START_S + 15.5 * DAY_S;
    const { ledger } = startSubscription(
      emptyLedger(),
      start(subscriptionData({ billingCycleAnchor: anchor }), {}, monthlyOnly()),
      settings(),
    );
    const [line] = ledger.invoices[0]!.lines.data;
    expect(line).toMatchObject({
      amount: HALF_MONTH_PENCE,
      description: MONTHLY_NAME,
      period: { start: START_S, end: anchor },
      parent: { subscription_item_details: { proration: true } },
    });
  });

  it('a line without a price adds nothing; one without a name or quantity is written as one of nothing named', () => {
    const [setup, monthly] = goldRecord(START_S).line_items;
    const items = [
      { ...setup!, price: null },
      { ...monthly!, description: null, quantity: null },
    ] as unknown as Stripe.LineItem[];
    const args = start(null, {}, items);
    const { ledger } = startSubscription(
      emptyLedger(),
      { ...args, terms: { ...args.terms, todayByLine: [] } },
      settings(),
    );
    expect(ledger.invoices[0]!.lines.data).toEqual([]);
    expect(ledger.product_names).toEqual({ [monthly!.price!.id]: '' });
    const trial = start(subscriptionData({ trialPeriodDays: 7 }), {}, items);
    const withTrial = startSubscription(emptyLedger(), trial, settings()).ledger;
    expect(
      withTrial.invoices[0]!.lines.data.map((line) => [line.description, line.quantity, line.amount]),
    ).toEqual([['Free trial for 1 × ', 1, 0]]);
  });
});

describe('paid by Direct Debit', () => {
  it('submits the first payment: incomplete, the invoice attempted and open, confirmed seven business days on', () => {
    const change = startSubscription(emptyLedger(), start(null, { method: 'bacs_debit' }), settings());
    const { ledger } = change;
    const invoice = ledger.invoices[0]!;
    expect(ledger.subscription!.status).toBe('incomplete');
    expect(invoice).toMatchObject({
      status: 'open',
      attempted: true,
      attempt_count: 1,
      next_payment_attempt: null,
    });
    expect(ledger.charges).toEqual([
      expect.objectContaining({ method: 'bacs_debit', status: 'processing', amount: SETUP_AND_MONTH_PENCE }),
    ]);
    // Monday 2 March plus seven business days: Wednesday 11 March.
    expect(ledger.steps).toEqual([{ atS: at('2026-03-11T10:00:00Z'), invoice: invoice.id, kind: 'settle' }]);
    expect(change.firstInvoice).toBeNull();
    expect(change.events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
    ]);
    expect(ledger.payment_method).toBe('bacs_debit');
  });

  it('waits the account’s business days for a new mandate', () => {
    const billing = settings({ bacsBusinessDays: { newMandate: 2, existingMandate: 1 } });
    const { ledger } = startSubscription(emptyLedger(), start(null, { method: 'bacs_debit' }), billing);
    expect(ledger.steps[0]!.atS).toBe(businessDaysAfter(START_S, 2));
  });
});

describe('firstInvoiceOf', () => {
  it('is the subscription’s first invoice, null before there is one', () => {
    expect(firstInvoiceOf(emptyLedger())).toBeNull();
    const { ledger } = startSubscription(emptyLedger(), start(), settings());
    const renewal = {
      ...ledger.invoices[0]!,
      id: 'in_renewal',
      billing_reason: 'subscription_cycle' as const,
    };
    expect(firstInvoiceOf({ ...ledger, invoices: [renewal, ...ledger.invoices] })?.id).toBe(
      ledger.invoices[0]!.id,
    );
    expect(firstInvoiceOf({ ...ledger, invoices: [renewal] })).toBeNull();
  });
});
