/**
 * The Checkout Session the provider is asked for: subscription mode, the package's one-time setup beside its monthly
 * price, the monthly billing anchored one month after `nowS` with no proration (so day one charges the setup only and
 * the first month's fee falls on the anchor), and redirect URLs on the configured site, never on anything the request
 * says.
 */
import type Stripe from 'npm:stripe@23.1.0';
import type { CheckoutConfig } from './config.ts';
import { firstRenewalAnchor } from './first-renewal.ts';
import { CURRENCY, PACKAGES, type PackageName } from './packages.ts';
import type { Caller } from './signed-in-caller.ts';

type SessionParams = Stripe.Checkout.SessionCreateParams;
type LineItem = Stripe.Checkout.SessionCreateParams.LineItem;

export const SUCCESS_PATH = '/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}';
export const CANCEL_PATH = '/Pricing';

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
        price_data: { currency: CURRENCY, unit_amount: setup.unitAmount, product_data: { name: setup.name } },
        quantity: 1,
      };
  const monthlyItem: LineItem = config.prices.monthly
    ? { price: config.prices.monthly, quantity: 1 }
    : {
        price_data: {
          currency: CURRENCY,
          unit_amount: monthly.unitAmount,
          recurring: { interval: monthly.interval },
          product_data: { name: monthly.name },
        },
        quantity: 1,
      };
  const anchor = firstRenewalAnchor(nowS);
  // The webhook records the split of the first payment and the first renewal from here. With dashboard price ids the
  // amounts are the provider's, not ours, so none is claimed.
  const metadata: Record<string, string> = { package: packageName, first_renewal: String(anchor) };
  if (!config.prices.setup) metadata.setup_amount = String(setup.unitAmount);
  if (!config.prices.monthly) metadata.monthly_amount = String(monthly.unitAmount);
  if (caller?.id) metadata.user_id = caller.id;
  return {
    mode: 'subscription',
    line_items: [setupItem, monthlyItem],
    success_url: `${config.siteOrigin}${SUCCESS_PATH}`,
    cancel_url: `${config.siteOrigin}${CANCEL_PATH}`,
    ...(caller?.email ? { customer_email: caller.email } : {}),
    metadata,
    // The subscription's own metadata rides on its invoices and events: the webhook knows them for this site's.
    subscription_data: {
      billing_cycle_anchor: anchor,
      proration_behavior: 'none',
      metadata: { package: packageName },
    },
  };
}
