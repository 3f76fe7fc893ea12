/**
 * The `checkout.session` object through its life: open (with its hosted page's `url` until `expires_at`), complete
 * (`payment_status` `paid`, `unpaid` while a Direct Debit is processed, or `no_payment_required`), or expired ("After it
 * expires, a customer can't complete a Checkout Session", docs.stripe.com/api/checkout/sessions/expire).
 */

import type { PriceInfo } from '../account/dashboard-prices.ts';
import type { PaymentMethodType } from '../account/payment-methods.ts';
import type { Stripe } from '../account/stripe-types.ts';
import { isInterval } from '../billing/billing-dates.ts';
import type { ChargeTerms, PricedLine, SubscriptionDataInput } from '../billing/billing-terms.ts';
import { buildPrice } from '../billing/price-object.ts';
import { randomAlphanumeric } from '../server/ids.ts';

/** A `checkout.session` as the provider answers it (every field of its API version). */
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
  /** The methods the session offers: the dashboard's, narrowed by the request (account/payment-methods.ts). */
  methods: PaymentMethodType[];
  /** `allowed_payment_method_types` as given (endive and later); null when not given. */
  allowedMethods: PaymentMethodType[] | null;
  /** `subscription_data` (subscription mode only). */
  subscriptionData: SubscriptionDataInput | null;
  /** When the session expires (Unix seconds): `expires_at`, or 24 hours after its creation. */
  expiresAt: number;
}

/** A new session id, shaped like the provider's test-mode ids (`cs_test_` + 58 alphanumerics). */
export function newSessionId(): string {
  return `cs_test_${randomAlphanumeric(58)}`;
}

/** What the billing terms need of a stored line item. */
export function pricedLine(item: SessionLineItem): PricedLine {
  const price = item.price;
  const recurring = price?.recurring;
  return {
    unitAmount: price?.unit_amount ?? 0,
    quantity: item.quantity ?? 1,
    recurring:
      recurring && isInterval(recurring.interval)
        ? { interval: recurring.interval, interval_count: recurring.interval_count }
        : null,
  };
}

/** The lines of validated input, as the billing terms need them. */
export function pricedLinesOf(input: SessionInput): PricedLine[] {
  return input.lineItems.map(({ price, quantity }) => ({
    unitAmount: price.unit_amount,
    quantity,
    recurring: price.recurring,
  }));
}

/**
 * The session's line items. Each one's amounts are what it adds to the first invoice (the provider's rule: a recurring
 * price whose first period is free shows 0 there); its price says what it costs per period.
 */
export function buildLineItems(input: SessionInput, terms: ChargeTerms, nowS: number): SessionLineItem[] {
  return input.lineItems.map(({ price, quantity }, i) => {
    const today = terms.todayByLine[i] ?? price.unit_amount * quantity;
    return {
      id: `li_${randomAlphanumeric(24)}`,
      object: 'item',
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: today,
      amount_tax: 0,
      amount_total: today,
      currency: price.currency,
      description: price.product_name,
      metadata: {},
      price: buildPrice(price, nowS),
      quantity,
    } satisfies SessionLineItem;
  });
}

const NO_TAX: CheckoutSession['automatic_tax'] = {
  enabled: false,
  liability: null,
  provider: null,
  status: null,
};
const NO_CUSTOM_TEXT: CheckoutSession['custom_text'] = {
  after_submit: null,
  shipping_address: null,
  submit: null,
  terms_of_service_acceptance: null,
};

/**
 * The open session for validated input; `amount_subtotal`/`amount_total` are what the first invoice charges (see
 * billing-terms.ts). Fields for features the session does not use are null, as the provider answers them.
 */
export function buildSession(
  input: SessionInput,
  terms: ChargeTerms,
  id: string,
  url: string,
  nowS: number,
): CheckoutSession {
  const methods = input.methods;
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: input.allowedMethods,
    amount_subtotal: terms.dueToday,
    amount_total: terms.dueToday,
    automatic_tax: NO_TAX,
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: nowS,
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: NO_CUSTOM_TEXT,
    customer: null,
    customer_account: null,
    customer_creation: input.mode === 'payment' ? 'if_required' : null,
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation:
      input.mode === 'payment'
        ? {
            enabled: false,
            invoice_data: {
              account_tax_ids: null,
              custom_fields: null,
              description: null,
              footer: null,
              issuer: null,
              metadata: null,
              rendering_options: null,
            },
          }
        : null,
    livemode: false,
    locale: null,
    managed_payments: { enabled: false },
    metadata: input.metadata,
    mode: input.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    // Methods named by the session, or the account's dashboard configuration (which the provider then names).
    payment_method_configuration_details: { id: 'pmc_harness_dashboard', parent: null },
    payment_method_options: methods.includes('bacs_debit') ? { bacs_debit: {} } : {},
    payment_method_types: methods,
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: {
      allow_redisplay_filters: ['always'],
      payment_method_remove: null,
      payment_method_save: null,
    },
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url,
    wallet_options: {},
  } satisfies CheckoutSession;
}

/**
 * The session once the buyer completed the hosted page: complete, its page gone (`url: null`), a customer and, in
 * subscription mode, its subscription; the e-mail the buyer gave (else the prefilled one) in `customer_details`.
 * `payment_status` is `paid` for a card, `unpaid` while a Direct Debit settles, `no_payment_required` for nothing due.
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
  return {
    ...session,
    status: 'complete',
    payment_status: completion.paymentStatus,
    url: null,
    customer: completion.customer,
    customer_details: {
      address: null,
      business_name: null,
      email: completion.email,
      individual_name: null,
      name: null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    collected_information: { business_name: null, individual_name: null, shipping_details: null },
    payment_intent: completion.paymentIntent,
    subscription: completion.subscription,
  };
}

/** The session once it expired (its `expires_at` passed, or the buyer left through Cancel and the double ended it). */
export function expiredSession(session: CheckoutSession): CheckoutSession {
  return { ...session, status: 'expired', url: null };
}
