/**
 * A Direct Debit is confirmed for its own invoice (billing-steps.ts `settle`): when the account's Bacs timing is
 * changed (the control API's `bacs_business_days`) while renewals are being debited, a later renewal's debit can be
 * confirmed before an earlier one's; each confirmation settles its own charge and pays its own invoice.
 */
import { expect, it } from 'vitest';
import { runUntil } from '../../../host-harness/payments/billing/billing-clock.ts';
import { at, goldRecord, iso, monthlyPrice, settings } from './checkout-fixtures.ts';
import { startedSubscription } from './support/started-subscription.ts';

/** Monday 2 March 2026. */
const START_S = at('2026-03-02T10:00:00Z');

it('a renewal’s Direct Debit confirmed before an earlier one settles its own charge, not the earlier one', () => {
  // Renewals are charged on the existing mandate in seven business days, then (the account's setting changed) in one.
  const slow = settings({ bacsBusinessDays: { newMandate: 1, existingMandate: 7 } });
  const fast = settings({ bacsBusinessDays: { newMandate: 1, existingMandate: 1 } });
  const daily = monthlyPrice({ recurring: { interval: 'day', interval_count: 1 } });
  const items = goldRecord(START_S, { lineItems: [{ price: daily, quantity: 1 }] }).line_items;
  const start = startedSubscription({
    lineItems: items,
    startS: START_S,
    method: 'bacs_debit',
    billing: slow,
  }).ledger;
  const before = runUntil(start, at('2026-03-05T12:00:00Z'), slow).ledger;
  const ledger = runUntil(before, at('2026-03-09T12:00:00Z'), fast).ledger;
  const chargesOf = (index: number) =>
    ledger.charges
      .filter((charge) => charge.invoice === ledger.invoices[index]!.id)
      .map((charge) => [charge.status, charge.settled_s === null ? null : iso(charge.settled_s)]);
  // The renewals of 3 to 5 March, charged in seven business days: still processing.
  for (const index of [1, 2, 3]) {
    expect(chargesOf(index), `renewal ${index}`).toStrictEqual([['processing', null]]);
    expect(ledger.invoices[index]!.status).toBe('open');
  }
  expect(ledger.steps.filter((step) => step.kind === 'settle').map((step) => iso(step.atS))).toStrictEqual([
    '2026-03-12T11:00:00.000Z',
    '2026-03-13T11:00:00.000Z',
    '2026-03-16T11:00:00.000Z',
    '2026-03-10T11:00:00.000Z',
  ]);
  // Those of 6 to 8 March, charged in one: confirmed on Monday 9 March, each its own invoice paid.
  for (const index of [4, 5, 6]) {
    expect(chargesOf(index), `renewal ${index}`).toStrictEqual([['succeeded', '2026-03-09T11:00:00.000Z']]);
    expect(ledger.invoices[index]!.status).toBe('paid');
  }
});
