/**
 * The billing clock at its edges: a first Direct Debit confirmed exactly at a trial's end, a renewal's Direct Debit
 * that fails after the subscription was cancelled, an expired subscription that cannot be cancelled, and a ledger
 * whose only Direct Debit waiting is not the first invoice's.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentMethodType } from '../../../host-harness/payments/account/payment-methods.ts';
import {
  cancelSubscription,
  firstDebitConfirmedAt,
  runUntil,
} from '../../../host-harness/payments/billing/billing-clock.ts';
import type { SubscriptionDataInput } from '../../../host-harness/payments/billing/billing-terms.ts';
import {
  type BillingChange,
  BillingConflict,
  emptyLedger,
  type SubscriptionLedger,
} from '../../../host-harness/payments/billing/subscription-ledger.ts';
import { at, goldRecord, settings, subscriptionData } from './checkout-fixtures.ts';
import { startedSubscription } from './support/started-subscription.ts';

const START_S = at('2026-03-02T10:00:00Z');
const FINALIZED_S = at('2026-04-02T11:00:00Z');

function purchase(
  method: PaymentMethodType,
  data: SubscriptionDataInput | null = null,
  base: SubscriptionLedger = emptyLedger(),
): BillingChange {
  const items = goldRecord(START_S).line_items;
  return startedSubscription({
    lineItems: items,
    startS: START_S,
    method,
    billing: settings(),
    data: data,
    base: base,
  });
}

const types = (change: BillingChange) => change.events.map((event) => event.type);

function conflict(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof BillingConflict) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('no conflict');
}

describe('the billing clock at its edges', () => {
  it('a first Direct Debit confirmed exactly at the trial’s end makes the subscription active, not trialing', () => {
    const confirmed = at('2026-03-11T10:00:00Z');
    const ledger = purchase('bacs_debit', subscriptionData({ trialEnd: confirmed })).ledger;
    const change = runUntil(ledger, confirmed, settings());
    const updates = change.events.filter((event) => event.type === 'customer.subscription.updated');
    expect(updates[0]).toMatchObject({ object: { status: 'active' }, previous: { status: 'incomplete' } });
  });

  it('a renewal’s Direct Debit that fails after the subscription was cancelled: only the failure is told', () => {
    const paid = runUntil(purchase('bacs_debit').ledger, at('2026-03-11T10:00:00Z'), settings()).ledger;
    const submitted = runUntil(paid, FINALIZED_S, settings()).ledger;
    const cancelled = cancelSubscription(submitted, 'now', FINALIZED_S + 3_600, settings()).ledger;
    const confirmed = at('2026-04-08T11:00:00Z');
    const failed = runUntil({ ...cancelled, payment_outcome: 'fails' }, confirmed, settings());
    expect(types(failed)).toEqual(['invoice.payment_failed']);
    expect(failed.ledger.subscription!.status).toBe('canceled');
    expect(failed.ledger.steps).toEqual([]);
  });

  it('an expired subscription (its first card payment failed) cannot be cancelled', () => {
    const failed = purchase('card', null, { ...emptyLedger(), payment_outcome: 'fails' }).ledger;
    const expired = runUntil(failed, START_S + 23 * 60 * 60, settings()).ledger;
    expect(expired.subscription!.status).toBe('incomplete_expired');
    expect(conflict(() => cancelSubscription(expired, 'now', START_S + 60, settings()))).toEqual({
      code: 'subscription_ended',
      message: 'The subscription has ended (incomplete_expired)',
    });
  });

  it('a ledger without invoices has no first Direct Debit, whatever steps it holds', () => {
    const ledger: SubscriptionLedger = {
      ...emptyLedger(),
      steps: [{ atS: START_S, invoice: 'in_other', kind: 'settle' }],
    };
    expect(conflict(() => firstDebitConfirmedAt(ledger))).toEqual({
      code: 'not_pending',
      message: 'This session has no Direct Debit waiting to settle',
    });
  });
});
