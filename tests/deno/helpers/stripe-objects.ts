/**
 * The provider's objects and events as it renders them at API version 2026-10-28.endive, written by hand from the
 * shape references: Stripe's example objects (stripe/openapi fixtures3.json, kept in ../shared/data/
 * stripe-fixtures.json) and the SDK's types for that version (node_modules/stripe/cjs/resources/*.d.ts). Since
 * 2025-03-31.basil an invoice names its subscription under `parent.subscription_details` (no top-level
 * `subscription`), and a subscription's period lives on its items (`items.data[].current_period_end`, no top-level
 * `current_period_end`). Only plain data: nothing here imports base44/ or the harness.
 */
import { DOUBLE_API_VERSION } from './provider-double.ts';

export type Obj = Record<string, unknown>;

let eventCounter = 0;

/**
 * An event as delivered to a webhook endpoint created at `apiVersion` (docs.stripe.com/api/events/object). Its object
 * is as the API renders it unexpanded: a checkout session's `line_items` are left out.
 */
export function eventOf(
  type: string,
  built: Obj,
  createdS: number,
  options: { apiVersion?: string | null; previous?: Obj; id?: string } = {},
): Obj {
  eventCounter++;
  const { line_items: _, ...object } = built;
  return {
    id: options.id ?? `evt_test_${String(eventCounter).padStart(6, '0')}`,
    object: 'event',
    api_version: options.apiVersion === undefined ? DOUBLE_API_VERSION : options.apiVersion,
    created: createdS,
    data: options.previous ? { object, previous_attributes: options.previous } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface PriceShape {
  id: string;
  product: string;
  unitAmount: number;
  currency: string;
  /** A recurring price's interval; none for a one-time price. */
  recurring?: { interval: string; intervalCount: number };
  createdS: number;
}

export function priceObject(price: PriceShape): Obj {
  return {
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: price.createdS,
    currency: price.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: price.product,
    recurring: price.recurring
      ? {
          interval: price.recurring.interval,
          interval_count: price.recurring.intervalCount,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: price.recurring ? 'recurring' : 'one_time',
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  };
}

export interface SubscriptionShape {
  id: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  createdS: number;
  trialStartS: number | null;
  trialEndS: number | null;
  periodStartS: number;
  periodEndS: number;
  items: { id: string; price: PriceShape; quantity: number }[];
  cancelAtPeriodEnd?: boolean;
  cancelAtS?: number | null;
  canceledAtS?: number | null;
  endedAtS?: number | null;
  cancellationReason?: string | null;
  latestInvoice?: string | null;
}

/** docs.stripe.com/api/subscriptions/object */
export function subscriptionObject(s: SubscriptionShape): Obj {
  return {
    id: s.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: s.trialEndS ?? s.periodStartS,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'classic' },
    billing_thresholds: null,
    cancel_at: s.cancelAtS ?? null,
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    canceled_at: s.canceledAtS ?? null,
    cancellation_details: { comment: null, feedback: null, reason: s.cancellationReason ?? null },
    collection_method: 'charge_automatically',
    created: s.createdS,
    currency: s.items[0]?.price.currency ?? 'gbp',
    customer: s.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: s.endedAtS ?? null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: s.items.map((item) => ({
        id: item.id,
        object: 'subscription_item',
        billing_thresholds: null,
        created: s.createdS,
        current_period_end: s.periodEndS,
        current_period_start: s.periodStartS,
        discounts: [],
        metadata: {},
        price: priceObject(item.price),
        quantity: item.quantity,
        subscription: s.id,
        tax_rates: [],
      })),
      has_more: false,
      url: `/v1/subscription_items?subscription=${s.id}`,
    },
    latest_invoice: s.latestInvoice ?? null,
    livemode: false,
    metadata: s.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: s.createdS,
    status: s.status,
    test_clock: null,
    transfer_data: null,
    trial_end: s.trialEndS,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: s.trialStartS,
  };
}

export interface InvoiceLineShape {
  id: string;
  amount: number;
  description: string;
  price: PriceShape;
  periodStartS: number;
  periodEndS: number;
  /** A subscription item's line, or an invoice item's (a one-time price on the first invoice). */
  kind: 'subscription_item' | 'invoice_item';
  subscriptionItem?: string;
}

export interface InvoiceShape {
  id: string;
  customer: string;
  customerEmail: string | null;
  subscription: string | null;
  subscriptionMetadata: Record<string, string> | null;
  billingReason: string;
  currency: string;
  amountDue: number;
  amountPaid: number;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  attemptCount: number;
  nextPaymentAttemptS: number | null;
  createdS: number;
  periodStartS: number;
  periodEndS: number;
  paidAtS?: number | null;
  lines: InvoiceLineShape[];
}

/** docs.stripe.com/api/invoices/object */
export function invoiceObject(i: InvoiceShape): Obj {
  const total = i.lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    id: i.id,
    object: 'invoice',
    account_country: 'GB',
    account_name: 'Fieldstone Digital',
    amount_due: i.amountDue,
    amount_overpaid: 0,
    amount_paid: i.amountPaid,
    amount_remaining: i.amountDue - i.amountPaid,
    amount_shipping: 0,
    attempt_count: i.attemptCount,
    attempted: i.attemptCount > 0,
    auto_advance: i.status === 'open' || i.status === 'draft',
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: i.billingReason,
    collection_method: 'charge_automatically',
    created: i.createdS,
    currency: i.currency,
    customer: i.customer,
    customer_account: null,
    customer_email: i.customerEmail,
    customer_name: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: i.createdS,
    hosted_invoice_url: null,
    lines: {
      object: 'list',
      data: i.lines.map((line) => ({
        id: line.id,
        object: 'line_item',
        amount: line.amount,
        currency: i.currency,
        description: line.description,
        discount_amounts: [],
        discountable: true,
        discounts: [],
        invoice: i.id,
        livemode: false,
        metadata: {},
        parent:
          line.kind === 'subscription_item'
            ? {
                invoice_item_details: null,
                subscription_item_details: {
                  invoice_item: null,
                  proration: false,
                  proration_details: { credited_items: null },
                  subscription: i.subscription,
                  subscription_item: line.subscriptionItem ?? null,
                },
                type: 'subscription_item_details',
              }
            : {
                invoice_item_details: {
                  invoice_item: `ii_${line.id.slice(3)}`,
                  proration: false,
                  proration_details: { credited_items: null },
                  subscription: i.subscription,
                },
                subscription_item_details: null,
                type: 'invoice_item_details',
              },
        period: { end: line.periodEndS, start: line.periodStartS },
        pretax_credit_amounts: [],
        pricing: {
          price_details: { price: line.price.id, product: line.price.product },
          type: 'price_details',
          unit_amount_decimal: String(line.price.unitAmount),
        },
        quantity: 1,
        subtotal: line.amount,
        taxes: [],
      })),
      has_more: false,
      url: `/v1/invoices/${i.id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: i.nextPaymentAttemptS,
    number: null,
    on_behalf_of: null,
    parent: i.subscription
      ? {
          quote_details: null,
          subscription_details: { metadata: i.subscriptionMetadata, subscription: i.subscription },
          type: 'subscription_details',
        }
      : null,
    period_end: i.periodEndS,
    period_start: i.periodStartS,
    status: i.status,
    status_transitions: {
      finalized_at: i.status === 'draft' ? null : i.createdS,
      marked_uncollectible_at: null,
      paid_at: i.paidAtS ?? null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: i.createdS,
  };
}

/** A checkout session's line item (docs.stripe.com/api/checkout/sessions/line_items): `price` once, `quantity` times. */
export function lineItemObject(
  id: string,
  price: PriceShape,
  quantity = 1,
  amountToday = price.unitAmount,
): Obj {
  return {
    id,
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amountToday * quantity,
    amount_tax: 0,
    amount_total: amountToday * quantity,
    currency: price.currency,
    description: price.recurring ? 'Gold package: monthly' : 'Gold package: one-time setup',
    metadata: {},
    price: priceObject(price),
    quantity,
  };
}

export interface SessionShape {
  id: string;
  mode: 'payment' | 'setup' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number | null;
  currency: string | null;
  customer: string | null;
  /** What createCheckout prefilled (a signed-in buyer), else null. */
  customerEmail: string | null;
  details: { email: string | null; name: string | null } | null;
  metadata: Record<string, string>;
  subscription: string | null;
  invoice: string | null;
  createdS: number;
  expiresAtS: number;
  /** Its line items, as `expand[]=line_items` answers them (left out of events and lists). */
  lineItems: Obj[];
}

/** docs.stripe.com/api/checkout/sessions/object */
export function sessionObject(s: SessionShape): Obj {
  return {
    line_items: {
      object: 'list',
      data: s.lineItems,
      has_more: false,
      url: `/v1/checkout/sessions/${s.id}/line_items`,
    },
    id: s.id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: s.amountTotal,
    amount_total: s.amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: 'https://www.example.co.uk/Pricing',
    client_reference_id: null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: s.createdS,
    currency: s.currency,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: s.customer,
    customer_account: null,
    customer_creation: null,
    customer_details: s.details
      ? {
          address: null,
          business_name: null,
          email: s.details.email,
          individual_name: null,
          name: s.details.name,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        }
      : null,
    customer_email: s.customerEmail,
    discounts: [],
    expires_at: s.expiresAtS,
    invoice: s.invoice,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata: s.metadata,
    mode: s.mode,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card', 'bacs_debit'],
    payment_status: s.paymentStatus,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: s.status,
    submit_type: null,
    subscription: s.subscription,
    success_url: 'https://www.example.co.uk/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: null,
  };
}

export interface InvoicePaymentShape {
  id: string;
  invoice: string;
  paymentIntent: string;
  amount: number;
  currency: string;
  createdS: number;
  paidAtS: number | null;
}

/** docs.stripe.com/api/invoice-payment/object */
export function invoicePaymentObject(p: InvoicePaymentShape): Obj {
  return {
    id: p.id,
    object: 'invoice_payment',
    amount_paid: p.paidAtS === null ? null : p.amount,
    amount_requested: p.amount,
    created: p.createdS,
    currency: p.currency,
    invoice: p.invoice,
    is_default: true,
    livemode: false,
    payment: { payment_intent: p.paymentIntent, type: 'payment_intent' },
    status: p.paidAtS === null ? 'open' : 'paid',
    status_transitions: { canceled_at: null, paid_at: p.paidAtS },
  };
}

export interface DisputeShape {
  id: string;
  charge: string;
  paymentIntent: string | null;
  amount: number;
  currency: string;
  reason: string;
  createdS: number;
}

/** docs.stripe.com/api/disputes/object; a Bacs Direct Debit dispute is final (status lost, not refundable). */
export function disputeObject(d: DisputeShape): Obj {
  return {
    id: d.id,
    object: 'dispute',
    amount: d.amount,
    balance_transactions: [],
    charge: d.charge,
    created: d.createdS,
    currency: d.currency,
    enhanced_eligibility_types: [],
    evidence: {},
    evidence_details: { due_by: null, has_evidence: false, past_due: false, submission_count: 0 },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: d.paymentIntent,
    payment_method_details: { bacs_debit: {}, type: 'bacs_debit' },
    reason: d.reason,
    status: 'lost',
  };
}
