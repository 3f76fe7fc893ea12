/**
 * A paid invoice drops only its own tries and window: another failed invoice keeps its own.
 */
import { describe, expect, it } from 'vitest';
import { runUntil } from '../../../host-harness/payments/billing/billing-clock.ts';
import type {
  BillingSettings,
  SubscriptionLedger,
} from '../../../host-harness/payments/billing/subscription-ledger.ts';
import { at, DAY_S, goldRecord, monthlyPrice, settings } from './checkout-fixtures.ts';
import { startedSubscription } from './support/started-subscription.ts';

const START_S = at('2026-03-02T10:00:00Z');
const HOUR_S = 3_600;

/** A daily price bought at START_S by card, its renewals failing. */
function dailyFailing(billing: BillingSettings): SubscriptionLedger {
  const items = goldRecord(START_S, {
    lineItems: [{ price: monthlyPrice({ recurring: { interval: 'day', interval_count: 1 } }), quantity: 1 }],
  }).line_items;
  const ledger = startedSubscription({
    lineItems: items,
    startS: START_S,
    method: 'card',
    billing: billing,
  }).ledger;
  return { ...ledger, payment_outcome: 'fails' };
}

describe('a retry that pays one of two failed invoices', () => {
  it("drops that invoice's tries and window, and keeps the other invoice's", () => {
    const billing = settings({ retries: { tries: 1, days: 3 } });
    const failed = runUntil(dailyFailing(billing), START_S + 2 * DAY_S + HOUR_S, billing).ledger;
    const [, first, second] = failed.invoices;
    const change = runUntil(
      { ...failed, payment_outcome: 'succeeds' },
      START_S + 4 * DAY_S + HOUR_S,
      billing,
    );
    expect(change.ledger.invoices.find((invoice) => invoice.id === first!.id)!.status).toBe('paid');
    expect(change.ledger.invoices.find((invoice) => invoice.id === second!.id)!.status).toBe('open');
    expect(change.ledger.steps).toEqual([
      { atS: START_S + 5 * DAY_S + HOUR_S, invoice: second!.id, kind: 'retry' },
      { atS: START_S + 5 * DAY_S + HOUR_S, invoice: second!.id, kind: 'give_up' },
    ]);
    expect(change.ledger.subscription!.status).toBe('past_due');
  });
});
