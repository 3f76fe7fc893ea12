/**
 * A subscription's life on its test clock, by the provider's rules (billing-clock.ts's header has the sources): the
 * trial's notice three days before its end; each renewal a draft for the account's while, then charged; a failed card
 * retried by Smart Retries within the window, a Direct Debit confirmed days later and never retried; what the window's
 * close does (cancel, unpaid, or left past due); a first Direct Debit that fails expires the subscription; cancelling
 * now, at the period's end or at a later period's end; a bank's dispute; and the clock never moving back.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentMethodType } from '../../../host-harness/payments/account/payment-methods.ts';
import type { Stripe } from '../../../host-harness/payments/account/stripe-types.ts';
import {
  cancelSubscription,
  disputeLatestDebit,
  firstDebitConfirmedAt,
  MAX_CANCEL_PERIODS,
  MAX_STEPS,
  nextStepAt,
  renewalOutcomeAt,
  runUntil,
} from '../../../host-harness/payments/billing/billing-clock.ts';
import { periodBoundary } from '../../../host-harness/payments/billing/billing-dates.ts';
import {
  chargeTerms,
  type SubscriptionDataInput,
} from '../../../host-harness/payments/billing/billing-terms.ts';
import {
  type BillingChange,
  BillingConflict,
  type BillingSettings,
  emptyLedger,
  type SubscriptionLedger,
} from '../../../host-harness/payments/billing/subscription-ledger.ts';
import { startSubscription } from '../../../host-harness/payments/billing/subscription-start.ts';
import { pricedLine } from '../../../host-harness/payments/checkout/checkout-session.ts';
import { CURRENCY, MONTHLY_PENCE, SETUP_AND_MONTH_PENCE } from '../../support/spec-figures.ts';
import {
  at,
  DAY_S,
  goldRecord,
  iso,
  MONTHLY_NAME,
  monthlyPrice,
  settings,
  subscriptionData,
} from './checkout-fixtures.ts';

/** Monday 2 March 2026; the monthly renewals fall on 2 April (a Thursday), 2 May, 2 June. */
const START_S = at('2026-03-02T10:00:00Z');
const RENEWAL_S = at('2026-04-02T10:00:00Z');
const HOUR_S = 3_600;
const FINALIZED_S = RENEWAL_S + HOUR_S;

interface Purchase {
  method?: PaymentMethodType;
  data?: SubscriptionDataInput | null;
  lineItems?: Stripe.LineItem[];
  billing?: BillingSettings;
}

/** The gold package bought at START_S (a card unless told), its first payment made or submitted. */
function purchase({ method = 'card', data = null, lineItems, billing = settings() }: Purchase = {}) {
  const items = lineItems ?? goldRecord(START_S).line_items;
  return startSubscription(
    emptyLedger(),
    {
      customer: 'cus_AbCdEfGhIjKlMn',
      currency: CURRENCY,
      lineItems: items,
      terms: chargeTerms(items.map(pricedLine), data, START_S),
      startS: START_S,
      metadata: {},
      description: null,
      method,
      email: 'buyer@example.com',
    },
    billing,
  ).ledger;
}

/** The monthly fee billed every `count` `interval`s, alone. */
const recurringOnly = (interval: 'day' | 'month' = 'month', count = 1) =>
  goldRecord(START_S, {
    lineItems: [{ price: monthlyPrice({ recurring: { interval, interval_count: count } }), quantity: 1 }],
  }).line_items;

const types = (change: BillingChange) => change.events.map((event) => event.type);
const timeline = (change: BillingChange) => change.events.map((event) => [iso(event.atS), event.type]);
const failing = (ledger: SubscriptionLedger): SubscriptionLedger => ({ ...ledger, payment_outcome: 'fails' });

function conflict(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof BillingConflict && error.name === 'BillingConflict')
      return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('no conflict');
}

