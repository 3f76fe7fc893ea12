/**
 * The payments behind a subscription's invoices, and the disputes a bank raises against them. Each attempt to pay an
 * invoice is a PaymentIntent with its Charge; the invoice names it through an InvoicePayment ("Stripe automatically
 * creates a default InvoicePayment when the invoice is finalized", the `invoice_payment` object); `GET
 * /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=…` finds the invoice a payment was for.
 * A Bacs Direct Debit "takes 4 business days to confirm the success or failure of a payment when a mandate is already
 * in place, but when you must collect a new mandate, it can take 7"; a bank's later notice of failure arrives as a
 * dispute ("the payment failure is identified as a dispute", `charge.dispute.created`), and "Bacs Direct Debit disputes
 * are final and can't be appealed" (docs.stripe.com/payments/bacs-debit).
 */

import type { PaymentMethodType } from '../account/payment-methods.ts';
import type { Stripe } from '../account/stripe-types.ts';
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
  return {
    id: charge.invoice_payment,
    object: 'invoice_payment',
    amount_paid: paid ? charge.amount : null,
    amount_requested: charge.amount,
    created: charge.created_s,
    currency: charge.currency,
    invoice: charge.invoice,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: charge.payment_intent },
    status: paid ? 'paid' : charge.status === 'failed' ? 'canceled' : 'open',
    status_transitions: { canceled_at: null, paid_at: paid ? charge.settled_s : null },
  } satisfies Stripe.InvoicePayment;
}

/**
 * The dispute a bank raises against a settled Direct Debit at `atS`: the whole amount, already `lost` (a Bacs dispute
 * is final and cannot be contested, so there is nothing to respond to). `reason` is the provider's general category;
 * the page lists no Bacs reason codes, so none is invented (`network_reason_code` null).
 */
export function bacsDispute(charge: InvoiceCharge, atS: number): Stripe.Dispute {
  return {
    id: `du_${randomAlphanumeric(24)}`,
    object: 'dispute',
    amount: charge.amount,
    balance_transactions: [],
    charge: charge.charge,
    created: atS,
    currency: charge.currency,
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
  } satisfies Stripe.Dispute;
}
