/**
 * The stand-in's own dashboard, as the agency set up its account in the provider's (docs/deploy.md): the
 * prices and products created there, the payment methods turned on, and the events the webhook endpoint is
 * sent.
 */
import { type AccountSettings, defaultAccountSettings } from './account/account-settings.ts';
import type { DashboardPrice } from './account/dashboard-prices.ts';

/** Prices a function may name by id (`STRIPE_PRICE_SETUP`, `STRIPE_PRICE_MONTHLY`): £799 once, £199 a month. */
export const SEEDED_PRICES: Readonly<Record<string, DashboardPrice>> = {
  price_harness_gold_setup: {
    product_name: 'Gold package: one-time setup',
    unit_amount: 79_900,
    currency: 'gbp',
    recurring: null,
  },
  price_harness_gold_monthly: {
    product_name: 'Gold package: monthly',
    unit_amount: 19_900,
    currency: 'gbp',
    recurring: { interval: 'month', interval_count: 1 },
  },
};

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

/** The provider's defaults with the endpoint sent `WEBHOOK_EVENTS`; `overrides` on top. */
export function seededAccountSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  const settings = defaultAccountSettings();
  return {
    ...settings,
    webhookEndpoint: { ...settings.webhookEndpoint, enabledEvents: WEBHOOK_EVENTS },
    ...overrides,
  };
}

/** `HARNESS_EVENT_ORDER_SEED`: a whole number replays one delivery order; unset, the order is random. */
export function eventOrderSeedFromEnv(env: NodeJS.ProcessEnv): number | null {
  const raw = env.HARNESS_EVENT_ORDER_SEED;
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,9}$/.test(raw)) throw new Error(`HARNESS_EVENT_ORDER_SEED must be a whole number, got ${raw}`);
  return Number(raw);
}

/** `HARNESS_EVENT_DUPLICATES`: `0` delivers each event once; unset or `1`, some twice, as the provider may. */
export function eventDuplicatesFromEnv(env: NodeJS.ProcessEnv): boolean {
  const raw = env.HARNESS_EVENT_DUPLICATES;
  if (raw === undefined || raw === '' || raw === '1') return true;
  if (raw === '0') return false;
  throw new Error(`HARNESS_EVENT_DUPLICATES must be 0 or 1, got ${raw}`);
}
