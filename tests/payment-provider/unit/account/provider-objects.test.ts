/**
 * The stand-in's objects are what it computes, every other field filled from the provider's description
 * (api/provider-schema.json): null where the field may be null, its one value, empty lists, false, zero, and the same
 * rules inside nested objects; a field the description cannot fill is an error naming it.
 */
import { describe, expect, it } from 'vitest';
import { complete, type Stripe } from '../../../../host-harness/payments/account/stripe-types.ts';

describe('complete', () => {
  it('fills what the stand-in does not compute as the provider answers it unused, at every level', () => {
    const plan = complete<Stripe.Plan>('plan', {
      id: 'price_1',
      amount: 100,
      amount_decimal: null,
      billing_scheme: 'per_unit',
      currency: 'gbp',
      interval: 'month',
      product: 'prod_1',
      usage_type: 'licensed',
    });
    expect(plan).toStrictEqual({
      id: 'price_1',
      object: 'plan',
      active: false,
      amount: 100,
      amount_decimal: null,
      billing_scheme: 'per_unit',
      created: 0,
      currency: 'gbp',
      interval: 'month',
      interval_count: 0,
      livemode: false,
      metadata: null,
      meter: null,
      nickname: null,
      product: 'prod_1',
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    });
    const dispute = complete<Stripe.Dispute>('dispute', {
      id: 'du_1',
      charge: 'ch_1',
      currency: 'gbp',
      reason: 'general',
      status: 'lost',
      evidence_details: { submission_method: 'manual' },
    });
    expect(dispute.balance_transactions).toStrictEqual([]);
    expect(dispute.evidence.receipt).toBeNull();
    expect(dispute.evidence_details).toMatchObject({
      has_evidence: false,
      submission_count: 0,
      due_by: null,
    });
    expect(dispute.evidence_details.submission_method).toBe('manual');
  });

  it('keeps what it is given, leaves out optional fields, and names a field it cannot fill', () => {
    const given = complete<Stripe.InvoicePayment>('invoice_payment', {
      id: 'inpay_1',
      currency: 'gbp',
      invoice: 'in_1',
      payment: { type: 'payment_intent', payment_intent: 'pi_1' },
      status: 'paid',
    });
    expect(given.status_transitions).toStrictEqual({ canceled_at: null, paid_at: null });
    expect(
      'account' in complete<Stripe.Event>('event', { id: 'evt_1', type: 'invoice.paid', data: {} }),
    ).toBe(false);
    expect(() => complete<Stripe.Price>('price', { id: 'price_1' })).toThrow(
      'price.billing_scheme is not computed and the description cannot fill it',
    );
  });
});
