/**
 * A subscription's invoices through their life, as the provider documents it (docs.stripe.com/billing/invoices/subscription):
 * a new subscription's invoice is created and finalized at once ("Finalizes the invoice immediately when
 * collection_method is set to charge_automatically"); a renewal's "Leaves the invoice in a draft status for about an
 * hour" and then "Attempts to finalize and pay the invoice"; an attempt pays it or leaves it open with the next try in
 * `next_payment_attempt`; a subscription that expires before its first invoice is paid voids it ("the open invoice will
 * be voided", the subscription object's `status`).
 */

import { decimalText, type Stripe } from '../account/stripe-types.ts';
import { randomAlphanumeric } from '../server/ids.ts';
import type { Subscription } from './subscription-object.ts';

/**
 * An invoice as the provider sends it. Its example object (stripe-mock's) still carries the legacy top-level
 * `subscription`, null, which the SDK's types for this API version dropped for `parent.subscription_details`.
 */
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
  /** When a draft finalizes by itself (a renewal's, about an hour on); null for one finalized at once. */
  finalizesAtS: number | null;
  /** The period the invoice closes (the provider's `period_start`/`period_end`). */
  period: { start: number; end: number };
}

function lineOf(input: InvoiceLineInput, invoiceId: string, subscriptionId: string): Stripe.InvoiceLineItem {
  const details = { proration: input.proration, proration_details: { credited_items: null } };
  return {
    id: `il_${randomAlphanumeric(24)}`,
    object: 'line_item',
    amount: input.amount,
    currency: input.price.currency,
    description: input.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: input.subscriptionItem
      ? {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            ...details,
            invoice_item: null,
            subscription: subscriptionId,
            subscription_item: input.subscriptionItem,
          },
        }
      : {
          type: 'invoice_item_details',
          invoice_item_details: {
            ...details,
            invoice_item: `ii_${randomAlphanumeric(24)}`,
            subscription: subscriptionId,
          },
          subscription_item_details: null,
        },
    period: input.period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: input.price.id, product: String(input.price.product) },
      unit_amount_decimal: input.price.unit_amount_decimal ?? decimalText(input.amount),
    },
    quantity: input.quantity,
    quantity_decimal: decimalText(input.quantity),
    subscription: subscriptionId,
    subtotal: input.amount,
    taxes: [],
  } satisfies Stripe.InvoiceLineItem;
}

/** A draft invoice of a subscription, charged automatically once finalized (`finalizedInvoice`). */
export function draftInvoice(args: NewInvoice): Invoice {
  const id = `in_${randomAlphanumeric(24)}`;
  const { subscription } = args;
  const total = args.lines.reduce((sum, line) => sum + line.amount, 0);
  const customer =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  return {
    id,
    object: 'invoice',
    account_country: 'GB',
    account_name: null,
    account_tax_ids: null,
    amount_due: total,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: total,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: args.finalizesAtS,
    billing_reason: args.billingReason,
    collection_method: 'charge_automatically',
    created: args.createdS,
    currency: subscription.currency,
    custom_fields: null,
    customer,
    customer_account: null,
    customer_address: null,
    customer_email: args.customerEmail,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: args.lines.map((line) => lineOf(line, id, subscription.id)),
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    // Drafts have no number yet; finalizing gives it.
    number: null,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: args.period.end,
    period_start: args.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subscription: null,
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: subscription.test_clock,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  } satisfies Stripe.Invoice & { subscription: null };
}

/** The draft finalized at `atS`: open, numbered (`sequence`: its place among the customer's invoices). */
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
export function attemptedInvoice(invoice: Invoice): Invoice {
  return {
    ...invoice,
    attempted: true,
    attempt_count: invoice.attempt_count + 1,
    next_payment_attempt: null,
  };
}

/** The invoice voided at `atS` (its subscription expired before it was paid). */
export function voidedInvoice(invoice: Invoice, atS: number): Invoice {
  return {
    ...invoice,
    status: 'void',
    next_payment_attempt: null,
    status_transitions: { ...invoice.status_transitions, voided_at: atS },
  };
}

/**
 * The invoice paid at `atS`. `counted`: whether this attempt is a new one (a card charge); a Direct Debit's attempt was
 * counted when it was submitted (`attemptedInvoice`).
 */
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

/** The invoice after a failed payment attempt: still open, tried again at `nextAttemptS` (null: no try planned). */
export function failedInvoice(invoice: Invoice, nextAttemptS: number | null, counted = true): Invoice {
  return {
    ...invoice,
    attempted: true,
    attempt_count: invoice.attempt_count + (counted ? 1 : 0),
    next_payment_attempt: nextAttemptS,
  };
}

/** The subscription an invoice bills. */
export function invoiceSubscriptionId(invoice: Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}
