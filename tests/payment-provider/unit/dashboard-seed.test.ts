/**
 * The stand-in's own dashboard: the provider's default settings with the webhook endpoint sent the events
 * docs/deploy.md lists (overrides on top), its seeded prices (the spec's figures, written in its own seed file), and the
 * seed of the delivery order read from `HARNESS_EVENT_ORDER_SEED` (a whole number, or unset for a random order).
 */

import { describe, expect, it } from 'vitest';
import { defaultAccountSettings } from '../../../host-harness/payments/account/account-settings.ts';
import {
  eventDuplicatesFromEnv,
  eventOrderSeedFromEnv,
  SEEDED_PRICES,
  seededAccountSettings,
  WEBHOOK_EVENTS,
} from '../../../host-harness/payments/dashboard-seed.ts';
import { MONTHLY_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';

describe('seededAccountSettings', () => {
  // WEBHOOK_EVENTS is held to docs/deploy.md and the webhook's own list by tests/unit-node/base44/webhook-events.test.ts.
  it('is the provider’s defaults with the endpoint sent the events of docs/deploy.md', () => {
    const defaults = defaultAccountSettings();
    expect(seededAccountSettings()).toStrictEqual({
      ...defaults,
      webhookEndpoint: { ...defaults.webhookEndpoint, enabledEvents: WEBHOOK_EVENTS },
    });
  });

  it('takes overrides over the harness’s settings', () => {
    const defaults = defaultAccountSettings();
    const endpoint = { apiVersion: '2025-01-01', enabledEvents: ['invoice.paid'] };
    expect(seededAccountSettings({ paymentMethods: ['card'], webhookEndpoint: endpoint })).toStrictEqual({
      ...defaults,
      paymentMethods: ['card'],
      webhookEndpoint: endpoint,
    });
  });
});

describe('SEEDED_PRICES', () => {
  it('holds the spec’s setup and monthly prices under the ids a function is configured with', () => {
    expect(SEEDED_PRICES).toStrictEqual({
      price_harness_gold_setup: {
        product_name: 'Gold package: one-time setup',
        unit_amount: SETUP_PENCE,
        currency: 'gbp',
        recurring: null,
      },
      price_harness_gold_monthly: {
        product_name: 'Gold package: monthly',
        unit_amount: MONTHLY_PENCE,
        currency: 'gbp',
        recurring: { interval: 'month', interval_count: 1 },
      },
    });
  });
});

describe('eventOrderSeedFromEnv', () => {
  it('no seed (a random order) when unset or empty', () => {
    expect(eventOrderSeedFromEnv({})).toBeNull();
    expect(eventOrderSeedFromEnv({ HARNESS_EVENT_ORDER_SEED: '' })).toBeNull();
  });

  it('a whole number of up to nine digits', () => {
    expect(eventOrderSeedFromEnv({ HARNESS_EVENT_ORDER_SEED: '0' })).toBe(0);
    expect(eventOrderSeedFromEnv({ HARNESS_EVENT_ORDER_SEED: '42' })).toBe(42);
    expect(eventOrderSeedFromEnv({ HARNESS_EVENT_ORDER_SEED: '999999999' })).toBe(999_999_999);
  });

  it('an error naming the variable and the value for anything else', () => {
    for (const raw of ['-1', '1.5', 'abc', ' 4', '4 ', '1234567890', '1e3', 'x42', '42x'])
      expect(() => eventOrderSeedFromEnv({ HARNESS_EVENT_ORDER_SEED: raw }), raw).toThrow(
        new Error(`HARNESS_EVENT_ORDER_SEED must be a whole number, got ${raw}`),
      );
  });
});

describe('eventDuplicatesFromEnv', () => {
  it('on (some events twice) when unset, empty or 1; off with 0', () => {
    expect(eventDuplicatesFromEnv({})).toBe(true);
    expect(eventDuplicatesFromEnv({ HARNESS_EVENT_DUPLICATES: '' })).toBe(true);
    expect(eventDuplicatesFromEnv({ HARNESS_EVENT_DUPLICATES: '1' })).toBe(true);
    expect(eventDuplicatesFromEnv({ HARNESS_EVENT_DUPLICATES: '0' })).toBe(false);
  });

  it('an error naming the variable and the value for anything else', () => {
    for (const raw of ['yes', 'true', '2', ' 0'])
      expect(() => eventDuplicatesFromEnv({ HARNESS_EVENT_DUPLICATES: raw }), raw).toThrow(
        new Error(`HARNESS_EVENT_DUPLICATES must be 0 or 1, got ${raw}`),
      );
  });
});
