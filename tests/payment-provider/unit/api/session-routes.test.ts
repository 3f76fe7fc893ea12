/**
 * The provider's Checkout Session routes in-process: create (its key, version, form body, and `Idempotency-Key`
 * replays, refusals never saved, 500s saved), retrieve (expanded line items; expired when read after `expires_at`),
 * the line items, and the list (newest first, by subscription, `limit`).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultAccountSettings } from '../../../../host-harness/payments/account/account-settings.ts';
import { MONTHLY_PENCE, SETUP_AND_MONTH_PENCE, SETUP_PENCE } from '../../../support/spec-figures.ts';
import {
  ACACIA,
  GOLD,
  KEY,
  OWN_URL,
  type PaymentsApp,
  PINNED,
  paymentsApp,
} from '../support/payments-app.ts';

const apps: PaymentsApp[] = [];
const start = async (...args: Parameters<typeof paymentsApp>) => {
  const app = await paymentsApp(...args);
  apps.push(app);
  return app;
};
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  vi.restoreAllMocks();
});

describe('POST /v1/checkout/sessions', () => {
  it("creates the session, stored with the request's API version, its hosted page on the harness", async () => {
    const h = await start();
    const answer = await h.create(GOLD);
    expect(answer.status).toBe(200);
    const session = answer.body;
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      url: `${OWN_URL}/__harness/pay/${session.id}`,
      amount_total: SETUP_AND_MONTH_PENCE,
      currency: 'gbp',
      metadata: { package: 'gold' },
    });
    expect(answer.headers['request-id']).toMatch(/^req_/);
    expect(answer.headers['idempotency-key']).toBeUndefined();
    const record = h.state.checkoutSessions.get(session.id)!;
    expect(record).toMatchObject({ app_id: 'app_test', api_version: PINNED, subscription_data: null });
    expect(record.session).toStrictEqual(session);
    expect(record.line_items.map((item) => item.amount_total)).toStrictEqual([SETUP_PENCE, MONTHLY_PENCE]);
  });

  it("answers in the Stripe-Version asked for, else the account's default", async () => {
    const h = await start();
    const { body } = await h.create(GOLD, { 'stripe-version': ACACIA });
    expect(h.state.checkoutSessions.get(body.id)?.api_version).toBe(ACACIA);
    const acaciaAccount = await start({
      settings: { ...defaultAccountSettings(), defaultApiVersion: ACACIA },
    });
    const created = await acaciaAccount.create(GOLD);
    expect(acaciaAccount.state.checkoutSessions.get(created.body.id)?.api_version).toBe(ACACIA);
    expect((await h.create(GOLD, { 'stripe-version': '2025-03-31.basil' })).body.error.code).toBe(
      'api_version_invalid',
    );
  });

  it('passes subscription_data on to the stored session', async () => {
    const h = await start();
    const { body } = await h.create({ ...GOLD, 'subscription_data[trial_period_days]': '30' });
    expect(h.state.checkoutSessions.get(body.id)?.subscription_data).toMatchObject({ trialPeriodDays: 30 });
    expect(body.amount_total).toBe(SETUP_PENCE);
  });

  it('refuses a request without the key, with a body not form-encoded, or invalid, storing nothing', async () => {
    const h = await start();
    const form = new URLSearchParams(GOLD).toString();
    const noKey = await h.call({
      method: 'POST',
      url: '/v1/checkout/sessions',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(noKey.status).toBe(401);
    const json = await h.provider(
      'POST',
      '/v1/checkout/sessions',
      { 'content-type': 'application/json' },
      form,
    );
    expect(json.status).toBe(400);
    expect(json.body.error.message).toBe(
      'Request bodies must be form-encoded (application/x-www-form-urlencoded)',
    );
    const invalid = await h.create({ ...GOLD, mode: 'setup' });
    expect(invalid.body).toStrictEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Setup mode is not simulated by the local double',
        param: 'mode',
      },
    });
    expect(h.state.checkoutSessions.all()).toStrictEqual([]);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer to the same request, creating nothing more', async () => {
    const h = await start();
    const first = await h.create(GOLD, { 'idempotency-key': 'order-1' });
    expect(first.headers['idempotency-key']).toBe('order-1');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await h.create(GOLD, { 'idempotency-key': 'order-1' });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toStrictEqual(first.body);
    expect(h.state.checkoutSessions.all()).toHaveLength(1);
    expect((await h.create(GOLD, { 'idempotency-key': 'order-2' })).body.id).not.toBe(first.body.id);
    expect(h.state.checkoutSessions.all()).toHaveLength(2);
  });

  it('without a key (or with an empty one) every request creates a session', async () => {
    const h = await start();
    await h.create(GOLD);
    await h.create(GOLD);
    const empty = await h.create(GOLD, { 'idempotency-key': '' });
    expect(empty.headers['idempotency-key']).toBeUndefined();
    await h.create(GOLD, { 'idempotency-key': '' });
    expect(h.state.checkoutSessions.all()).toHaveLength(4);
  });

  it('refuses the same key with other parameters, or another path, as an idempotency_error', async () => {
    const h = await start();
    await h.create(GOLD, { 'idempotency-key': 'order-1' });
    const mismatch = await h.create(
      { ...GOLD, 'metadata[package]': 'silver' },
      { 'idempotency-key': 'order-1' },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toStrictEqual({
      error: {
        type: 'idempotency_error',
        message:
          "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'order-1' if you meant to execute a different request.",
      },
    });
    const otherPath = await h.provider(
      'POST',
      '/v1/checkout/sessions?expand[]=line_items',
      { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'order-1' },
      new URLSearchParams(GOLD).toString(),
    );
    expect(otherPath.body.error.type).toBe('idempotency_error');
    expect(h.state.checkoutSessions.all()).toHaveLength(1);
  });

  it('refuses a key over 255 characters', async () => {
    const h = await start();
    expect((await h.create(GOLD, { 'idempotency-key': 'k'.repeat(255) })).status).toBe(200);
    const long = await h.create(GOLD, { 'idempotency-key': 'k'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Idempotency keys may be at most 255 characters');
  });

  it('saves nothing for a refused request: the key stays free', async () => {
    const h = await start();
    const refused = await h.create({ ...GOLD, mode: 'setup' }, { 'idempotency-key': 'order-1' });
    expect(refused.status).toBe(400);
    const created = await h.create(GOLD, { 'idempotency-key': 'order-1' });
    expect(created.status).toBe(200);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
  });

  it('saves a failure once the session was being created, and replays it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const h = await start({ quiet: false });
    h.db.exec('DROP TABLE orders');
    const failure = {
      error: { type: 'api_error', message: 'The payment double failed to create the session' },
    };
    const failed = await h.create(GOLD, { 'idempotency-key': 'order-1' });
    expect(failed.status).toBe(500);
    expect(failed.body).toStrictEqual(failure);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]![0]).toBe('payment double: creating a session failed');
    const replayed = await h.create(GOLD, { 'idempotency-key': 'order-1' });
    expect(replayed.status).toBe(500);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toStrictEqual(failure);
  });

  it('logs nothing when quiet', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const h = await start();
    h.db.exec('DROP TABLE orders');
    expect((await h.create(GOLD)).status).toBe(500);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('GET /v1/checkout/sessions/:id', () => {
  it('answers the session; with expand[]=line_items, its line items too', async () => {
    const h = await start();
    const { body: created } = await h.create(GOLD);
    const plain = await h.provider('GET', `/v1/checkout/sessions/${created.id}`);
    expect(plain.body).toStrictEqual(created);
    const items = {
      object: 'list',
      data: h.state.checkoutSessions.get(created.id)!.line_items,
      has_more: false,
      url: `/v1/checkout/sessions/${created.id}/line_items`,
    };
    for (const query of [
      'expand[]=line_items',
      'expand[0]=line_items',
      'expand[]=customer&expand[]=line_items',
    ]) {
      const expanded = await h.provider('GET', `/v1/checkout/sessions/${created.id}?${query}`);
      expect(expanded.body, query).toStrictEqual({ ...created, line_items: items });
    }
    for (const query of ['expand[]=customer', 'expand[]=line_itemsx']) {
      const other = await h.provider('GET', `/v1/checkout/sessions/${created.id}?${query}`);
      expect(other.body, query).toStrictEqual(created);
    }
    // A query parameter the provider's description of the endpoint does not list is refused, not ignored.
    expect(
      await h.provider('GET', `/v1/checkout/sessions/${created.id}?line_items=line_items`),
    ).toMatchObject({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_unknown',
          param: 'line_items',
          message: 'Received unknown parameter: line_items',
        },
      },
    });
    expect(await h.provider('GET', `/v1/checkout/sessions/${created.id}/line_items`)).toMatchObject({
      status: 200,
      body: items,
    });
  });

  it('expires an open session read after its expires_at', async () => {
    const h = await start();
    const { body: created } = await h.create(GOLD);
    h.payments.advanceTime(24 * 60 * 60 + 1);
    const read = await h.provider('GET', `/v1/checkout/sessions/${created.id}`);
    expect(read.body).toMatchObject({ id: created.id, status: 'expired', url: null });
  });

  it('is a 404 for an unknown session, on both routes; a 401 without the key', async () => {
    const h = await start();
    const missing = {
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          message: "No such checkout.session: 'cs_test_nope'",
          param: 'session',
          code: 'resource_missing',
        },
      },
    };
    expect(await h.provider('GET', '/v1/checkout/sessions/cs_test_nope')).toMatchObject(missing);
    expect(await h.provider('GET', '/v1/checkout/sessions/cs_test_nope/line_items')).toMatchObject(missing);
    const { body: created } = await h.create(GOLD);
    for (const url of [
      `/v1/checkout/sessions/${created.id}`,
      `/v1/checkout/sessions/${created.id}/line_items`,
      '/v1/checkout/sessions',
    ]) {
      expect((await h.call({ method: 'GET', url })).status, url).toBe(401);
    }
  });

  it('refuses a version it does not render on every read', async () => {
    const h = await start();
    const { body: created } = await h.create(GOLD);
    for (const url of [
      `/v1/checkout/sessions/${created.id}`,
      `/v1/checkout/sessions/${created.id}/line_items`,
      '/v1/checkout/sessions',
    ]) {
      const answer = await h.provider('GET', url, { 'stripe-version': '2025-03-31.basil' });
      expect(answer.body.error.code, url).toBe('api_version_invalid');
      expect((await h.provider('GET', url, { 'stripe-version': ACACIA })).status, url).toBe(200);
    }
  });
});

describe('GET /v1/checkout/sessions', () => {
  it('lists the sessions newest first, ten by default, up to `limit`', async () => {
    const h = await start();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await h.create(GOLD)).body.id);
    const newestFirst = [...ids].reverse();
    const all = await h.provider('GET', '/v1/checkout/sessions');
    expect(all.body.object).toBe('list');
    expect(all.body.url).toBe('/v1/checkout/sessions');
    expect(all.body.data.map((s: { id: string }) => s.id)).toStrictEqual(newestFirst.slice(0, 10));
    expect(all.body.has_more).toBe(true);
    const two = await h.provider('GET', '/v1/checkout/sessions?limit=2');
    expect(two.body.data.map((s: { id: string }) => s.id)).toStrictEqual(newestFirst.slice(0, 2));
    const twelve = await h.provider('GET', '/v1/checkout/sessions?limit=12');
    expect(twelve.body.data).toHaveLength(12);
    expect(twelve.body.has_more).toBe(false);
    expect(twelve.body.data[0]).toStrictEqual(h.state.checkoutSessions.get(newestFirst[0]!)!.session);
  });

  it('finds the session that started a subscription', async () => {
    const h = await start();
    const { body: first } = await h.create(GOLD);
    const { body: second } = await h.create(GOLD);
    const paid = await h.pay(first.id);
    const subscription = paid.subscription!.id;
    const found = await h.provider('GET', `/v1/checkout/sessions?subscription=${subscription}`);
    expect(found.body.data.map((s: { id: string }) => s.id)).toStrictEqual([first.id]);
    expect(found.body.has_more).toBe(false);
    const none = await h.provider('GET', '/v1/checkout/sessions?subscription=sub_nope');
    expect(none.body.data).toStrictEqual([]);
    expect(
      (await h.provider('GET', '/v1/checkout/sessions')).body.data.map((s: { id: string }) => s.id),
    ).toStrictEqual([second.id, first.id]);
  });

  it('refuses a filter it does not simulate, and a bad limit', async () => {
    const h = await start();
    const status = await h.provider('GET', '/v1/checkout/sessions?status=open');
    expect(status.body.error).toStrictEqual({
      type: 'invalid_request_error',
      message: 'status is not simulated by the local double when listing sessions',
      param: 'status',
    });
    expect((await h.provider('GET', '/v1/checkout/sessions?limit=0')).body.error.param).toBe('limit');
  });
});

describe('the /v1 scope', () => {
  it("answers a route it does not have with the provider's 404", async () => {
    const h = await start();
    const answer = await h.provider('GET', '/v1/customers');
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toBe('Unrecognized request URL (GET: /v1/customers).');
    expect(KEY).toBe('sk_test_harness_local');
  });
});
