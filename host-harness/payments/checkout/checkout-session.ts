/** The `checkout.session` object through its life: open at its hosted page's `url`, complete, or expired. */
import type { PriceInfo } from '../account/dashboard-prices.ts';
import type { PaymentMethodType } from '../account/payment-methods.ts';
import { complete, type Stripe } from '../account/stripe-types.ts';
import { isInterval } from '../billing/billing-dates.ts';
import type { ChargeTerms, PricedLine, SubscriptionDataInput } from '../billing/billing-terms.ts';
import { buildPrice } from '../billing/price-object.ts';
import { randomAlphanumeric } from '../server/ids.ts';

export type CheckoutSession = Stripe.Checkout.Session;
/** A line item (`item`) of a session, as `GET /v1/checkout/sessions/{id}/line_items` lists them. */
export type SessionLineItem = Stripe.LineItem;
export type CheckoutMode = 'payment' | 'subscription';

export interface LineItemInput {
  price: PriceInfo;
  quantity: number;
}

/** A validated `POST /v1/checkout/sessions` (api/checkout-rules.ts reads it from the form). */
export interface SessionInput {
  mode: CheckoutMode;
  lineItems: LineItemInput[];
  currency: string;
  successUrl: string;
  cancelUrl: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /** The methods the session offers (account/payment-methods.ts), and `allowed_payment_method_types` as given. */
  methods: PaymentMethodType[];
  allowedMethods: PaymentMethodType[] | null;
  subscriptionData: SubscriptionDataInput | null;
  expiresAt: number;
}

/** A new session id, shaped like the provider's test-mode ids (`cs_test_` + 58 alphanumerics). */
export function newSessionId(): string {
  return `cs_test_${randomAlphanumeric(58)}`;
}

/** What the billing terms need of a stored line item. */
export function pricedLine(item: SessionLineItem): PricedLine {
  const recurring = item.price?.recurring;
  return {
    unitAmount: item.price?.unit_amount ?? 0,
    quantity: item.quantity ?? 1,
    recurring:
      recurring && isInterval(recurring.interval)
        ? { interval: recurring.interval, interval_count: recurring.interval_count }
        : null,
  };
}

export function pricedLinesOf(input: Pick<SessionInput, 'lineItems'>): PricedLine[] {
  return input.lineItems.map(({ price, quantity }) => ({
    unitAmount: price.unit_amount,
    quantity,
    recurring: price.recurring,
  }));
}

/**
 * Each line item's amounts are what it adds to the first invoice (a recurring price whose first period is
 * free shows 0 there); its price says what it costs per period.
 */
export function buildLineItems(input: SessionInput, terms: ChargeTerms, nowS: number): SessionLineItem[] {
  return input.lineItems.map(({ price, quantity }, i) => {
    const today = terms.todayByLine[i] ?? price.unit_amount * quantity;
    return complete<SessionLineItem>('item', {
      id: `li_${randomAlphanumeric(24)}`,
      ...{ amount_subtotal: today, amount_total: today, currency: price.currency },
      description: price.product_name,
      metadata: {},
      price: buildPrice(price, nowS),
      quantity,
    });
  });
}

/** The open session; its amounts are what the first invoice charges (billing-terms.ts). */
export function buildSession(
  input: SessionInput,
  terms: ChargeTerms,
  id: string,
  url: string,
  nowS: number,
): CheckoutSession {
  const { methods, mode } = input;
  return complete<CheckoutSession>('checkout.session', {
    id,
    adaptive_pricing: {},
    allowed_payment_method_types: input.allowedMethods,
    amount_subtotal: terms.dueToday,
    amount_total: terms.dueToday,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    created: nowS,
    currency: input.currency,
    customer_creation: mode === 'payment' ? 'if_required' : null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.expiresAt,
    invoice_creation: mode === 'payment' ? {} : null,
    managed_payments: {},
    metadata: input.metadata,
    mode,
    payment_method_collection: 'always',
    // Methods named by the session, or the account's dashboard configuration (which the provider then names).
    payment_method_configuration_details: { id: 'pmc_harness_dashboard' },
    payment_method_options: methods.includes('bacs_debit') ? { bacs_debit: {} } : {},
    payment_method_types: methods,
    payment_status: 'unpaid',
    phone_number_collection: {},
    saved_payment_method_options: { allow_redisplay_filters: ['always'] },
    status: 'open',
    success_url: input.successUrl,
    total_details: { amount_shipping: 0 },
    ui_mode: 'hosted_page',
    url,
    wallet_options: {},
  });
}

/**
 * Complete once the buyer paid on the hosted page: its page gone (`url: null`), a customer, its subscription,
 * the e-mail the buyer gave (else the prefilled one) in `customer_details`.
 */
export function completedSession(
  session: CheckoutSession,
  completion: {
    customer: string;
    subscription: string | null;
    paymentIntent: string | null;
    email: string | null;
    paymentStatus: CheckoutSession['payment_status'];
  },
): CheckoutSession {
  return complete<CheckoutSession>('checkout.session', {
    ...session,
    status: 'complete',
    payment_status: completion.paymentStatus,
    url: null,
    customer: completion.customer,
    customer_details: { email: completion.email, tax_exempt: 'none', tax_ids: [] },
    collected_information: {},
    payment_intent: completion.paymentIntent,
    subscription: completion.subscription,
  });
}

/** Expired (its `expires_at` passed, or the buyer left through Cancel and the double ended it). */
export function expiredSession(session: CheckoutSession): CheckoutSession {
  return { ...session, status: 'expired', url: null };
}
