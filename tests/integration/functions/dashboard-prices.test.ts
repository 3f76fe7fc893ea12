/**
 * The provider's dashboard is the stand-in's own (host-harness/payments/dashboard-seed.ts), not read from the site's
 * code: with the functions selling by dashboard price ids (`STRIPE_PRICE_SETUP`, `STRIPE_PRICE_MONTHLY`), a monthly
 * price changed in the dashboard alone is caught where the provider's side meets the site's figures, the webhook's
 * ownership check: the purchase is not taken for the site's package, no Order and no e-mail, and the log says why.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONTHLY_PENCE } from '../../support/spec-figures.ts';
import type { Json } from '../emulator/emulator-harness.ts';
import { agencyMail, checkout, type Deployed, orders, startDeployed } from './deployed-functions.ts';

const SETTINGS = '/__harness/payments/settings';

describe('dashboard prices that differ from the site’s figures', () => {
  let h: Deployed;
  beforeAll(async () => {
    h = await startDeployed({
      functionEnv: {
        STRIPE_PRICE_SETUP: 'price_harness_gold_setup',
        STRIPE_PRICE_MONTHLY: 'price_harness_gold_monthly',
      },
    });
  }, 60_000);
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.call('POST', '/__harness/reset');
  });

  /** createCheckout, then Pay on the hosted page by card: the session's id. */
  async function buy(): Promise<string> {
    const answer = await checkout(h, { packageName: 'gold' });
    expect(answer.status, answer.text).toBe(200);
    const id = new URL(answer.body.url).pathname.split('/').pop()!;
    const paid = await h.call('POST', `/__harness/pay/${id}/pay`, {
      raw: new URLSearchParams({ payment_method: 'card', email: 'jane@example.co.uk' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status, paid.text).toBe(303);
    return id;
  }

  it('with the seeded dashboard (the spec’s figures) the purchase is the site’s: one Order, one e-mail', async () => {
    const prices = (await h.call('GET', SETTINGS)).body.prices;
    expect(prices.price_harness_gold_monthly.unit_amount).toBe(MONTHLY_PENCE);
    const id = await buy();
    expect(await orders(h)).toEqual([expect.objectContaining({ session_id: id, status: 'paid' })]);
    expect(await agencyMail(h)).toHaveLength(1);
  });

  it('a monthly price of £249 in the dashboard alone: the provider takes it, the webhook refuses it as not the site’s', async () => {
    const { prices } = (await h.call('GET', SETTINGS)).body;
    const dearer = { ...prices.price_harness_gold_monthly, unit_amount: 24_900 };
    const changed = await h.call('POST', SETTINGS, {
      body: { prices: { ...prices, price_harness_gold_monthly: dearer } },
    });
    expect(changed.status, changed.text).toBe(200);
    const id = await buy();
    // The provider sold what its dashboard says …
    const summary = (await h.call('GET', '/__harness/checkout-sessions')).body.find((s: Json) => s.id === id);
    expect(summary).toMatchObject({ status: 'paid', monthly_amount: 24_900 });
    // … and the site's webhook, which knows the site's figures, does not take it for the gold package.
    expect(await orders(h)).toEqual([]);
    expect(await agencyMail(h)).toEqual([]);
    const logs: Json[] = (await h.call('GET', '/__harness/functions/stripeWebhook/logs')).body;
    expect(
      logs.some((entry) => entry.line.includes('24900') && entry.line.includes(String(MONTHLY_PENCE))),
      JSON.stringify(logs),
    ).toBe(true);
  });
});
