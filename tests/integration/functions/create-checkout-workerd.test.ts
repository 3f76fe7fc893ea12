/**
 * createCheckout as deployed (bundled, in workerd) against the emulator's payment double: validation, the session it
 * opens (prices, redirect URLs, the signed-in buyer), retries with one idempotency key and the provider's refusals
 * (settings: deployed-settings.test.ts). The Deno tests (tests/deno) check the same handler faster, with finer doubles.
 */
import { describe, expect, it } from 'vitest';
import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from '../../support/spec-figures.ts';
import type { Json } from '../emulator/emulator-harness.ts';
import {
  checkout,
  type Deployed,
  deployedPerFile,
  providerCalls,
  SESSIONS,
  SITE,
  session,
  sessions,
} from './deployed-functions.ts';

const PROVIDER_ERROR = { error: 'The payment provider could not start checkout', code: 'provider_error' };

describe('createCheckout in workerd', () => {
  let h: Deployed;
  const fault = (body: Json) => h.proxy.fault({ method: 'POST', path: SESSIONS, times: 1, ...body });

  deployedPerFile((started) => {
    h = started;
  });

  it('opens the gold subscription session: the setup today, the monthly fee after a month’s trial, redirects on SITE_ORIGIN only', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await checkout(
      h,
      { packageName: 'gold' },
      // (A foreign Origin never reaches a function: docs/security.md, "Servers of the harness and the backend
      // functions".)
      { referer: 'https://evil.example/', 'x-origin-url': 'https://evil.example/x' },
    );
    expect(answer.status).toBe(200);
    const id = new URL(answer.body.url).pathname.split('/').pop()!;
    expect(answer.body).toEqual({ url: `${h.url}/__harness/pay/${id}` });
    const opened = await session(h, id);
    expect(opened).toMatchObject({
      mode: 'subscription',
      currency: CURRENCY,
      customer_email: null,
      amount_total: SETUP_PENCE,
      success_url: `${SITE}/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/Pricing`,
      metadata: { package: PACKAGE },
    });
    // An hour to pay (the date shown for the first monthly fee is then at most an hour off a month after paying).
    expect(opened.expires_at - before).toBeGreaterThanOrEqual(3600 - 5);
    expect(opened.expires_at - before).toBeLessThanOrEqual(3600 + 5);
    expect(
      opened.line_items.data.map((item: Json) => [
        item.description,
        item.price.unit_amount,
        item.price.type,
        item.amount_total,
      ]),
    ).toEqual([
      ['Gold package: one-time setup', SETUP_PENCE, 'one_time', SETUP_PENCE],
      ['Gold package: monthly', MONTHLY_PENCE, 'recurring', 0],
    ]);
    // The trial ends one calendar month on: the double's summary shows the first monthly charge.
    const summary = (await sessions(h)).find((s: Json) => s.id === id);
    const monthOn = new Date(before * 1000);
    monthOn.setUTCMonth(monthOn.getUTCMonth() + 1);
    expect(Math.abs(Date.parse(summary.first_renewal) - monthOn.getTime())).toBeLessThan(2 * 86_400_000);
  });

  it("prefills a signed-in buyer's e-mail and puts their id in the metadata", async () => {
    const token = await h.tokenOf('user');
    const me = (await h.call('GET', '/api/apps/local-app/entities/User/me', { token })).body;
    const answer = await checkout(h, { packageName: 'gold' }, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    const opened = await session(h, new URL(answer.body.url).pathname.split('/').pop()!);
    expect(opened.customer_email).toBe('user@example.com');
    expect(opened.metadata.user_id).toBe(me.id);
  });

  it('answers invalid requests with a 400 naming the problem, and opens nothing', async () => {
    const cases: [string, RegExp][] = [
      ['', /JSON object with a packageName/],
      ['{"packageName":', /not valid JSON/],
      ['[{"packageName":"gold"}]', /JSON object/],
      ['{}', /packageName is required/],
      ['{"packageName":"platinum"}', /Unknown packageName.*gold/],
      ['{"packageName":"__proto__"}', /Unknown packageName/],
      [JSON.stringify({ packageName: 'gold', padding: 'x'.repeat(20_000) }), /too large/],
    ];
    for (const [body, message] of cases) {
      const answer = await checkout(h, body);
      expect(answer.status, body.slice(0, 30)).toBe(400);
      expect(answer.body.code).toBe('invalid_request');
      expect(answer.body.error).toMatch(message);
    }
    const get = await h.call('GET', '/api/apps/local-app/functions/createCheckout');
    expect(get.status).toBe(405);
    expect(await sessions(h)).toEqual([]);
  });

  it('answers a body not sent as application/json with a 415, and opens nothing', async () => {
    for (const type of [
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]) {
      const answer = await checkout(h, { packageName: 'gold' }, { 'content-type': type });
      expect(answer.status, type).toBe(415);
      expect(answer.body).toEqual({
        error: 'Send the request as JSON: its Content-Type must be application/json',
        code: 'unsupported_media_type',
      });
    }
    expect(await sessions(h)).toEqual([]);
  });

  it("retries the provider's 500 and a dropped connection: one session, the answer of the last attempt", async () => {
    await fault({
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong' } },
      times: 1,
    });
    await fault({ drop: true, times: 1 });
    const answer = await checkout(h, { packageName: 'gold' });
    expect(answer.status).toBe(200);
    expect((await sessions(h)).map((s) => s.id)).toEqual([
      new URL(answer.body.url).pathname.split('/').pop(),
    ]);
    expect((await providerCalls(h)).map((call) => call.status)).toEqual([500, null, 200]);
  });

  it("turns the provider's refusals into a short 502, without its message, and does not retry them", async () => {
    const refusals = [
      { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such price: price_x' } } },
      { status: 402, body: { error: { type: 'card_error', message: 'Your card was declined.' } } },
    ];
    for (const refusal of refusals) {
      await h.call('POST', '/__harness/reset');
      h.proxy.reset();
      await fault({ ...refusal, times: 1 });
      const answer = await checkout(h, { packageName: 'gold' });
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual(PROVIDER_ERROR);
      expect(answer.text).not.toContain(refusal.body.error.message);
      expect((await providerCalls(h)).map((call) => call.status)).toEqual([refusal.status]);
    }
  });

  it('gives up after three failed attempts with a 502', async () => {
    await fault({ status: 503, body: { error: { type: 'api_error', message: 'Unavailable' } }, times: 3 });
    const answer = await checkout(h, { packageName: 'gold' });
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual(PROVIDER_ERROR);
    expect((await providerCalls(h)).map((call) => call.status)).toEqual([503, 503, 503]);
    expect(await sessions(h)).toEqual([]);
  });
});
