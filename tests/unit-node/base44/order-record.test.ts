/**
 * The `Order` record's rules: the day-one payment only moves forward, a session's facts become the order's fields
 * (the first renewal also the first period's end), and a reported subscription state is written only when it is not
 * older than the one recorded (a deletion outranks an update, an update an invoice, in the same second) and never
 * revives a cancelled subscription.
 */
import { describe, expect, it } from 'vitest';
import {
  isoTime,
  laterPaymentState,
  type OrderFields,
  type PaymentState,
  type SubscriptionState,
  sessionFields,
  subscriptionPatch,
} from '../../../base44/functions/stripeWebhook/order-record.ts';
import { FIRST_RENEWAL_S, SESSION_ID } from '../../support/provider-events.ts';
import { PURCHASE_SESSION_FACTS, PURCHASE_SESSION_FIELDS } from '../../support/purchase-records.ts';

const FIRST_RENEWAL = '2027-02-28T09:50:00.000Z';

describe('laterPaymentState', () => {
  it('pending gives way to anything; paid and failed are final', () => {
    const states: PaymentState[] = ['pending', 'paid', 'failed'];
    for (const next of states) {
      expect(laterPaymentState('pending', next)).toBe(next);
      expect(laterPaymentState('paid', next)).toBe('paid');
      expect(laterPaymentState('failed', next)).toBe('failed');
    }
  });
});

describe('sessionFields', () => {
  it('every fact of the session, with the first renewal as the first period’s end', () => {
    expect(isoTime(FIRST_RENEWAL_S)).toBe(FIRST_RENEWAL);
    expect(sessionFields(PURCHASE_SESSION_FACTS)).toStrictEqual(PURCHASE_SESSION_FIELDS);
  });

  it('only the session id when nothing else is known, and amounts of zero kept', () => {
    expect(sessionFields({ sessionId: 'cs_1', paymentStatus: 'unpaid' })).toStrictEqual({
      session_id: 'cs_1',
    });
    expect(
      sessionFields({
        sessionId: 'cs_1',
        paymentStatus: 'no_payment_required',
        amountTotal: 0,
        setupAmount: 0,
        monthlyAmount: 0,
        firstRenewalS: 0,
      }),
    ).toStrictEqual({
      session_id: 'cs_1',
      amount_total: 0,
      setup_amount: 0,
      monthly_amount: 0,
      first_renewal_at: '1970-01-01T00:00:00.000Z',
      current_period_end: '1970-01-01T00:00:00.000Z',
    });
  });
});

describe('subscriptionPatch', () => {
  const T = 1_800_000_000;
  const order = (fields: Partial<OrderFields> = {}): OrderFields => ({
    session_id: SESSION_ID,
    status: 'paid',
    ...fields,
  });
  const state = (fields: Partial<SubscriptionState> = {}): SubscriptionState => ({
    atS: T,
    source: 'customer.subscription.updated',
    ...fields,
  });

  it('writes every field the state reports, with when and by what', () => {
    expect(
      subscriptionPatch(
        order(),
        state({
          status: 'active',
          currentPeriodEndS: FIRST_RENEWAL_S,
          cancelAtPeriodEnd: false,
          endedAtS: T,
        }),
      ),
    ).toStrictEqual({
      subscription_event_at: T,
      subscription_event: 'customer.subscription.updated',
      subscription_status: 'active',
      current_period_end: FIRST_RENEWAL,
      cancel_at_period_end: false,
      ended_at: isoTime(T),
    });
  });

  it('writes only when and by what when the state reports nothing else', () => {
    for (const endedAtS of [undefined, null]) {
      expect(
        subscriptionPatch(order(), state({ source: 'invoice.paid', status: '', endedAtS })),
      ).toStrictEqual({
        subscription_event_at: T,
        subscription_event: 'invoice.paid',
      });
    }
  });

  it('a state older than the recorded one changes nothing; a newer one is written', () => {
    const recorded = order({ subscription_event_at: T, subscription_event: 'customer.subscription.updated' });
    expect(subscriptionPatch(recorded, state({ atS: T - 1, status: 'past_due' }))).toBeNull();
    expect(
      subscriptionPatch(recorded, state({ atS: T + 1, source: 'invoice.paid', status: 'active' })),
    ).toEqual(expect.objectContaining({ subscription_event_at: T + 1, subscription_status: 'active' }));
  });

  it('in the same second, a deletion outranks an update, and an update an invoice', () => {
    const at = (source: string) => order({ subscription_event_at: T, subscription_event: source });
    const updated = state({ source: 'customer.subscription.updated', status: 'past_due' });
    const deleted = state({ source: 'customer.subscription.deleted', status: 'canceled' });
    const paid = state({ source: 'invoice.paid', status: 'active' });
    const failed = state({ source: 'invoice.payment_failed', status: 'past_due' });
    expect(subscriptionPatch(at('customer.subscription.deleted'), updated)).toBeNull();
    expect(subscriptionPatch(at('customer.subscription.updated'), paid)).toBeNull();
    expect(subscriptionPatch(at('customer.subscription.updated'), failed)).toBeNull();
    expect(subscriptionPatch(at('customer.subscription.updated'), deleted)).not.toBeNull();
    expect(subscriptionPatch(at('invoice.paid'), updated)).not.toBeNull();
    expect(subscriptionPatch(at('invoice.payment_failed'), updated)).not.toBeNull();
    // The same rank again (a redelivery, or the other invoice event) is written.
    expect(subscriptionPatch(at('customer.subscription.updated'), updated)).not.toBeNull();
    expect(subscriptionPatch(at('invoice.paid'), failed)).not.toBeNull();
    expect(subscriptionPatch(at('invoice.payment_failed'), paid)).not.toBeNull();
  });

  it('in the same second, a source of no rank gives way to every ranked one', () => {
    const unknown = state({ source: 'customer.subscription.paused', status: 'paused' });
    expect(
      subscriptionPatch(order({ subscription_event_at: T, subscription_event: 'invoice.paid' }), unknown),
    ).toBeNull();
    expect(subscriptionPatch(order({ subscription_event_at: T }), unknown)).not.toBeNull();
    expect(
      subscriptionPatch(
        order({ subscription_event_at: T, subscription_event: 'customer.subscription.paused' }),
        state(),
      ),
    ).not.toBeNull();
  });

  it('a cancelled subscription stays cancelled, however new the other state', () => {
    const cancelled = order({
      subscription_status: 'canceled',
      subscription_event_at: T,
      subscription_event: 'customer.subscription.deleted',
    });
    expect(subscriptionPatch(cancelled, state({ atS: T + 100, status: 'active' }))).toBeNull();
    expect(subscriptionPatch(cancelled, state({ atS: T + 100, source: 'invoice.paid' }))).toBeNull();
    expect(
      subscriptionPatch(
        cancelled,
        state({ atS: T + 100, source: 'customer.subscription.deleted', status: 'canceled' }),
      ),
    ).toEqual(expect.objectContaining({ subscription_event_at: T + 100 }));
  });
});