describe('renewals', () => {
  it('renews at the period’s end: the next period starts and its invoice is a draft for an hour', () => {
    const ledger = purchase();
    expect(nextStepAt(ledger)).toBe(RENEWAL_S);
    const change = runUntil(ledger, RENEWAL_S, settings());
    expect(timeline(change)).toEqual([
      ['2026-04-02T10:00:00.000Z', 'customer.subscription.updated'],
      ['2026-04-02T10:00:00.000Z', 'invoice.created'],
    ]);
    const draft = change.ledger.invoices[1]!;
    expect(draft).toMatchObject({
      status: 'draft',
      billing_reason: 'subscription_cycle',
      amount_due: MONTHLY_PENCE,
      created: RENEWAL_S,
      automatically_finalizes_at: FINALIZED_S,
      period_start: START_S,
      period_end: RENEWAL_S,
      customer_email: 'buyer@example.com',
    });
    expect(draft.lines.data).toEqual([
      expect.objectContaining({
        description: `1 × ${MONTHLY_NAME}`,
        amount: MONTHLY_PENCE,
        quantity: 1,
        period: { start: RENEWAL_S, end: at('2026-05-02T10:00:00Z') },
        parent: expect.objectContaining({
          subscription_item_details: expect.objectContaining({
            proration: false,
            subscription_item: ledger.subscription!.items.data[0]!.id,
          }),
        }),
      }),
    ]);
    const subscription = change.ledger.subscription!;
    expect(subscription.latest_invoice).toBe(draft.id);
    expect(subscription.items.data[0]).toMatchObject({
      current_period_start: RENEWAL_S,
      current_period_end: at('2026-05-02T10:00:00Z'),
    });
    expect(change.events[0]).toMatchObject({
      previous: { latest_invoice: ledger.invoices[0]!.id, items: ledger.subscription!.items },
    });
    expect(change.ledger.steps).toEqual([{ atS: FINALIZED_S, invoice: draft.id, kind: 'finalize' }]);
    expect(nextStepAt(change.ledger)).toBe(FINALIZED_S);
    expect(change.ledger.clock_s).toBe(RENEWAL_S);
    expect(change.firstInvoice).toBeNull();
  });

  it('an hour later finalizes the draft and charges the card: paid, the subscription still active', () => {
    const change = runUntil(purchase(), FINALIZED_S, settings());
    expect(timeline(change).slice(2)).toEqual([
      ['2026-04-02T11:00:00.000Z', 'invoice.finalized'],
      ['2026-04-02T11:00:00.000Z', 'invoice.paid'],
      ['2026-04-02T11:00:00.000Z', 'invoice.payment_succeeded'],
    ]);
    const invoice = change.ledger.invoices[1]!;
    expect(invoice).toMatchObject({ status: 'paid', number: 'ABCDEFGH-0002', attempt_count: 1 });
    expect(change.ledger.charges.map((c) => [c.method, c.amount, c.status])).toEqual([
      ['card', SETUP_AND_MONTH_PENCE, 'succeeded'],
      ['card', MONTHLY_PENCE, 'succeeded'],
    ]);
    expect(change.ledger.subscription!.status).toBe('active');
    expect(change.ledger.steps).toEqual([]);
    expect(nextStepAt(change.ledger)).toBe(at('2026-05-02T10:00:00Z'));
    expect(change.firstInvoice).toBeNull();
  });

  it('bills each item of the renewal for its quantity, named by its product', () => {
    const lineItems = goldRecord(START_S, {
      lineItems: [{ price: monthlyPrice(), quantity: 2 }],
    }).line_items;
    const change = runUntil(purchase({ lineItems }), RENEWAL_S, settings());
    expect(change.ledger.invoices[1]!.lines.data).toEqual([
      expect.objectContaining({ description: `2 × ${MONTHLY_NAME}`, quantity: 2, amount: 2 * MONTHLY_PENCE }),
    ]);
    expect(change.ledger.invoices[1]!.amount_due).toBe(2 * MONTHLY_PENCE);
  });

  it('a ledger stored before it kept the payment method and product names: a card, the line named by its price', () => {
    const ledger = { ...purchase(), payment_method: null, product_names: {} };
    const change = runUntil(ledger, FINALIZED_S, settings());
    const priceId = ledger.subscription!.items.data[0]!.price.id;
    expect(change.ledger.invoices[1]!.lines.data[0]!.description).toBe(`1 × ${priceId}`);
    expect(change.ledger.charges[1]).toMatchObject({ method: 'card', status: 'succeeded' });
  });

  it('refuses to renew a subscription without items', () => {
    const ledger = purchase();
    const empty = {
      ...ledger,
      subscription: { ...ledger.subscription!, items: { ...ledger.subscription!.items, data: [] } },
    };
    // Without items the period ends at the anchor: the renewal is due at once.
    expect(nextStepAt(empty)).toBe(START_S);
    expect(conflict(() => runUntil(empty, START_S, settings())).code).toBe('no_subscription');
  });

  it('fails loudly on a step for an invoice the ledger does not hold', () => {
    const ledger = {
      ...purchase(),
      steps: [{ atS: START_S + 1, invoice: 'in_missing', kind: 'retry' as const }],
    };
    expect(() => runUntil(ledger, START_S + 1, settings())).toThrow(
      'invoice in_missing is not in the ledger',
    );
  });

  it('keeps the draft for the account’s while, and renews month after month from the anchor', () => {
    const billing = settings({ renewalDraftS: 2 * HOUR_S });
    const change = runUntil(purchase({ billing }), at('2026-06-02T12:00:00Z'), billing);
    expect(change.events.filter((e) => e.type === 'invoice.finalized').map((e) => iso(e.atS))).toEqual([
      '2026-04-02T12:00:00.000Z',
      '2026-05-02T12:00:00.000Z',
      '2026-06-02T12:00:00.000Z',
    ]);
    expect(change.ledger.invoices.map((invoice) => invoice.number?.slice(-4))).toEqual([
      '0001',
      '0002',
      '0003',
      '0004',
    ]);
  });

  it('a trial: the notice three days before it ends, then the first renewal at its end makes it active', () => {
    const trialEnd = at('2026-04-01T10:00:00Z');
    const ledger = purchase({ data: subscriptionData({ trialEnd }) });
    expect(ledger.subscription!.status).toBe('trialing');
    expect(nextStepAt(ledger)).toBe(trialEnd - 3 * DAY_S);
    const notice = runUntil(ledger, trialEnd - 3 * DAY_S, settings());
    expect(timeline(notice)).toEqual([['2026-03-29T10:00:00.000Z', 'customer.subscription.trial_will_end']]);
    expect(notice.events[0]!.object).toMatchObject({ status: 'trialing' });
    expect(notice.ledger.trial_notice_sent).toBe(true);
    expect(nextStepAt(notice.ledger)).toBe(trialEnd);
    const renewed = runUntil(notice.ledger, trialEnd, settings());
    expect(types(renewed)).toEqual(['customer.subscription.updated', 'invoice.created']);
    expect(renewed.events[0]).toMatchObject({
      object: { status: 'active' },
      previous: { status: 'trialing' },
    });
    expect(renewed.ledger.invoices[1]!.period_end).toBe(trialEnd);
  });

  it('a trial shorter than three days: the notice at the start, sent once', () => {
    const ledger = purchase({ data: subscriptionData({ trialPeriodDays: 1 }) });
    expect(nextStepAt(ledger)).toBe(START_S);
    const change = runUntil(ledger, START_S + DAY_S - 1, settings());
    expect(timeline(change)).toEqual([['2026-03-02T10:00:00.000Z', 'customer.subscription.trial_will_end']]);
    expect(nextStepAt(change.ledger)).toBe(START_S + DAY_S);
  });

  it('nothing planned for a ledger without a subscription', () => {
    expect(nextStepAt(emptyLedger())).toBeNull();
    const change = runUntil(emptyLedger(), START_S, settings());
    expect(change.events).toEqual([]);
    expect(change.ledger.clock_s).toBe(START_S);
  });

  it('never moves the clock back, and leaves the ledger it was given as it was', () => {
    const ledger = purchase();
    const later = runUntil(ledger, RENEWAL_S - 1, settings());
    expect(later.events).toEqual([]);
    expect(later.ledger.clock_s).toBe(RENEWAL_S - 1);
    expect(runUntil(later.ledger, START_S + 1, settings()).ledger.clock_s).toBe(RENEWAL_S - 1);
    expect(ledger.clock_s).toBe(START_S);
    expect(runUntil({ ...ledger, clock_s: null }, START_S + 5, settings()).ledger.clock_s).toBe(START_S + 5);
    const renewed = runUntil({ ...ledger, clock_s: null }, RENEWAL_S, settings());
    expect(renewed.ledger.clock_s).toBe(RENEWAL_S);
    expect(ledger.invoices).toHaveLength(1);
  });

  it('refuses to take more steps than its limit in one move of the clock, 5,000 unless told', () => {
    expect(MAX_STEPS).toBe(5_000);
    const ledger = purchase();
    const paid = ledger.invoices[0]!.id;
    // Steps that do nothing (confirmations of a card payment: no Direct Debit is waiting), one a second.
    const planned = (count: number): SubscriptionLedger => ({
      ...ledger,
      steps: Array.from({ length: count }, (_, i) => ({
        atS: START_S + 1 + i,
        invoice: paid,
        kind: 'settle' as const,
      })),
    });
    const taken = runUntil(planned(3), START_S + 3, settings(), 3);
    expect(taken.ledger.steps).toEqual([]);
    expect(taken.events).toEqual([]);
    expect(conflict(() => runUntil(planned(4), START_S + 4, settings(), 3))).toEqual({
      code: 'too_far',
      message: 'Moving the clock that far takes more than 3 steps',
    });
    expect(runUntil(planned(4), START_S + 3, settings(), 3).ledger.steps).toHaveLength(1);
    expect(runUntil(planned(30), START_S + 30, settings()).ledger.steps).toEqual([]);
  });

  it('refuses to renew a subscription whose price is not recurring or has an interval it does not know', () => {
    const ledger = purchase();
    const item = ledger.subscription!.items.data[0]!;
    const withPrice = (price: Stripe.Price): SubscriptionLedger => ({
      ...ledger,
      subscription: {
        ...ledger.subscription!,
        items: { ...ledger.subscription!.items, data: [{ ...item, price }] },
      },
    });
    const noRecurring = conflict(() =>
      runUntil(withPrice({ ...item.price, recurring: null }), RENEWAL_S, settings()),
    );
    expect(noRecurring).toEqual({
      code: 'no_subscription',
      message: 'The subscription has no recurring item',
    });
    const quarterly = withPrice({
      ...item.price,
      recurring: { ...item.price.recurring!, interval: 'quarter' as 'month' },
    });
    expect(conflict(() => runUntil(quarterly, RENEWAL_S, settings())).code).toBe('no_subscription');
  });
});

