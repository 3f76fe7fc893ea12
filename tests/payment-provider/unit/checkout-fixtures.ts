/**
 * Checkout sessions of the gold package as the payment double stores them, built by its own builders from validated
 * input (what `POST /v1/checkout/sessions` reads), for the unit tests of its billing, checkout and hosted page. The
 * figures come from the specification (tests/support/spec-figures.ts), the billing settings are the dashboard's
 * defaults unless a test says otherwise. Every helper builds its value when a test calls it.
 */
import {
  type AccountSettings,
  defaultAccountSettings,
} from '../../../host-harness/payments/account/account-settings.ts';
import type { PriceInfo } from '../../../host-harness/payments/account/dashboard-prices.ts';
import type { PaymentMethodType } from '../../../host-harness/payments/account/payment-methods.ts';
import { API_VERSION } from '../../../host-harness/payments/account/stripe-types.ts';
import {
  chargeTerms,
  type SubscriptionDataInput,
} from '../../../host-harness/payments/billing/billing-terms.ts';
import {
  type BillingSettings,
  emptyLedger,
} from '../../../host-harness/payments/billing/subscription-ledger.ts';
import { completeCheckout } from '../../../host-harness/payments/checkout/checkout-completion.ts';
import {
  buildLineItems,
  buildSession,
  pricedLinesOf,
  type SessionInput,
} from '../../../host-harness/payments/checkout/checkout-session.ts';
import type { CheckoutRecord } from '../../../host-harness/payments/checkout/checkout-session-store.ts';
import { CURRENCY, MONTHLY_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';

export const SITE = 'http://localhost:4401';
export const DAY_S = 24 * 60 * 60;
export const SESSION_ID = 'cs_test_unit';
export const PAGE_URL = `http://127.0.0.1:4400/__harness/pay/${SESSION_ID}`;
export const SETUP_NAME = 'Gold package: one-time setup';
export const MONTHLY_NAME = 'Gold package: monthly';

/** Unix seconds of an ISO time. */
export const at = (iso: string) => Date.parse(iso) / 1000;
/** The ISO time of Unix seconds (null stays null). */
export const iso = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000).toISOString();

export function setupPrice(fields: Partial<PriceInfo> = {}): PriceInfo {
  return {
    id: 'price_inline',
    product_name: SETUP_NAME,
    unit_amount: SETUP_PENCE,
    currency: CURRENCY,
    recurring: null,
    ...fields,
  };
}

export function monthlyPrice(fields: Partial<PriceInfo> = {}): PriceInfo {
  return {
    id: 'price_inline',
    product_name: MONTHLY_NAME,
    unit_amount: MONTHLY_PENCE,
    currency: CURRENCY,
    recurring: { interval: 'month', interval_count: 1 },
    ...fields,
  };
}

export function subscriptionData(fields: Partial<SubscriptionDataInput> = {}): SubscriptionDataInput {
  return {
    billingCycleAnchor: null,
    prorationBehavior: 'create_prorations',
    trialEnd: null,
    trialPeriodDays: null,
    description: null,
    metadata: {},
    ...fields,
  };
}

/** The gold package's session input (setup and monthly fee), created at `nowS`. */
export function goldInput(nowS: number, fields: Partial<SessionInput> = {}): SessionInput {
  return {
    mode: 'subscription',
    lineItems: [
      { price: setupPrice(), quantity: 1 },
      { price: monthlyPrice(), quantity: 1 },
    ],
    currency: CURRENCY,
    successUrl: `${SITE}/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${SITE}/Pricing`,
    customerEmail: null,
    clientReferenceId: null,
    metadata: { package: 'gold' },
    methods: ['card', 'bacs_debit'],
    allowedMethods: null,
    subscriptionData: subscriptionData({ metadata: { package: 'gold' } }),
    expiresAt: nowS + DAY_S,
    ...fields,
  };
}

/** A stored session of `input`, open, as the store keeps it before anything was bought. */
export function recordOf(input: SessionInput, nowS: number, id = SESSION_ID): CheckoutRecord {
  const terms = chargeTerms(pricedLinesOf(input), input.subscriptionData, nowS);
  return {
    ...emptyLedger(),
    app_id: 'local-app',
    session: buildSession(input, terms, id, PAGE_URL, nowS),
    line_items: buildLineItems(input, terms, nowS),
    subscription_data: input.subscriptionData,
    cancelled: false,
    api_version: API_VERSION,
    created_date: new Date(nowS * 1000).toISOString(),
    updated_date: new Date(nowS * 1000).toISOString(),
  };
}

/** The gold package's open session, created at `nowS`. */
export function goldRecord(nowS: number, fields: Partial<SessionInput> = {}): CheckoutRecord {
  return recordOf(goldInput(nowS, fields), nowS);
}

/** The dashboard's billing settings (8 tries in 14 days, then cancel; a draft for an hour; Bacs 7 and 4 days). */
export function settings(fields: Partial<AccountSettings> = {}): BillingSettings {
  return { ...defaultAccountSettings(), ...fields };
}

/** The session paid on the hosted page at `nowS` with `method`. */
export function bought(
  record: CheckoutRecord,
  nowS: number,
  method: PaymentMethodType = 'card',
  billing: BillingSettings = settings(),
): CheckoutRecord {
  const change = completeCheckout(record, { method, email: 'buyer@example.com' }, nowS, billing);
  if (!change) throw new Error('the session is not open');
  return change.record;
}
