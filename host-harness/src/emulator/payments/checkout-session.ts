import { randomAlphanumeric } from '../ids.ts';
import type { SessionInput } from './checkout-params.ts';
import type { PriceInfo } from './known-prices.ts';

/** A `checkout.session` as the provider returns it (the fields the double fills). */
export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  mode: SessionInput['mode'];
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  subscription: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

/** A line item (`item`) of a session, as `GET /v1/checkout/sessions/{id}/line_items` lists them. */
export interface SessionLineItem {
  id: string;
  object: 'item';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  description: string;
  quantity: number;
  price: {
    id: string;
    object: 'price';
    currency: string;
    unit_amount: number;
    recurring: PriceInfo['recurring'];
    type: 'one_time' | 'recurring';
    product: string;
  };
}

/** The provider's sessions expire after 24 hours. */
const SESSION_LIFETIME_S = 24 * 60 * 60;

/** A new session id, shaped like the provider's test-mode ids (`cs_test_` + 58 alphanumerics). */
export function newSessionId(): string {
  return `cs_test_${randomAlphanumeric(58)}`;
}

export function buildLineItems(input: SessionInput): SessionLineItem[] {
  return input.lineItems.map(({ price, quantity }) => {
    const amount = price.unit_amount * quantity;
    return {
      id: `li_${randomAlphanumeric(24)}`,
      object: 'item',
      amount_subtotal: amount,
      amount_total: amount,
      currency: price.currency,
      description: price.product_name,
      quantity,
      price: {
        id: price.id === 'price_inline' ? `price_${randomAlphanumeric(24)}` : price.id,
        object: 'price',
        currency: price.currency,
        unit_amount: price.unit_amount,
        recurring: price.recurring,
        type: price.recurring ? 'recurring' : 'one_time',
        product: `prod_${randomAlphanumeric(14)}`,
      },
    };
  });
}

/** The open session for validated input; `amount_total` is the first payment (one-time and first period). */
export function buildSession(
  input: SessionInput,
  lineItems: SessionLineItem[],
  id: string,
  url: string,
  nowS: number,
): CheckoutSession {
  const total = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  return {
    id,
    object: 'checkout.session',
    url,
    mode: input.mode,
    status: 'open',
    payment_status: 'unpaid',
    amount_subtotal: total,
    amount_total: total,
    currency: input.currency,
    customer: null,
    customer_email: input.customerEmail,
    customer_details: null,
    client_reference_id: input.clientReferenceId,
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata: input.metadata,
    payment_intent: null,
    subscription: null,
    created: nowS,
    expires_at: nowS + SESSION_LIFETIME_S,
    livemode: false,
  };
}

/**
 * The session once paid: complete, paid, its hosted page gone (`url: null`), a customer and a subscription; the e-mail
 * the buyer gave on the hosted page (else the prefilled one) in `customer_details`, as the provider reports it.
 */
export function completedSession(
  session: CheckoutSession,
  buyerEmail: string | null = null,
): CheckoutSession {
  return {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    url: null,
    customer: `cus_${randomAlphanumeric(14)}`,
    customer_details: { email: buyerEmail ?? session.customer_email },
    payment_intent: session.mode === 'payment' ? `pi_${randomAlphanumeric(24)}` : null,
    subscription: session.mode === 'subscription' ? `sub_${randomAlphanumeric(24)}` : null,
  };
}

/** The session after the buyer cancelled on the hosted page: the double lets it expire there and then. */
export function expiredSession(session: CheckoutSession): CheckoutSession {
  return { ...session, status: 'expired', url: null };
}
