/**
 * The provider's objects and events as the webhook receives them, written by hand from Stripe's documented shapes at
 * API 2026-10-28.endive (the fields the webhook reads, and the ones around them): one purchase of the gold package
 * with a one-month trial, its subscription, its invoices and a dispute. Independent of the harness's double, so that
 * the two check each other. Figures come from spec-figures.ts.
 */
import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from './spec-figures.ts';

export const API_VERSION = '2026-10-28.endive';
export const SESSION_ID = 'cs_test_paid_1';
export const SUBSCRIPTION_ID = 'sub_test_1';
export const FIRST_INVOICE_ID = 'in_first_1';
export const PAYMENT_INTENT_ID = 'pi_first_1';
/** The purchase: 31 January 2027, 10:00 UTC; the trial ends one calendar month on, on the last day of February. */
export const PURCHASE_S = Date.UTC(2027, 0, 31, 10, 0, 0) / 1000;
export const FIRST_RENEWAL_S = Date.UTC(2027, 1, 28, 10, 0, 0) / 1000;
export const SECOND_RENEWAL_S = Date.UTC(2027, 2, 28, 10, 0, 0) / 1000;

type Obj = Record<string, unknown>;

export function event(
  type: string,
  object: unknown,
  createdS: number,
  id = `evt_${type}_${createdS}`,
  extra: Obj = {},
): Obj {
  return {
    id,
    object: 'event',
    api_version: API_VERSION,
    created: createdS,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object, ...extra },
  };
}

/** The completed checkout session of the purchase (a card: paid). */
export function session(fields: Obj = {}): Obj {
  return {
    id: SESSION_ID,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    amount_subtotal: SETUP_PENCE,
    amount_total: SETUP_PENCE,
    currency: CURRENCY,
    customer: 'cus_test_1',
    customer_email: null,
    customer_details: { email: 'jane@example.co.uk', name: 'Jane Doe' },
    invoice: FIRST_INVOICE_ID,
    metadata: { package: PACKAGE },
    subscription: SUBSCRIPTION_ID,
    success_url: 'http://localhost:4401/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:4401/Pricing',
    ...fields,
  };
}

/** A line item of a checkout session: `unitAmount` per unit, once or every `interval` (docs.stripe.com/api/checkout/sessions/line_items). */
export function lineItem(
  id: string,
  unitAmount: number,
  interval: string | null,
  fields: { quantity?: number; currency?: string; intervalCount?: number } = {},
): Obj {
  const currency = fields.currency ?? CURRENCY;
  const quantity = fields.quantity ?? 1;
  return {
    id,
    object: 'item',
    amount_subtotal: interval === null ? unitAmount * quantity : 0,
    amount_total: interval === null ? unitAmount * quantity : 0,
    currency,
    description: interval === null ? 'Gold package: one-time setup' : 'Gold package: monthly',
    price: {
      id: `price_${id}`,
      object: 'price',
      currency,
      unit_amount: unitAmount,
      type: interval === null ? 'one_time' : 'recurring',
      recurring: interval === null ? null : { interval, interval_count: fields.intervalCount ?? 1 },
    },
    quantity,
  };
}

/** What the package's checkout sells: its setup once and its monthly fee (the first month free until the trial ends). */
export function packageLineItems(): Obj[] {
  return [lineItem('li_setup', SETUP_PENCE, null), lineItem('li_monthly', MONTHLY_PENCE, 'month')];
}

/** A session as `GET /v1/checkout/sessions/{id}?expand[]=line_items` answers it. */
export function withLineItems(built: Obj, items: Obj[] = packageLineItems()): Obj {
  return {
    ...built,
    line_items: {
      object: 'list',
      data: items,
      has_more: false,
      url: `/v1/checkout/sessions/${String(built.id)}/line_items`,
    },
  };
}

export type SessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed';

export function sessionEvent(type: SessionEventType, fields: Obj = {}, createdS = PURCHASE_S): Obj {
  return event(type, session(fields), createdS, `evt_${type}`);
}

export interface InvoiceSpec {
  id?: string;
  billingReason?: 'subscription_create' | 'subscription_cycle' | 'manual';
  amount?: number;
  status?: 'paid' | 'open';
  nextAttemptS?: number | null;
  metadata?: Obj;
  currency?: string;
}

