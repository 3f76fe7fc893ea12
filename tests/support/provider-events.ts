/**
 * The provider's events as the webhook receives them, written by hand from Stripe's documented shapes (the fields
 * the webhook reads, and the ones around them): a checkout session's, its subscription's invoices' and the
 * subscription's own. Independent of the harness's double, so that the two check each other. Runtime-neutral: the
 * Deno tests of stripeWebhook and the Vitest tests of it bundled in workerd build their events here.
 */

export const SESSION_ID = 'cs_test_paid_1';
export const SUBSCRIPTION_ID = 'sub_test_1';
/** The purchase: 31 January 2027, 10:00 UTC; the first renewal on the last day of February. */
export const PURCHASE_S = Date.UTC(2027, 0, 31, 10, 0, 0) / 1000;
export const FIRST_RENEWAL_S = Date.UTC(2027, 1, 28, 9, 50, 0) / 1000;
export const SECOND_RENEWAL_S = Date.UTC(2027, 2, 28, 9, 50, 0) / 1000;

type Obj = Record<string, unknown>;

function event(type: string, object: unknown, createdS: number, id: string, extra: Obj = {}): Obj {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: createdS,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object, ...extra },
  };
}

export function session(fields: Obj = {}): Obj {
  return {
    id: SESSION_ID,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    amount_subtotal: 79_900,
    amount_total: 79_900,
    currency: 'gbp',
    customer: 'cus_test_1',
    customer_email: null,
    customer_details: { email: 'jane@example.co.uk', name: 'Jane Doe' },
    metadata: {
      package: 'gold',
      first_renewal: String(FIRST_RENEWAL_S),
      setup_amount: '79900',
      monthly_amount: '19900',
    },
    subscription: SUBSCRIPTION_ID,
    success_url: 'http://localhost:4401/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:4401/Pricing',
    ...fields,
  };
}

export type SessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed';

export function sessionEvent(
  type: SessionEventType,
  fields: Obj = {},
  createdS = PURCHASE_S,
  id = `evt_${type}`,
): Obj {
  return event(type, session(fields), createdS, id);
}

export interface InvoiceSpec {
  id: string;
  billingReason: 'subscription_create' | 'subscription_cycle';
  amount: number;
  /** The subscription line's period, when the invoice bills one (the first invoice bills only the setup). */
  period?: { start: number; end: number };
  status: 'paid' | 'open';
  attemptCount?: number;
  nextAttemptS?: number | null;
  metadata?: Obj;
}

export function invoice(spec: InvoiceSpec): Obj {
  const lines: Obj[] = [];
  if (spec.billingReason === 'subscription_create')
    lines.push({
      id: `il_${spec.id}_setup`,
      object: 'line_item',
      amount: 79_900,
      currency: 'gbp',
      description: 'Gold package: one-time setup',
      period: { start: PURCHASE_S, end: PURCHASE_S },
      parent: {
        type: 'invoice_item_details',
        invoice_item_details: { invoice_item: 'ii_1', subscription: SUBSCRIPTION_ID },
        subscription_item_details: null,
      },
    });
  if (spec.period)
    lines.push({
      id: `il_${spec.id}_monthly`,
      object: 'line_item',
      amount: spec.amount,
      currency: 'gbp',
      description: '1 × Gold package: monthly',
      period: spec.period,
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          subscription: SUBSCRIPTION_ID,
          subscription_item: 'si_1',
          proration: false,
        },
      },
    });
  return {
    id: spec.id,
    object: 'invoice',
    billing_reason: spec.billingReason,
    amount_due: spec.amount,
    amount_paid: spec.status === 'paid' ? spec.amount : 0,
    amount_remaining: spec.status === 'paid' ? 0 : spec.amount,
    attempt_count: spec.attemptCount ?? 1,
    attempted: true,
    currency: 'gbp',
    customer: 'cus_test_1',
    next_payment_attempt: spec.nextAttemptS ?? null,
    status: spec.status,
    subscription: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: SUBSCRIPTION_ID, metadata: spec.metadata ?? { package: 'gold' } },
    },
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${spec.id}/lines` },
  };
}

export function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  spec: InvoiceSpec,
  createdS: number,
): Obj {
  return event(type, invoice(spec), createdS, `evt_${type}_${spec.id}`);
}

export interface SubscriptionSpec {
  status: string;
  periodEndS: number;
  cancelAtPeriodEnd?: boolean;
  canceledAtS?: number | null;
  endedAtS?: number | null;
  metadata?: Obj;
}

export function subscription(spec: SubscriptionSpec): Obj {
  return {
    id: SUBSCRIPTION_ID,
    object: 'subscription',
    status: spec.status,
    customer: 'cus_test_1',
    billing_cycle_anchor: FIRST_RENEWAL_S,
    start_date: PURCHASE_S,
    cancel_at_period_end: spec.cancelAtPeriodEnd ?? false,
    cancel_at: spec.cancelAtPeriodEnd ? spec.periodEndS : null,
    canceled_at: spec.canceledAtS ?? null,
    ended_at: spec.endedAtS ?? null,
    metadata: spec.metadata ?? { package: 'gold' },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_start: PURCHASE_S,
          current_period_end: spec.periodEndS,
          price: {
            id: 'price_monthly',
            object: 'price',
            unit_amount: 19_900,
            recurring: { interval: 'month', interval_count: 1 },
          },
          quantity: 1,
        },
      ],
      has_more: false,
    },
  };
}

export function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
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
