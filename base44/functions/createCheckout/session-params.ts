/**
 * The Checkout Session the provider is asked for, in the design its documentation supports for "the setup today, the
 * first monthly fee one calendar month later" (docs/deploy.md, "The checkout's design"): subscription mode with the
 * package's one-time setup beside its monthly price, and a trial that ends one calendar month after the purchase.
 * One-time prices "will be on the initial invoice only", and with a trial "The customer pays the one-time amount
 * upfront, while the recurring subscription billing begins after the trial period ends"; `trial_end` "Has to be at
 * least 48 hours in the future". (A billing-cycle anchor cannot do it: "You can't use one-time prices in Checkout
 * Sessions when `proration_behavior` is `none`", and the anchor must fall before the next natural billing date.)
 * The session expires an hour after it is made, so the first monthly date the buyer is shown is at most an hour off
 * one calendar month after they pay. Redirect URLs are on the configured site, never on anything the request says.
 */
import type Stripe from 'npm:stripe@23.1.0';
import { calendarMonthsAfter } from '../../shared/calendar.ts';
import { CURRENCY, PACKAGES, type PackageName } from '../../shared/packages.ts';
import type { CheckoutConfig } from './config.ts';
import type { Caller } from './signed-in-caller.ts';

type SessionParams = Stripe.Checkout.SessionCreateParams;
type LineItem = Stripe.Checkout.SessionCreateParams.LineItem;

export const SUCCESS_PATH = '/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}';
export const CANCEL_PATH = '/Pricing';
/** How long the provider's page stays open ("anywhere from 30 minutes to 24 hours after Checkout Session creation"). */
export const SESSION_LIFETIME_S = 60 * 60;

/**
 * When the first monthly fee falls for a purchase of `packageName` at `nowS`: one billing period later, in calendar
 * months (the trial's end). The site tells the buyer the same, from the same figure (src/content/pricing.ts).
 */
export function firstMonthlyCharge(packageName: PackageName, nowS: number): number {
  return calendarMonthsAfter(nowS, PACKAGES[packageName].monthly.intervalCount);
}

export function buildSessionParams(
  packageName: PackageName,
  config: CheckoutConfig,
  caller: Caller | null,
  nowS: number,
): SessionParams {
  const { setup, monthly } = PACKAGES[packageName];
  const setupItem: LineItem = config.prices.setup
    ? { price: config.prices.setup, quantity: 1 }
    : {
        price_data: { currency: CURRENCY, unit_amount: setup.amount, product_data: { name: setup.name } },
        quantity: 1,
      };
  const monthlyItem: LineItem = config.prices.monthly
    ? { price: config.prices.monthly, quantity: 1 }
    : {
        price_data: {
          currency: CURRENCY,
          unit_amount: monthly.amount,
          recurring: { interval: monthly.interval, interval_count: monthly.intervalCount },
          product_data: { name: monthly.name },
        },
        quantity: 1,
      };
  const metadata: Record<string, string> = { package: packageName };
  if (caller?.id) metadata.user_id = caller.id;
  return {
    mode: 'subscription',
    line_items: [setupItem, monthlyItem],
    success_url: `${config.siteOrigin}${SUCCESS_PATH}`,
    cancel_url: `${config.siteOrigin}${CANCEL_PATH}`,
    ...(caller?.email ? { customer_email: caller.email } : {}),
    expires_at: nowS + SESSION_LIFETIME_S,
    metadata,
    // The subscription's own metadata rides on its invoices and events: the webhook knows them for this site's.
    subscription_data: {
      trial_end: firstMonthlyCharge(packageName, nowS),
      metadata: { package: packageName },
    },
  };
}
