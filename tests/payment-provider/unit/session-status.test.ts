/**
 * Where a checkout session stands in one word, for the hosted page and the control API: open; paid (or nothing was
 * due); pending while its Direct Debit is processed; failed once the first Direct Debit failed; cancelled on the page;
 * expired.
 */
import { describe, expect, it } from 'vitest';
import { runUntil } from '../../../host-harness/payments/billing/billing-clock.ts';
import { cancelOnPage, expireIfDue } from '../../../host-harness/payments/checkout/checkout-completion.ts';
import { sessionStatus } from '../../../host-harness/payments/checkout/session-status.ts';
import {
  at,
  bought,
  DAY_S,
  goldRecord,
  monthlyPrice,
  settings,
  subscriptionData,
} from './checkout-fixtures.ts';

const NOW_S = at('2026-03-02T10:00:00Z');
const CONFIRMED_S = at('2026-03-11T10:00:00Z');

describe('sessionStatus', () => {
  it('open until something happens to it', () => {
    expect(sessionStatus(goldRecord(NOW_S))).toBe('open');
  });

  it('paid by card, or with nothing due', () => {
    expect(sessionStatus(bought(goldRecord(NOW_S), NOW_S, 'card'))).toBe('paid');
    const free = goldRecord(NOW_S, {
      lineItems: [{ price: monthlyPrice(), quantity: 1 }],
      subscriptionData: subscriptionData({ trialPeriodDays: 30 }),
    });
    const completed = bought(free, NOW_S, 'bacs_debit');
    expect(completed.session.payment_status).toBe('no_payment_required');
    expect(sessionStatus(completed)).toBe('paid');
  });

  it('pending while the first Direct Debit is processed, failed once it failed', () => {
    const pending = bought(goldRecord(NOW_S), NOW_S, 'bacs_debit');
    expect(sessionStatus(pending)).toBe('pending');
    const failed = {
      ...pending,
      ...runUntil({ ...pending, payment_outcome: 'fails' }, CONFIRMED_S, settings()).ledger,
    };
    expect(sessionStatus(failed)).toBe('failed');
    // Confirmed, the ledger paid but the session not yet marked paid: still pending.
    const confirmed = { ...pending, ...runUntil(pending, CONFIRMED_S, settings()).ledger };
    expect(sessionStatus(confirmed)).toBe('pending');
  });

  it('pending for a Direct Debit session stored before its invoices were kept', () => {
    const pending = bought(goldRecord(NOW_S), NOW_S, 'bacs_debit');
    expect(sessionStatus({ ...pending, invoices: [] })).toBe('pending');
  });

  it('cancelled on the page, expired when its time passed', () => {
    expect(sessionStatus(cancelOnPage(goldRecord(NOW_S), NOW_S)!.record)).toBe('cancelled');
    expect(sessionStatus(expireIfDue(goldRecord(NOW_S), NOW_S + DAY_S)!.record)).toBe('expired');
  });
});
