/**
 * The harness's provider account, as the agency sets up its own in the provider's dashboard (docs/deploy.md): the
 * events its webhook endpoint is sent (the endpoint created at the account's default API version, the one the
 * functions' SDK pins), the payment methods turned on, and the prices created there. The double itself starts with an
 * empty dashboard and takes its rules from the provider's pages; what is filled in here is configuration.
 */
import { CURRENCY, PACKAGES } from '../../../base44/shared/packages.ts';
import { type AccountSettings, type DashboardPrice, defaultAccountSettings } from './payments/index.ts';

/** "Events to send" of the webhook endpoint: docs/deploy.md, step 4, lists the same (a test holds them together). */
export const WEBHOOK_EVENTS: readonly string[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.dispute.created',
];

export function harnessAccountSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  const settings = defaultAccountSettings();
  return {
    ...settings,
    webhookEndpoint: { ...settings.webhookEndpoint, enabledEvents: WEBHOOK_EVENTS },
    ...overrides,
  };
}

/**
 * Prices in the dashboard, filled from the package's figures (base44/shared/packages.ts) as the agency fills its
 * dashboard from them (docs/deploy.md, "Changing a price"): a function configured with
 * `STRIPE_PRICE_SETUP=price_harness_gold_setup` and `STRIPE_PRICE_MONTHLY=price_harness_gold_monthly` sells the
 * package through ids instead of inline prices.
 */
export const HARNESS_DASHBOARD_PRICES: Readonly<Record<string, DashboardPrice>> = Object.fromEntries(
  Object.entries(PACKAGES).flatMap(([name, pkg]): [string, DashboardPrice][] => [
    [
      `price_harness_${name}_setup`,
      { product_name: pkg.setup.name, unit_amount: pkg.setup.amount, currency: CURRENCY, recurring: null },
    ],
    [
      `price_harness_${name}_monthly`,
      {
        product_name: pkg.monthly.name,
        unit_amount: pkg.monthly.amount,
        currency: CURRENCY,
        recurring: { interval: pkg.monthly.interval, interval_count: pkg.monthly.intervalCount },
      },
    ],
  ]),
);

/** `HARNESS_EVENT_ORDER_SEED`: a whole number replays one delivery order; unset, the order is random. */
export function eventOrderSeedFromEnv(env: NodeJS.ProcessEnv): number | null {
  const raw = env.HARNESS_EVENT_ORDER_SEED;
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,9}$/.test(raw)) throw new Error(`HARNESS_EVENT_ORDER_SEED must be a whole number, got ${raw}`);
  return Number(raw);
}
