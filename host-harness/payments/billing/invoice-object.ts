/**
 * A subscription's invoices through their life (docs.stripe.com/billing/invoices/subscription): a draft, open, then
 * paid, left open with its next try, or voided.
 */
import { complete, decimalText, type Stripe } from '../account/stripe-types.ts';
import { randomAlphanumeric } from '../server/ids.ts';
import type { Subscription } from './subscription-object.ts';

/** An invoice as the provider sends it; its example object still carries the legacy top-level `subscription`, null. */
export type Invoice = Stripe.Invoice & { subscription: null };

/** One line of an invoice: a one-time price (an invoice item) or a subscription item's period. */
export interface InvoiceLineInput {
  description: string;
  amount: number;
  quantity: number;
  price: Stripe.Price;
  period: { start: number; end: number };
  /** The subscription item it bills; null for a one-time price. */
  subscriptionItem: string | null;
  proration: boolean;
}

export interface NewInvoice {
  subscription: Subscription;
  customerEmail: string | null;
  lines: readonly InvoiceLineInput[];
  billingReason: 'subscription_create' | 'subscription_cycle';
  createdS: number;
  /** When a draft finalizes by itself (a renewal's); null for one finalized at once. */
  finalizesAtS: number | null;
  /** The period it closes (`period_start`/`period_end`). */
  period: { start: number; end: number };
}

function lineOf(input: InvoiceLineInput, invoiceId: string, subscriptionId: string): Stripe.InvoiceLineItem {
  const details = { proration: input.proration, subscription: subscriptionId };
  const item = input.subscriptionItem;
  return complete<Stripe.InvoiceLineItem>('line_item', {
    id: `il_${randomAlphanumeric(24)}`,
    ...{ amount: input.amount, currency: input.price.currency, description: input.description },
    ...{ discount_amounts: [], pretax_credit_amounts: [], taxes: [] },
    discountable: true,
    invoice: invoiceId,
    metadata: {},
    parent: item
      ? {
          type: 'subscription_item_details',
          subscription_item_details: { ...details, subscription_item: item, proration_details: {} },
        }
      : {
          type: 'invoice_item_details',
          invoice_item_details: {
            ...details,
            invoice_item: `ii_${randomAlphanumeric(24)}`,
            proration_details: {},
          },
        },
    period: input.period,
    pricing: {
      price_details: { price: input.price.id, product: String(input.price.product) },
      unit_amount_decimal: input.price.unit_amount_decimal ?? decimalText(input.amount),
    },
    quantity: input.quantity,
    quantity_decimal: decimalText(input.quantity),
    subscription: subscriptionId,
    subtotal: input.amount,
  });
}

/** A draft invoice of a subscription, charged automatically once finalized. */
export function draftInvoice(args: NewInvoice): Invoice {
  const id = `in_${randomAlphanumeric(24)}`;
  const { subscription } = args;
  const total = args.lines.reduce((sum, line) => sum + line.amount, 0);
  return complete<Invoice>('invoice', {
    id,
    ...{ customer_tax_ids: [], total_discount_amounts: [], total_pretax_credit_amounts: [], total_taxes: [] },
    ...{ ending_balance: 0, hosted_invoice_url: null, invoice_pdf: null, subscription: null },
    account_country: 'GB',
    ...{ amount_due: total, amount_remaining: total, subtotal: total, subtotal_excluding_tax: total },
    ...{ total, total_excluding_tax: total },
    auto_advance: true,
    automatically_finalizes_at: args.finalizesAtS,
    billing_reason: args.billingReason,
    collection_method: 'charge_automatically',
    created: args.createdS,
    currency: subscription.currency,
    customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    customer_email: args.customerEmail,
    customer_tax_exempt: 'none',
    issuer: { type: 'self' },
    lines: {
      object: 'list',
      data: args.lines.map((line) => lineOf(line, id, subscription.id)),
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    metadata: {},
    parent: {
      type: 'subscription_details',
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    payment_settings: {},
    period_end: args.period.end,
    period_start: args.period.start,
    status: 'draft',
    status_transitions: {},
    test_clock: subscription.test_clock,
  });
}

/** The draft finalized at `atS`: open, numbered by its place among the customer's invoices. */
export function finalizedInvoice(invoice: Invoice, atS: number, sequence: number): Invoice {
  const customer = typeof invoice.customer === 'string' ? invoice.customer : (invoice.customer?.id ?? '');
  return {
    ...invoice,
    status: 'open',
    number: `${customer.slice(4, 12).toUpperCase()}-${String(sequence).padStart(4, '0')}`,
    effective_at: atS,
    automatically_finalizes_at: null,
    webhooks_delivered_at: invoice.webhooks_delivered_at ?? atS,
    status_transitions: { ...invoice.status_transitions, finalized_at: atS },
  };
}

/** A payment attempt under way (a Direct Debit being processed): attempted, still open. */
export const attemptedInvoice = (invoice: Invoice): Invoice => failedInvoice(invoice, null);

/** Voided at `atS` (its subscription expired before it was paid). */
export function voidedInvoice(invoice: Invoice, atS: number): Invoice {
  const transitions = { ...invoice.status_transitions, voided_at: atS };
  return { ...invoice, status: 'void', next_payment_attempt: null, status_transitions: transitions };
}

/** Paid at `atS`; `counted`: a new attempt (a card charge), not a Direct Debit counted when it was submitted. */
export function paidInvoice(invoice: Invoice, atS: number, counted = true): Invoice {
  return {
    ...invoice,
    status: 'paid',
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempted: true,
    attempt_count: invoice.attempt_count + (counted && invoice.amount_due > 0 ? 1 : 0),
    next_payment_attempt: null,
    status_transitions: { ...invoice.status_transitions, paid_at: atS },
  };
}

/** After a failed attempt: still open, tried again at `nextAttemptS` (null: no try planned). */
export function failedInvoice(invoice: Invoice, nextAttemptS: number | null, counted = true): Invoice {
  const attempts = invoice.attempt_count + (counted ? 1 : 0);
  return { ...invoice, attempted: true, attempt_count: attempts, next_payment_attempt: nextAttemptS };
}

/** The subscription an invoice bills. */
export function invoiceSubscriptionId(invoice: Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}
