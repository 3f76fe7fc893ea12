/**
 * Steps of one kind due at one moment for two invoices are both taken; a Direct Debit submitted on a retry is still
 * confirmed by the bank after another one paid the invoice, each confirmation settling its own charge; and an expired
 * subscription is ended for cancelling and for the renewal's outcome.
 */
import { describe, expect, it } from 'vitest';
import {
  cancelSubscription,
  renewalOutcomeAt,
  runUntil,
} from '../../../host-harness/payments/billing/billing-clock.ts';
import {
  BillingConflict,
  type BillingSettings,
  type SubscriptionLedger,
} from '../../../host-harness/payments/billing/subscription-ledger.ts';
import { at, goldRecord, iso, monthlyPrice, settings } from './checkout-fixtures.ts';
import { startedSubscription } from './support/started-subscription.ts';

/** Monday 2 March 2026. */
const START_S = at('2026-03-02T10:00:00Z');

/** A daily price (a monthly gold package unless told) bought at START_S with `method`. */
function bought(method: 'card' | 'bacs_debit', billing: BillingSettings, daily = true): SubscriptionLedger {
  const items = daily
    ? goldRecord(START_S, {
        lineItems: [
          { price: monthlyPrice({ recurring: { interval: 'day', interval_count: 1 } }), quantity: 1 },
        ],
      }).line_items
    : goldRecord(START_S).line_items;
  return startedSubscription({ lineItems: items, startS: START_S, method, billing: billing }).ledger;
}

function conflict(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof BillingConflict) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('no conflict');
}

describe('the billing clock', () => {
  it('takes both retries due at one moment for two invoices', () => {
    const billing = settings({ retries: { tries: 2, days: 2 }, afterRetries: 'past_due' });
    const failing: SubscriptionLedger = { ...bought('card', billing), payment_outcome: 'fails' };
    // Renewals failing on 3 and 4 March: the first's second try and the second's first are both due at 11:00 on 5 March.
    const change = runUntil(failing, at('2026-03-05T12:00:00Z'), billing);
    const [, first, second] = change.ledger.invoices;
    expect(first).toMatchObject({ status: 'open', attempt_count: 3 });
    expect(second).toMatchObject({ status: 'open', attempt_count: 2 });
    const failures = change.events
      .filter(
        (event) => event.type === 'invoice.payment_failed' && iso(event.atS) === '2026-03-05T11:00:00.000Z',
      )
      .map((event) => (event.object as { id: string }).id);
    expect(failures.slice(0, 2)).toStrictEqual([first!.id, second!.id]);
    expect(change.ledger.steps).toContainEqual({
      atS: at('2026-03-06T11:00:00Z'),
      invoice: second!.id,
      kind: 'retry',
    });
  });

  it('a Direct Debit submitted on a retry settles its own charge, even after an earlier one paid the invoice', () => {
    const billing = settings({
      retries: { tries: 2, days: 2 },
      afterRetries: 'past_due',
      bacsBusinessDays: { newMandate: 7, existingMandate: 3 },
    });
    const failing: SubscriptionLedger = { ...bought('card', billing), payment_outcome: 'fails' };
    // The 3 March renewal fails by card; the customer then pays by Direct Debit: each retry submits one.
    const failed = runUntil(failing, at('2026-03-03T12:00:00Z'), billing).ledger;
    const switched: SubscriptionLedger = {
      ...failed,
      payment_method: 'bacs_debit',
      payment_outcome: 'succeeds',
    };
    const renewal = failed.invoices[1]!.id;
    const charges = (ledger: SubscriptionLedger) =>
      ledger.charges
        .filter((charge) => charge.invoice === renewal)
        .map((charge) => [charge.method, charge.status, iso(charge.settled_s)]);
    const submitted = runUntil(switched, at('2026-03-05T12:00:00Z'), billing).ledger;
    expect(charges(submitted)).toStrictEqual([
      ['card', 'failed', '2026-03-03T11:00:00.000Z'],
      ['bacs_debit', 'processing', null],
      ['bacs_debit', 'processing', null],
    ]);
    const firstConfirmed = runUntil(switched, at('2026-03-09T12:00:00Z'), billing).ledger;
    expect(firstConfirmed.invoices[1]).toMatchObject({ id: renewal, status: 'paid' });
    expect(charges(firstConfirmed)).toStrictEqual([
      ['card', 'failed', '2026-03-03T11:00:00.000Z'],
      ['bacs_debit', 'succeeded', '2026-03-09T11:00:00.000Z'],
      ['bacs_debit', 'processing', null],
    ]);
    expect(firstConfirmed.steps).toContainEqual({
      atS: at('2026-03-10T11:00:00Z'),
      invoice: renewal,
      kind: 'settle',
    });
    const bothConfirmed = runUntil(switched, at('2026-03-10T12:00:00Z'), billing).ledger;
    expect(charges(bothConfirmed)).toStrictEqual([
      ['card', 'failed', '2026-03-03T11:00:00.000Z'],
      ['bacs_debit', 'succeeded', '2026-03-09T11:00:00.000Z'],
      ['bacs_debit', 'succeeded', '2026-03-10T11:00:00.000Z'],
    ]);
    expect(bothConfirmed.steps.filter((step) => step.invoice === renewal)).toStrictEqual([]);
  });

  it('a cancel_at before the current period ends is refused, even on a period boundary of a clock never set', () => {
    const billing = settings();
    // The anchor (the start) is the first boundary counted; the clock, unset, is taken from the call: a day before.
    const ledger: SubscriptionLedger = { ...bought('card', billing, false), clock_s: null };
    expect(conflict(() => cancelSubscription(ledger, START_S, START_S - 86_400, billing))).toStrictEqual({
      code: 'cancel_at_inside_period',
      message:
        'cancel_at must be the end of a future billing period: the double does not simulate the prorations of an end inside one',
    });
    const accepted = cancelSubscription(ledger, at('2026-04-02T10:00:00Z'), START_S - 86_400, billing);
    expect(accepted.ledger.subscription).toMatchObject({ cancel_at: at('2026-04-02T10:00:00Z') });
  });

  it('a subscription expired by its failed first Direct Debit has ended: no cancelling, no renewal outcome', () => {
    const billing = settings();
    const failing: SubscriptionLedger = {
      ...bought('bacs_debit', billing, false),
      payment_outcome: 'fails',
    };
    // The bank fails it on the 11th; 23 hours on, the subscription has expired.
    const expired = runUntil(failing, at('2026-03-12T09:00:00Z'), billing).ledger;
    expect(expired.subscription!.status).toBe('incomplete_expired');
    const ended = {
      code: 'subscription_ended',
      message: 'The subscription has ended (incomplete_expired)',
    };
    expect(
      conflict(() => cancelSubscription(expired, 'now', at('2026-03-12T10:00:00Z'), billing)),
    ).toStrictEqual(ended);
    expect(
      conflict(() => cancelSubscription(expired, 'period_end', at('2026-03-12T10:00:00Z'), billing)),
    ).toStrictEqual(ended);
    expect(conflict(() => renewalOutcomeAt(expired, billing))).toStrictEqual(ended);
  });
});