describe('a failed card renewal (Smart Retries)', () => {
  const retryAt = (i: number) => FINALIZED_S + Math.round((i * 14 * DAY_S) / 8);

  it('fails: past due, the invoice open with its next try, eight tries spread over fourteen days', () => {
    const change = runUntil(failing(purchase()), FINALIZED_S, settings());
    expect(types(change).slice(2)).toEqual([
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    const invoice = change.ledger.invoices[1]!;
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, next_payment_attempt: retryAt(1) });
    expect(change.events[3]!.object).toMatchObject({ next_payment_attempt: retryAt(1) });
    expect(change.events[4]).toMatchObject({
      object: { status: 'past_due' },
      previous: { status: 'active' },
    });
    expect(change.ledger.charges[1]).toMatchObject({ status: 'failed', amount: MONTHLY_PENCE });
    expect(change.ledger.steps).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({ atS: retryAt(i), invoice: invoice.id, kind: 'retry' })),
      { atS: FINALIZED_S + 14 * DAY_S, invoice: invoice.id, kind: 'give_up' },
    ]);
    expect(iso(retryAt(1))).toBe('2026-04-04T05:00:00.000Z');
  });

  it('retries each try, naming the next, then cancels the subscription when the window closes', () => {
    const change = runUntil(failing(purchase()), FINALIZED_S + 14 * DAY_S, settings());
    const failures = change.events.filter((event) => event.type === 'invoice.payment_failed');
    expect(failures.map((event) => event.atS)).toEqual([
      FINALIZED_S,
      ...[1, 2, 3, 4, 5, 6, 7, 8].map(retryAt),
    ]);
    expect(
      failures.map((event) => (event.object as { next_payment_attempt: number | null }).next_payment_attempt),
    ).toEqual([...[1, 2, 3, 4, 5, 6, 7, 8].map(retryAt), null]);
    expect(change.ledger.invoices[1]!.attempt_count).toBe(9);
    const ended = change.ledger.subscription!;
    expect(ended).toMatchObject({
      status: 'canceled',
      ended_at: FINALIZED_S + 14 * DAY_S,
      canceled_at: FINALIZED_S + 14 * DAY_S,
      cancellation_details: { reason: 'payment_failed', comment: null, feedback: null },
    });
    expect(change.events.at(-1)).toMatchObject({ type: 'customer.subscription.deleted', object: ended });
    expect(change.ledger.steps).toEqual([]);
    expect(nextStepAt(change.ledger)).toBeNull();
    // Only one subscription update (past due): the window's close deletes it without another.
    expect(types(change).filter((type) => type === 'customer.subscription.updated')).toHaveLength(2);
  });

  it('a retry that pays: active again, the other tries and the window dropped', () => {
    const failed = runUntil(failing(purchase()), FINALIZED_S, settings());
    const change = runUntil({ ...failed.ledger, payment_outcome: 'succeeds' }, retryAt(1), settings());
    expect(timeline(change)).toEqual([
      [iso(retryAt(1)), 'invoice.paid'],
      [iso(retryAt(1)), 'invoice.payment_succeeded'],
      [iso(retryAt(1)), 'customer.subscription.updated'],
    ]);
    expect(change.events[2]).toMatchObject({
      object: { status: 'active' },
      previous: { status: 'past_due' },
    });
    expect(change.ledger.invoices[1]).toMatchObject({
      status: 'paid',
      attempt_count: 2,
      next_payment_attempt: null,
    });
    expect(change.ledger.steps).toEqual([]);
    expect(nextStepAt(change.ledger)).toBe(at('2026-05-02T10:00:00Z'));
  });

  it('with no tries, only the window: the subscription is cancelled at its close', () => {
    const billing = settings({ retries: { tries: 0, days: 3 } });
    const change = runUntil(failing(purchase()), FINALIZED_S + 3 * DAY_S, billing);
    expect(change.events.filter((e) => e.type === 'invoice.payment_failed')).toHaveLength(1);
    expect(change.events[3]!.object).toMatchObject({ next_payment_attempt: null });
    expect(change.ledger.subscription!.status).toBe('canceled');
    expect(change.events.at(-1)!.atS).toBe(FINALIZED_S + 3 * DAY_S);
  });

  it('left unpaid when the account says so: later renewals stay drafts, never charged', () => {
    const billing = settings({ afterRetries: 'unpaid', retries: { tries: 1, days: 2 } });
    const change = runUntil(failing(purchase()), FINALIZED_S + 2 * DAY_S, billing);
    expect(change.ledger.subscription!.status).toBe('unpaid');
    expect(change.events.at(-1)).toMatchObject({
      type: 'customer.subscription.updated',
      object: { status: 'unpaid' },
      previous: { status: 'past_due' },
    });
    const next = runUntil(change.ledger, at('2026-05-03T10:00:00Z'), billing);
    expect(types(next)).toEqual(['customer.subscription.updated', 'invoice.created']);
    expect(next.ledger.invoices[2]).toMatchObject({ status: 'draft', automatically_finalizes_at: null });
    expect(next.ledger.subscription!.status).toBe('unpaid');
    expect(next.ledger.steps).toEqual([]);
  });

  it('left past due when the account says so: nothing happens at the window’s close', () => {
    const billing = settings({ afterRetries: 'past_due', retries: { tries: 1, days: 2 } });
    const change = runUntil(failing(purchase()), FINALIZED_S + 2 * DAY_S, billing);
    expect(change.ledger.subscription!.status).toBe('past_due');
    expect(types(change).slice(-1)).toEqual(['invoice.payment_failed']);
    expect(change.ledger.steps).toEqual([]);
  });

  it('stays past due while another invoice is still open', () => {
    const billing = settings({ afterRetries: 'past_due', retries: { tries: 1, days: 2 } });
    // April's invoice is left open; May's fails too, then pays: April's is still unpaid.
    const april = runUntil(failing(purchase()), at('2026-05-02T11:00:00Z'), billing);
    expect(april.ledger.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'open', 'open']);
    const may = runUntil(
      { ...april.ledger, payment_outcome: 'succeeds' },
      at('2026-05-04T11:00:00Z'),
      billing,
    );
    expect(may.ledger.invoices.map((invoice) => invoice.status)).toEqual(['paid', 'open', 'paid']);
    expect(may.ledger.subscription!.status).toBe('past_due');
    expect(types(may)).toEqual(['invoice.paid', 'invoice.payment_succeeded']);
  });

  it('two failed invoices have their own tries and windows', () => {
    // A daily price, each renewal charged an hour on and failing; three days to pay, one try on the last.
    const billing = settings({ retries: { tries: 1, days: 3 } });
    const ledger = failing(purchase({ lineItems: recurringOnly('day'), billing }));
    const change = runUntil(ledger, START_S + 2 * DAY_S + HOUR_S, billing);
    const [, first, second] = change.ledger.invoices;
    expect(first).toMatchObject({ status: 'open', next_payment_attempt: START_S + 4 * DAY_S + HOUR_S });
    expect(second).toMatchObject({ status: 'open', next_payment_attempt: START_S + 5 * DAY_S + HOUR_S });
    expect(change.ledger.steps).toEqual([
      { atS: START_S + 4 * DAY_S + HOUR_S, invoice: first!.id, kind: 'retry' },
      { atS: START_S + 4 * DAY_S + HOUR_S, invoice: first!.id, kind: 'give_up' },
      { atS: START_S + 5 * DAY_S + HOUR_S, invoice: second!.id, kind: 'retry' },
      { atS: START_S + 5 * DAY_S + HOUR_S, invoice: second!.id, kind: 'give_up' },
    ]);
  });

  it('cancelled now during the tries: nothing more is tried', () => {
    const failed = runUntil(failing(purchase()), FINALIZED_S, settings()).ledger;
    const change = cancelSubscription(failed, 'now', FINALIZED_S + DAY_S, settings());
    expect(change.ledger.steps).toEqual([]);
    expect(runUntil(change.ledger, FINALIZED_S + 30 * DAY_S, settings()).events).toEqual([]);
  });

  it('takes the steps due at one moment in order: the invoice’s tries and window before the renewal', () => {
    // A daily price with no draft time: the retry and the window's close fall on the next renewal.
    const billing = settings({ renewalDraftS: 0, retries: { tries: 1, days: 1 } });
    const ledger = failing(purchase({ lineItems: recurringOnly('day'), billing }));
    const change = runUntil(ledger, START_S + 2 * DAY_S, billing);
    expect(timeline(change)).toEqual([
      ['2026-03-03T10:00:00.000Z', 'customer.subscription.updated'],
      ['2026-03-03T10:00:00.000Z', 'invoice.created'],
      ['2026-03-03T10:00:00.000Z', 'invoice.finalized'],
      ['2026-03-03T10:00:00.000Z', 'invoice.payment_failed'],
      ['2026-03-03T10:00:00.000Z', 'customer.subscription.updated'],
      ['2026-03-04T10:00:00.000Z', 'invoice.payment_failed'],
      ['2026-03-04T10:00:00.000Z', 'customer.subscription.deleted'],
    ]);
  });
});

