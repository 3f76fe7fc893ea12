/**
 * A session created without an `Idempotency-Key` saves no answer: only a request with a key leaves one in the store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GOLD, type PaymentsApp, paymentsApp } from '../support/payments-app.ts';

const apps: PaymentsApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const saved = (h: PaymentsApp) =>
  h.db.prepare('SELECT key, status FROM provider_idempotency ORDER BY key').all() as {
    key: string | null;
    status: number;
  }[];

describe('POST /v1/checkout/sessions and the idempotency store', () => {
  it('saves nothing for a request without a key or with an empty one, and one answer for a keyed request', async () => {
    const h = await paymentsApp();
    apps.push(h);
    expect((await h.create(GOLD)).status).toBe(200);
    expect((await h.create(GOLD, { 'idempotency-key': '' })).status).toBe(200);
    expect(saved(h)).toStrictEqual([]);
    expect((await h.create(GOLD, { 'idempotency-key': 'order-1' })).status).toBe(200);
    expect(saved(h)).toStrictEqual([{ key: 'sk_test_harness_local\norder-1', status: 200 }]);
  });
});
