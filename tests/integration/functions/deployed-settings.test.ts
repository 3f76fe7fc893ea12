/**
 * The functions' settings as deployed (bundled, in workerd): a missing or malformed secret is a 500 naming the
 * variable and reaches nothing.
 */
import { describe, expect, it } from 'vitest';
import { sessionEvent } from '../../support/provider-events.ts';
import { checkout, deliver, orders, providerCalls, startDeployed } from './deployed-functions.ts';

describe('the functions in workerd: settings', () => {
  it('without STRIPE_SECRET_KEY, both functions are a 500 naming it (the webhook reads subscriptions with it)', async () => {
    const h = await startDeployed({ functionEnv: { STRIPE_SECRET_KEY: '' } }, false);
    try {
      const answer = await checkout(h, { packageName: 'gold' });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ error: 'STRIPE_SECRET_KEY is not set', code: 'config_error' });
      expect(await providerCalls(h)).toEqual([]);
      const delivered = await deliver(h, sessionEvent('checkout.session.completed'));
      expect(delivered.status).toBe(500);
      expect(delivered.body).toEqual({ error: 'STRIPE_SECRET_KEY is not set', code: 'config_error' });
      expect(await orders(h)).toEqual([]);
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
      const delivered = await deliver(h, sessionEvent('checkout.session.completed'));
      expect(delivered.status).toBe(500);
      expect(delivered.body).toEqual({ error: 'STRIPE_WEBHOOK_SECRET is not set', code: 'config_error' });
      expect(await orders(h)).toEqual([]);
    } finally {
      await h.close();
    }
  }, 60_000);
});
