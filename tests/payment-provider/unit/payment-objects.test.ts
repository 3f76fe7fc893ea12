/**
 * The payments behind a subscription's invoices: a card payment succeeds at once, a Bacs Direct Debit is processing
 * until the bank confirms it; the InvoicePayment that names a payment on its invoice says paid, open or canceled as the
 * payment stands; a bank's dispute of a Direct Debit is for the whole amount and already lost (Bacs disputes are final).
 */
import { describe, expect, it } from 'vitest';
import {
  bacsDispute,
  type InvoiceCharge,
  invoicePayment,
  newCharge,
} from '../../../host-harness/payments/billing/payment-objects.ts';
import { CURRENCY, MONTHLY_PENCE } from '../../support/spec-figures.ts';
import { at } from './checkout-fixtures.ts';

const PAID_S = at('2026-02-28T11:00:00Z');
const SETTLED_S = at('2026-03-06T11:00:00Z');

describe('newCharge', () => {
  it('a card payment succeeds when it is made, with fresh ids for its intent, charge and invoice payment', () => {
    const charge = newCharge('in_1', 'card', MONTHLY_PENCE, CURRENCY, PAID_S);
    expect(charge).toStrictEqual({
      invoice: 'in_1',
      payment_intent: expect.stringMatching(/^pi_[A-Za-z0-9]{24}$/),
      charge: expect.stringMatching(/^ch_[A-Za-z0-9]{24}$/),
      invoice_payment: expect.stringMatching(/^inpay_[A-Za-z0-9]{24}$/),
      method: 'card',
      amount: MONTHLY_PENCE,
      currency: CURRENCY,
      status: 'succeeded',
      created_s: PAID_S,
      settled_s: PAID_S,
    });
    const other = newCharge('in_1', 'card', MONTHLY_PENCE, CURRENCY, PAID_S);
    expect(other.payment_intent).not.toBe(charge.payment_intent);
    expect(other.charge).not.toBe(charge.charge);
    expect(other.invoice_payment).not.toBe(charge.invoice_payment);
  });

  it('a Direct Debit is processing, not settled, until the bank confirms it', () => {
    const charge = newCharge('in_2', 'bacs_debit', MONTHLY_PENCE, CURRENCY, PAID_S);
    expect(charge.status).toBe('processing');
    expect(charge.settled_s).toBeNull();
    expect(charge.method).toBe('bacs_debit');
  });
});

describe('invoicePayment', () => {
  const charge = (fields: Partial<InvoiceCharge>): InvoiceCharge => ({
    invoice: 'in_1',
    payment_intent: 'pi_1',
    charge: 'ch_1',
    invoice_payment: 'inpay_1',
    method: 'bacs_debit',
    amount: MONTHLY_PENCE,
    currency: CURRENCY,
    status: 'succeeded',
    created_s: PAID_S,
    settled_s: SETTLED_S,
    ...fields,
  });

  it('a succeeded payment is paid, with the amount and the moment it settled', () => {
    expect(invoicePayment(charge({}))).toStrictEqual({
      id: 'inpay_1',
      object: 'invoice_payment',
      amount_paid: MONTHLY_PENCE,
      amount_requested: MONTHLY_PENCE,
      created: PAID_S,
      currency: CURRENCY,
      invoice: 'in_1',
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: 'pi_1' },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: SETTLED_S },
    });
  });

  it('a payment still processing is open, and one that failed canceled; neither paid anything', () => {
    const open = invoicePayment(charge({ status: 'processing', settled_s: null }));
    expect([open.status, open.amount_paid, open.status_transitions.paid_at]).toEqual(['open', null, null]);
    const failed = invoicePayment(charge({ status: 'failed' }));
    expect([failed.status, failed.amount_paid, failed.status_transitions.paid_at]).toEqual([
      'canceled',
      null,
      null,
    ]);
    expect(failed.amount_requested).toBe(MONTHLY_PENCE);
  });
});

describe('bacsDispute', () => {
  it('disputes the whole amount of the charge, lost at once with nothing to respond to', () => {
    const charge = newCharge('in_1', 'bacs_debit', MONTHLY_PENCE, CURRENCY, PAID_S);
    const disputedS = at('2026-04-01T12:00:00Z');
    const dispute = bacsDispute(charge, disputedS);
    expect(dispute).toStrictEqual({
      id: expect.stringMatching(/^du_[A-Za-z0-9]{24}$/),
      object: 'dispute',
      amount: MONTHLY_PENCE,
      balance_transactions: [],
      charge: charge.charge,
      created: disputedS,
      currency: CURRENCY,
      enhanced_eligibility_types: [],
      evidence: {
        access_activity_log: null,
        billing_address: null,
        cancellation_policy: null,
        cancellation_policy_disclosure: null,
        cancellation_rebuttal: null,
        customer_communication: null,
        customer_email_address: null,
        customer_name: null,
        customer_purchase_ip: null,
        customer_signature: null,
        duplicate_charge_documentation: null,
        duplicate_charge_explanation: null,
        duplicate_charge_id: null,
        enhanced_evidence: {},
        product_description: null,
        receipt: null,
        refund_policy: null,
        refund_policy_disclosure: null,
        refund_refusal_explanation: null,
        service_date: null,
        service_documentation: null,
        shipping_address: null,
        shipping_carrier: null,
        shipping_date: null,
        shipping_documentation: null,
        shipping_tracking_number: null,
        uncategorized_file: null,
        uncategorized_text: null,
      },
      evidence_details: {
        due_by: null,
        enhanced_eligibility: {},
        has_evidence: false,
        past_due: false,
        submission_count: 0,
        submission_method: 'not_submitted',
      },
      intended_submission_method: null,
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      network_reason_code: null,
      payment_intent: charge.payment_intent,
      reason: 'debit_not_authorized',
      status: 'lost',
    });
    expect(bacsDispute(charge, disputedS).id).not.toBe(dispute.id);
  });
});