describe('Direct Debit', () => {
  it('confirms the first payment seven business days on: active then', () => {
    const ledger = purchase({ method: 'bacs_debit' });
    const confirmed = at('2026-03-11T10:00:00Z');
    expect(firstDebitConfirmedAt(ledger)).toBe(confirmed);
    expect(nextStepAt(ledger)).toBe(confirmed);
    const change = runUntil(ledger, confirmed, settings());
    expect(types(change)).toEqual([
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    expect(change.ledger.invoices[0]).toMatchObject({
      status: 'paid',
      attempt_count: 1,
      amount_paid: SETUP_AND_MONTH_PENCE,
    });
    expect(change.ledger.charges[0]).toMatchObject({ status: 'succeeded', settled_s: confirmed });
    expect(change.firstInvoice).toEqual({ outcome: 'succeeded', atS: confirmed });
    expect(change.ledger.subscription!.status).toBe('active');
    expect(conflict(() => firstDebitConfirmedAt(change.ledger))).toEqual({
      code: 'not_pending',
      message: 'This session has no Direct Debit waiting to settle',
    });
    expect(conflict(() => firstDebitConfirmedAt(emptyLedger())).code).toBe('not_pending');
    // A Direct Debit of a renewal waiting to settle is not the first one.
    const renewal = { atS: 1, invoice: 'in_renewal', kind: 'settle' as const };
    expect(conflict(() => firstDebitConfirmedAt({ ...change.ledger, steps: [renewal] })).code).toBe(
      'not_pending',
    );
    const retry = { ...renewal, invoice: ledger.invoices[0]!.id, kind: 'retry' as const };
    expect(conflict(() => firstDebitConfirmedAt({ ...ledger, steps: [retry] })).code).toBe('not_pending');
  });

  it('a first payment that fails: incomplete for 23 hours, then expired with its invoice voided', () => {
    const ledger = failing(purchase({ method: 'bacs_debit' }));
    const confirmed = at('2026-03-11T10:00:00Z');
    const change = runUntil(ledger, confirmed, settings());
    expect(types(change)).toEqual(['invoice.payment_failed']);
    expect(change.events[0]!.object).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: null,
    });
    expect(change.ledger.subscription).toMatchObject({ status: 'incomplete', ended_at: null });
    expect(change.ledger.invoices[0]).toMatchObject({ status: 'open' });
    expect(change.ledger.charges[0]).toMatchObject({ status: 'failed', settled_s: confirmed });
    expect(change.firstInvoice).toEqual({ outcome: 'failed', atS: confirmed });
    const expiry = confirmed + 23 * 60 * 60;
    expect(nextStepAt(change.ledger)).toBe(expiry);
    // A second before, nothing yet; at the 23rd hour it expires.
    expect(types(runUntil(change.ledger, expiry - 1, settings()))).toEqual([]);
    const expired = runUntil(change.ledger, expiry, settings());
    expect(types(expired)).toEqual(['customer.subscription.updated', 'invoice.voided']);
    expect(expired.ledger.subscription).toMatchObject({ status: 'incomplete_expired', ended_at: expiry });
    expect(expired.ledger.invoices[0]).toMatchObject({
      status: 'void',
      status_transitions: expect.objectContaining({ voided_at: expiry }),
    });
    expect(nextStepAt(expired.ledger)).toBeNull();
    expect(expired.ledger.steps).toEqual([]);
  });

  it('a trial that ends when the first payment is confirmed: active, not trialing', () => {
    const confirmed = at('2026-03-11T10:00:00Z');
    const ledger = purchase({ method: 'bacs_debit', data: subscriptionData({ trialEnd: confirmed }) });
    const change = runUntil(ledger, confirmed, settings());
    expect(change.ledger.subscription!.status).toBe('active');
    const later = purchase({ method: 'bacs_debit', data: subscriptionData({ trialEnd: confirmed + 1 }) });
    expect(runUntil(later, confirmed, settings()).ledger.subscription!.status).toBe('trialing');
  });

  it('sends no trial notice while the first payment is pending', () => {
    // A two-day trial: its notice would be due at the start, but the subscription is not trialing yet.
    const ledger = purchase({ method: 'bacs_debit', data: subscriptionData({ trialPeriodDays: 2 }) });
    expect(ledger.subscription!.status).toBe('incomplete');
    expect(nextStepAt(ledger)).toBe(at('2026-03-11T10:00:00Z'));
  });

  it('a first card payment that fails: incomplete for 23 hours, then expired with its invoice voided', () => {
    const items = goldRecord(START_S).line_items;
    const change = startSubscription(
      { ...emptyLedger(), payment_outcome: 'fails' },
      {
        customer: 'cus_AbCdEfGhIjKlMn',
        currency: CURRENCY,
        lineItems: items,
        terms: chargeTerms(items.map(pricedLine), null, START_S),
        startS: START_S,
        metadata: {},
        description: null,
        method: 'card',
        email: null,
      },
      settings(),
    );
    expect(types(change).slice(3)).toEqual(['invoice.payment_failed']);
    expect(change.ledger.invoices[0]).toMatchObject({ status: 'open', attempt_count: 1 });
    expect(change.ledger.subscription).toMatchObject({ status: 'incomplete', ended_at: null });
    expect(change.ledger.steps).toEqual([
      { atS: START_S + 23 * 60 * 60, invoice: change.ledger.invoices[0]!.id, kind: 'expire' },
    ]);
    expect(change.firstInvoice).toEqual({ outcome: 'failed', atS: START_S });
    const expired = runUntil(change.ledger, START_S + 23 * 60 * 60, settings());
    expect(types(expired)).toEqual(['customer.subscription.updated', 'invoice.voided']);
    expect(expired.ledger.invoices[0]).toMatchObject({ status: 'void', attempt_count: 1 });
    expect(expired.ledger.subscription).toMatchObject({
      status: 'incomplete_expired',
      ended_at: START_S + 23 * 60 * 60,
    });
    expect(expired.ledger.steps).toEqual([]);
  });

  it('while the first payment is pending the subscription does not renew, even past its period', () => {
    const billing = settings({ bacsBusinessDays: { newMandate: 30, existingMandate: 4 } });
    const ledger = purchase({ method: 'bacs_debit', billing });
    expect(nextStepAt(ledger)).toBe(at('2026-04-13T10:00:00Z'));
    expect(runUntil(ledger, at('2026-04-10T10:00:00Z'), billing).events).toEqual([]);
  });

  it('a renewal is confirmed four business days after it is charged, and a failure is not retried', () => {
    const paid = runUntil(purchase({ method: 'bacs_debit' }), at('2026-03-11T10:00:00Z'), settings()).ledger;
    const submitted = runUntil(paid, FINALIZED_S, settings());
    expect(types(submitted).slice(-1)).toEqual(['invoice.finalized']);
    expect(submitted.ledger.invoices[1]).toMatchObject({ status: 'open', attempt_count: 1 });
    // Thursday 2 April 11:00 plus four business days: Wednesday 8 April.
    const confirmed = at('2026-04-08T11:00:00Z');
    expect(submitted.ledger.steps).toEqual([
      { atS: confirmed, invoice: submitted.ledger.invoices[1]!.id, kind: 'settle' },
    ]);
    expect(renewalOutcomeAt(paid, settings())).toBe(confirmed);
    const failed = runUntil(failing(submitted.ledger), confirmed, settings());
    expect(types(failed)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(failed.ledger.invoices[1]).toMatchObject({ attempt_count: 1, next_payment_attempt: null });
    expect(failed.ledger.steps).toEqual([
      { atS: confirmed + 14 * DAY_S, invoice: failed.ledger.invoices[1]!.id, kind: 'give_up' },
    ]);
    expect(failed.ledger.subscription!.status).toBe('past_due');
  });

  it('a Direct Debit submitted before the subscription ended is still confirmed by the bank', () => {
    const ledger = purchase({ method: 'bacs_debit' });
    const cancelled = cancelSubscription(ledger, 'now', START_S + DAY_S, settings());
    expect(cancelled.ledger.steps).toHaveLength(1);
    const paid = runUntil(cancelled.ledger, at('2026-03-11T10:00:00Z'), settings());
    expect(types(paid)).toEqual(['invoice.paid', 'invoice.payment_succeeded']);
    expect(paid.firstInvoice).toBeNull();
    expect(paid.ledger.subscription!.status).toBe('canceled');
    const failed = runUntil(failing(cancelled.ledger), at('2026-03-11T10:00:00Z'), settings());
    expect(types(failed)).toEqual(['invoice.payment_failed']);
    expect(failed.events[0]!.object).toMatchObject({ status: 'open' });
    expect(failed.ledger.subscription!.status).toBe('canceled');
  });
});

describe('renewalOutcomeAt', () => {
  it('a card’s renewal has its outcome when the draft is charged', () => {
    expect(renewalOutcomeAt(purchase(), settings())).toBe(FINALIZED_S);
    expect(renewalOutcomeAt(purchase(), settings({ renewalDraftS: 0 }))).toBe(RENEWAL_S);
  });

  it('refuses without a subscription, once it ended, and while the first payment is pending', () => {
    expect(conflict(() => renewalOutcomeAt(emptyLedger(), settings()))).toEqual({
      code: 'no_subscription',
      message: 'This session has no subscription',
    });
    const ended = cancelSubscription(purchase(), 'now', START_S, settings()).ledger;
    expect(conflict(() => renewalOutcomeAt(ended, settings()))).toEqual({
      code: 'subscription_ended',
      message: 'The subscription has ended (canceled)',
    });
    expect(conflict(() => renewalOutcomeAt(purchase({ method: 'bacs_debit' }), settings()))).toEqual({
      code: 'first_payment_pending',
      message: 'The first payment has not been confirmed yet',
    });
  });
});

describe('cancelSubscription', () => {
  it('now: cancelled at the clock’s time, nothing more planned', () => {
    const ledger = purchase();
    const change = cancelSubscription(ledger, 'now', START_S + DAY_S, settings());
    expect(timeline(change)).toEqual([['2026-03-03T10:00:00.000Z', 'customer.subscription.deleted']]);
    expect(change.ledger.subscription).toMatchObject({
      status: 'canceled',
      ended_at: START_S + DAY_S,
      canceled_at: START_S + DAY_S,
      cancellation_details: {
        reason: 'cancellation_requested',
        comment: null,
        feedback: null,
        feedback_option: null,
      },
    });
    expect(change.ledger.clock_s).toBe(START_S + DAY_S);
    expect(nextStepAt(change.ledger)).toBeNull();
    expect(conflict(() => cancelSubscription(change.ledger, 'now', START_S + DAY_S, settings()))).toEqual({
      code: 'subscription_ended',
      message: 'The subscription has ended (canceled)',
    });
  });

  it('now, with the clock ahead: at the clock’s time', () => {
    const ledger = { ...purchase(), clock_s: START_S + 5 * DAY_S };
    const change = cancelSubscription(ledger, 'now', START_S + DAY_S, settings());
    expect(change.ledger.subscription!.ended_at).toBe(START_S + 5 * DAY_S);
  });

  it('at the period’s end: set to end then, and ended then, without renewing', () => {
    const ledger = purchase();
    const requestedS = START_S + DAY_S;
    const change = cancelSubscription(ledger, 'period_end', requestedS, settings());
    expect(change.events).toHaveLength(1);
    expect(change.events[0]).toMatchObject({
      type: 'customer.subscription.updated',
      atS: requestedS,
      object: {
        status: 'active',
        cancel_at_period_end: true,
        cancel_at: RENEWAL_S,
        canceled_at: requestedS,
        cancellation_details: {
          reason: 'cancellation_requested',
          comment: null,
          feedback: null,
          feedback_option: null,
        },
      },
      previous: {
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        cancellation_details: { reason: null, comment: null, feedback: null, feedback_option: null },
      },
    });
    expect(nextStepAt(change.ledger)).toBe(RENEWAL_S);
    const ended = runUntil(change.ledger, at('2026-06-01T00:00:00Z'), settings());
    expect(timeline(ended)).toEqual([['2026-04-02T10:00:00.000Z', 'customer.subscription.deleted']]);
    expect(ended.ledger.subscription).toMatchObject({
      status: 'canceled',
      ended_at: RENEWAL_S,
      canceled_at: requestedS,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect(conflict(() => cancelSubscription(change.ledger, 'period_end', requestedS, settings()))).toEqual({
      code: 'already_cancelling',
      message: 'The subscription is already set to end',
    });
  });

  it('at a later period’s end: renews until then, then ends', () => {
    const ledger = purchase();
    const june = at('2026-06-02T10:00:00Z');
    const change = cancelSubscription(ledger, june, START_S, settings());
    expect(change.events[0]).toMatchObject({
      object: { cancel_at: june, cancel_at_period_end: false, canceled_at: START_S },
      previous: { cancel_at: null, canceled_at: null },
    });
    expect(Object.keys((change.events[0] as { previous: object }).previous).sort()).toEqual([
      'cancel_at',
      'canceled_at',
      'cancellation_details',
    ]);
    const ended = runUntil(change.ledger, at('2026-07-01T00:00:00Z'), settings());
    expect(ended.events.filter((e) => e.type === 'invoice.created').map((e) => iso(e.atS))).toEqual([
      '2026-04-02T10:00:00.000Z',
      '2026-05-02T10:00:00.000Z',
    ]);
    expect(timeline(ended).at(-1)).toEqual(['2026-06-02T10:00:00.000Z', 'customer.subscription.deleted']);
    expect(cancelSubscription(ledger, RENEWAL_S, START_S, settings()).ledger.subscription!.cancel_at).toBe(
      RENEWAL_S,
    );
  });

  it('refuses a time that is not the end of a future period', () => {
    const ledger = purchase();
    const refusal = {
      code: 'cancel_at_inside_period',
      message:
        'cancel_at must be the end of a future billing period: the double does not simulate the prorations of an end inside one',
    };
    expect(conflict(() => cancelSubscription(ledger, RENEWAL_S + DAY_S, START_S, settings()))).toEqual(
      refusal,
    );
    expect(conflict(() => cancelSubscription(ledger, START_S, START_S, settings()))).toEqual(refusal);
    // Past the period's end while the first Direct Debit is pending: the period's end is no longer in the future.
    const billing = settings({ bacsBusinessDays: { newMandate: 30, existingMandate: 4 } });
    const pending = runUntil(purchase({ method: 'bacs_debit', billing }), RENEWAL_S, billing).ledger;
    expect(conflict(() => cancelSubscription(pending, RENEWAL_S, RENEWAL_S, billing))).toEqual(refusal);
    const may = at('2026-05-02T10:00:00Z');
    expect(cancelSubscription(pending, may, RENEWAL_S, billing).ledger.subscription!.cancel_at).toBe(may);
    const noItems = {
      ...ledger,
      subscription: { ...ledger.subscription!, items: { ...ledger.subscription!.items, data: [] } },
    };
    expect(conflict(() => cancelSubscription(noItems, RENEWAL_S, START_S, settings()))).toEqual(refusal);
  });

  it('takes an end up to 1,200 periods from the anchor, not further', () => {
    expect(MAX_CANCEL_PERIODS).toBe(1_200);
    const ledger = purchase();
    const last = periodBoundary(START_S, 'month', 1, 1_199);
    expect(iso(last)).toBe('2126-02-02T10:00:00.000Z');
    expect(cancelSubscription(ledger, last, START_S, settings()).ledger.subscription!.cancel_at).toBe(last);
    const beyond = periodBoundary(START_S, 'month', 1, 1_200);
    expect(conflict(() => cancelSubscription(ledger, beyond, START_S, settings())).code).toBe(
      'cancel_at_inside_period',
    );
  });

  it('refuses an end for a subscription whose price is not recurring or has an interval it does not know', () => {
    const ledger = purchase();
    const item = ledger.subscription!.items.data[0]!;
    const withRecurring = (recurring: Stripe.Price['recurring']): SubscriptionLedger => ({
      ...ledger,
      subscription: {
        ...ledger.subscription!,
        items: { ...ledger.subscription!.items, data: [{ ...item, price: { ...item.price, recurring } }] },
      },
    });
    expect(conflict(() => cancelSubscription(withRecurring(null), RENEWAL_S, START_S, settings())).code).toBe(
      'cancel_at_inside_period',
    );
    const quarterly = withRecurring({ ...item.price.recurring!, interval: 'quarter' as 'month' });
    expect(conflict(() => cancelSubscription(quarterly, RENEWAL_S, START_S, settings())).code).toBe(
      'cancel_at_inside_period',
    );
  });

  it('refuses without a subscription', () => {
    expect(conflict(() => cancelSubscription(emptyLedger(), 'now', START_S, settings()))).toEqual({
      code: 'no_subscription',
      message: 'This session has no subscription',
    });
  });

  it('keeps a comment given before, with the reason it ends', () => {
    const ledger = purchase();
    const details = { comment: 'moving', feedback: 'other' as const, feedback_option: null, reason: null };
    const withComment = {
      ...ledger,
      subscription: { ...ledger.subscription!, cancellation_details: details },
    };
    const later = cancelSubscription(withComment, 'period_end', START_S, settings()).ledger;
    expect(later.subscription!.cancellation_details).toEqual({
      ...details,
      reason: 'cancellation_requested',
    });
    const now = cancelSubscription(withComment, 'now', START_S, settings()).ledger;
    expect(now.subscription!.cancellation_details).toEqual({ ...details, reason: 'cancellation_requested' });
    const none = { ...ledger, subscription: { ...ledger.subscription!, cancellation_details: null } };
    expect(
      cancelSubscription(none, 'period_end', START_S, settings()).ledger.subscription!.cancellation_details,
    ).toEqual({
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: 'cancellation_requested',
    });
    expect(
      cancelSubscription(none, 'now', START_S, settings()).ledger.subscription!.cancellation_details,
    ).toEqual({
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: 'cancellation_requested',
    });
  });
});

describe('disputeLatestDebit', () => {
  it('disputes the latest confirmed Direct Debit not yet disputed, then the one before, then refuses', () => {
    const billing = settings();
    const first = runUntil(purchase({ method: 'bacs_debit' }), at('2026-04-08T11:00:00Z'), billing).ledger;
    expect(first.charges.map((c) => c.status)).toEqual(['succeeded', 'succeeded']);
    const disputedS = at('2026-04-20T09:00:00Z');
    const one = disputeLatestDebit(first, disputedS, billing);
    expect(timeline(one)).toEqual([['2026-04-20T09:00:00.000Z', 'charge.dispute.created']]);
    expect(one.events[0]!.object).toMatchObject({
      object: 'dispute',
      charge: first.charges[1]!.charge,
      amount: MONTHLY_PENCE,
      status: 'lost',
      created: disputedS,
    });
    expect(one.ledger.disputes).toEqual([one.events[0]!.object]);
    expect(one.ledger.clock_s).toBe(disputedS);
    const two = disputeLatestDebit(one.ledger, disputedS, billing);
    expect(two.events[0]!.object).toMatchObject({
      charge: first.charges[0]!.charge,
      amount: SETUP_AND_MONTH_PENCE,
    });
    const refusal = {
      code: 'nothing_to_dispute',
      message:
        'This session has no confirmed Bacs Direct Debit to dispute (the double simulates the disputes of Direct Debits only)',
    };
    expect(conflict(() => disputeLatestDebit(two.ledger, disputedS, billing))).toEqual(refusal);
    // A dispute naming its charge as an object counts too.
    const asObject = {
      ...one.ledger,
      disputes: one.ledger.disputes.map((d) => ({
        ...d,
        charge: { id: d.charge as string } as Stripe.Charge,
      })),
    };
    expect(disputeLatestDebit(asObject, disputedS, billing).events[0]!.object).toMatchObject({
      charge: first.charges[0]!.charge,
    });
  });

  it('refuses a card payment, a Direct Debit still processing, and one that failed', () => {
    const refusal = 'nothing_to_dispute';
    expect(conflict(() => disputeLatestDebit(purchase(), START_S, settings())).code).toBe(refusal);
    const pending = purchase({ method: 'bacs_debit' });
    expect(conflict(() => disputeLatestDebit(pending, START_S, settings())).code).toBe(refusal);
    const failed = runUntil(failing(pending), at('2026-03-11T10:00:00Z'), settings()).ledger;
    expect(conflict(() => disputeLatestDebit(failed, at('2026-03-12T10:00:00Z'), settings())).code).toBe(
      refusal,
    );
  });

  it('is dated at the clock when the clock is ahead', () => {
    const paid = runUntil(purchase({ method: 'bacs_debit' }), at('2026-03-20T00:00:00Z'), settings()).ledger;
    const change = disputeLatestDebit(paid, START_S, settings());
    expect(change.events[0]!.atS).toBe(at('2026-03-20T00:00:00Z'));
  });
});