/** An invoice of the subscription: the first one (the setup and the trial at zero) unless the spec says otherwise. */
export function invoice(spec: InvoiceSpec = {}): Obj {
  const reason = spec.billingReason ?? 'subscription_create';
  const id = spec.id ?? (reason === 'subscription_create' ? FIRST_INVOICE_ID : 'in_renewal_1');
  const amount = spec.amount ?? (reason === 'subscription_create' ? SETUP_PENCE : MONTHLY_PENCE);
  const status = spec.status ?? 'paid';
  const currency = spec.currency ?? CURRENCY;
  const line = (suffix: string, lineAmount: number, description: string, period: Obj, parent: Obj) => ({
    id: `il_${id}_${suffix}`,
    object: 'line_item',
    amount: lineAmount,
    currency,
    description,
    period,
    parent,
  });
  const subscriptionItem = {
    type: 'subscription_item_details',
    invoice_item_details: null,
    subscription_item_details: { subscription: SUBSCRIPTION_ID, subscription_item: 'si_1', proration: false },
  };
  const lines =
    reason === 'subscription_create'
      ? [
          line(
            'setup',
            amount,
            'Gold package: one-time setup',
            { start: PURCHASE_S, end: PURCHASE_S },
            {
              type: 'invoice_item_details',
              invoice_item_details: { invoice_item: 'ii_1', subscription: SUBSCRIPTION_ID, proration: false },
              subscription_item_details: null,
            },
          ),
          line(
            'trial',
            0,
            'Free trial for 1 × Gold package: monthly',
            { start: PURCHASE_S, end: FIRST_RENEWAL_S },
            subscriptionItem,
          ),
        ]
      : [
          line(
            'monthly',
            amount,
            '1 × Gold package: monthly',
            { start: FIRST_RENEWAL_S, end: SECOND_RENEWAL_S },
            subscriptionItem,
          ),
        ];
  return {
    id,
    object: 'invoice',
    billing_reason: reason,
    amount_due: amount,
    amount_paid: status === 'paid' ? amount : 0,
    amount_remaining: status === 'paid' ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    currency,
    customer: 'cus_test_1',
    customer_email: 'jane@example.co.uk',
    next_payment_attempt: spec.nextAttemptS ?? null,
    status,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: SUBSCRIPTION_ID,
        metadata: spec.metadata ?? { package: PACKAGE },
      },
    },
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
  };
}

export function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  spec: InvoiceSpec,
  createdS: number,
): Obj {
  const object = invoice(spec);
  return event(type, object, createdS, `evt_${type}_${String(object.id)}`);
}

export interface SubscriptionSpec {
  status?: string;
  periodEndS?: number;
  trialEndS?: number | null;
  cancelAtPeriodEnd?: boolean;
  cancelAtS?: number | null;
  canceledAtS?: number | null;
  endedAtS?: number | null;
  reason?: string | null;
  metadata?: Obj;
  amount?: number;
  currency?: string;
  interval?: string;
}

/** The subscription as the provider answers `GET /v1/subscriptions/{id}` (and in its events). */
export function subscription(spec: SubscriptionSpec = {}): Obj {
  const periodEnd = spec.periodEndS ?? FIRST_RENEWAL_S;
  return {
    id: SUBSCRIPTION_ID,
    object: 'subscription',
    status: spec.status ?? 'trialing',
    customer: 'cus_test_1',
    billing_cycle_anchor: FIRST_RENEWAL_S,
    start_date: PURCHASE_S,
    trial_start: PURCHASE_S,
    trial_end: spec.trialEndS === undefined ? FIRST_RENEWAL_S : spec.trialEndS,
    cancel_at_period_end: spec.cancelAtPeriodEnd ?? false,
    cancel_at: spec.cancelAtS ?? (spec.cancelAtPeriodEnd ? periodEnd : null),
    canceled_at: spec.canceledAtS ?? null,
    ended_at: spec.endedAtS ?? null,
    cancellation_details: { comment: null, feedback: null, reason: spec.reason ?? null },
    metadata: spec.metadata ?? { package: PACKAGE },
    latest_invoice: FIRST_INVOICE_ID,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_start: PURCHASE_S,
          current_period_end: periodEnd,
          price: {
            id: 'price_monthly',
            object: 'price',
            currency: spec.currency ?? CURRENCY,
            unit_amount: spec.amount ?? MONTHLY_PENCE,
            recurring: { interval: spec.interval ?? 'month', interval_count: 1 },
          },
          quantity: 1,
        },
      ],
      has_more: false,
    },
  };
}

export function subscriptionEvent(
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
  spec: SubscriptionSpec,
  createdS: number,
  previous: Obj = {},
): Obj {
  return event(
    type,
    subscription(spec),
    createdS,
    `evt_${type}_${createdS}`,
    type.endsWith('updated') ? { previous_attributes: previous } : {},
  );
}

/** A bank's dispute of the first payment (a Bacs Direct Debit). */
export function dispute(fields: Obj = {}): Obj {
  return {
    id: 'du_test_1',
    object: 'dispute',
    amount: SETUP_PENCE,
    currency: CURRENCY,
    charge: 'ch_first_1',
    payment_intent: PAYMENT_INTENT_ID,
    reason: 'debit_not_authorized',
    status: 'lost',
    created: PURCHASE_S + 30 * 86_400,
    ...fields,
  };
}
