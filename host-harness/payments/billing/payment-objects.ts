/** The payments behind a subscription's invoices, and the disputes a bank raises against them. */
import type { PaymentMethodType } from '../account/payment-methods.ts';
import { complete, type Stripe } from '../account/stripe-types.ts';
import { randomAlphanumeric } from '../server/ids.ts';

/** One payment of an invoice: its ids, how it is paid and where it stands. */
export interface InvoiceCharge {
  invoice: string;
  payment_intent: string;
  charge: string;
  invoice_payment: string;
  method: PaymentMethodType;
  amount: number;
  currency: string;
  /** A Direct Debit is `processing` until it is confirmed. */
  status: 'processing' | 'succeeded' | 'failed';
  created_s: number;
  settled_s: number | null;
}

/** A new payment of `amount` on `invoice` at `atS`. */
export function newCharge(
  invoice: string,
  method: PaymentMethodType,
  amount: number,
  currency: string,
  atS: number,
): InvoiceCharge {
  return {
    invoice,
    payment_intent: `pi_${randomAlphanumeric(24)}`,
    charge: `ch_${randomAlphanumeric(24)}`,
    invoice_payment: `inpay_${randomAlphanumeric(24)}`,
    method,
    amount,
    currency,
    status: method === 'bacs_debit' ? 'processing' : 'succeeded',
    created_s: atS,
    settled_s: method === 'bacs_debit' ? null : atS,
  };
}

/** The InvoicePayment that names a payment's PaymentIntent on its invoice. */
export function invoicePayment(charge: InvoiceCharge): Stripe.InvoicePayment {
  const paid = charge.status === 'succeeded';
  return complete<Stripe.InvoicePayment>('invoice_payment', {
    id: charge.invoice_payment,
    amount_paid: paid ? charge.amount : null,
    amount_requested: charge.amount,
    created: charge.created_s,
    currency: charge.currency,
    invoice: charge.invoice,
    is_default: true,
    payment: { type: 'payment_intent', payment_intent: charge.payment_intent },
    status: paid ? 'paid' : charge.status === 'failed' ? 'canceled' : 'open',
    status_transitions: { paid_at: paid ? charge.settled_s : null },
  });
}

/**
 * The dispute a bank raises against a settled Direct Debit at `atS`: the whole amount, already `lost` (a Bacs
 * dispute is final and cannot be contested, so there is nothing to respond to).
 */
export function bacsDispute(charge: InvoiceCharge, atS: number): Stripe.Dispute {
  return complete<Stripe.Dispute>('dispute', {
    id: `du_${randomAlphanumeric(24)}`,
    ...{ amount: charge.amount, charge: charge.charge, created: atS, currency: charge.currency },
    evidence: { enhanced_evidence: {} },
    evidence_details: { enhanced_eligibility: {}, submission_method: 'not_submitted' },
    metadata: {},
    network_reason_code: null,
    payment_intent: charge.payment_intent,
    reason: 'debit_not_authorized',
    status: 'lost',
  });
}
