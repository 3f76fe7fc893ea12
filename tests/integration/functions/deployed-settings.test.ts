/**
 * The functions' settings as deployed (bundled, in workerd): a missing or malformed secret is a 500 naming the
 * variable and reaches nothing, and stripeWebhook needs no provider API key at all.
 */
import { describe, expect, it } from 'vitest';
import {
  checkout,
  completedEvent,
  deliver,
  orders,
  providerCalls,
  startDeployed,
} from './deployed-functions.ts';

describe('the functions in workerd: settings', () => {
  it('without STRIPE_SECRET_KEY, createCheckout is a 500 naming it; stripeWebhook still verifies and records', async () => {
    const h = await startDeployed({ functionEnv: { STRIPE_SECRET_KEY: '' } }, false);
    try {
      const answer = await checkout(h, { packageName: 'gold' });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: 'STRIPE_SECRET_KEY is not set', code: 'config_error' });
      expect(await providerCalls(h)).toEqual([]);
      expect((await deliver(h, completedEvent('evt_keyless'))).status).toBe(200);
      expect(await orders(h)).toHaveLength(1);
      expect((await deliver(h, completedEvent('evt_keyless'), { secret: 'whsec_other' })).status).toBe(400);
    } finally {
      await h.close();
    }
  }, 60_000);

  it('a malformed SITE_ORIGIN or a missing webhook secret is a 500 naming the variable, and nothing happens', async () => {
    const h = await startDeployed(
      { functionEnv: { SITE_ORIGIN: 'https://www.example.co.uk/shop', STRIPE_WEBHOOK_SECRET: '' } },
      false,
    );
    try {
      const answer = await checkout(h, { packageName: 'gold' });
      expect(answer.status).toBe(500);
      expect(answer.body.code).toBe('config_error');
      expect(answer.body.error).toMatch(/^SITE_ORIGIN must be an http\(s\) origin/);
      expect(await providerCalls(h)).toEqual([]);
      const delivered = await deliver(h, completedEvent('evt_no_secret'));
      expect(delivered.status).toBe(500);
      expect(delivered.body).toEqual({ error: 'STRIPE_WEBHOOK_SECRET is not set', code: 'config_error' });
      expect(await orders(h)).toEqual([]);
    } finally {
      await h.close();
    }
  }, 60_000);
});
