/**
 * The stand-in's API (`/v1`) refuses what a page of another origin sends it, as its control API does: a cross-site
 * `Origin` or `Sec-Fetch-Site` gets the provider's 403 and no CORS grant, whatever the route or method (a preflight
 * gets no grant either); tools and servers (no `Origin`: the functions' SDK, curl) are answered.
 */
import { describe, expect, it } from 'vitest';
import { request } from '../../integration/security/raw-http.ts';
import { DAY_S, type DoubleUnderTest, doublePerFile, goldWithTrial, KEY, nowS } from './payments-support.ts';

let h: DoubleUnderTest;
doublePerFile((running) => {
  h = running;
});

const form = new URLSearchParams(goldWithTrial(nowS() + 30 * DAY_S)).toString();
const auth = { authorization: `Bearer ${KEY}` };
const create = { method: 'POST', path: '/v1/checkout/sessions', body: form };
const formType = { 'content-type': 'application/x-www-form-urlencoded' };

describe("the provider's API and the pages of other origins", () => {
  it('answers a tool (no Origin), with no CORS grant', async () => {
    const created = await request(h.url, { ...create, headers: { ...auth, ...formType } });
    expect(created.status).toBe(200);
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a page of another origin with the provider’s 403, on every route and method, creating nothing', async () => {
    const pages: Record<string, string>[] = [
      { origin: 'http://localhost:4401' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const page of pages) {
      for (const [method, path] of [
        ['POST', '/v1/checkout/sessions'],
        ['GET', '/v1/checkout/sessions'],
        ['GET', '/v1/checkout/sessions/cs_test_x'],
        ['GET', '/v1/invoice_payments'],
      ] as const) {
        const answer = await request(h.url, {
          method,
          path,
          headers: { ...auth, ...page, ...(method === 'POST' ? formType : {}) },
          ...(method === 'POST' ? { body: form } : {}),
        });
        expect(answer.status, `${method} ${path} ${JSON.stringify(page)}`).toBe(403);
        expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', code: 'foreign_origin' });
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    expect((await h.call('GET', '/__harness/checkout-sessions')).body).toEqual([]);
  });

  it('grants no preflight', async () => {
    const preflight = await request(h.url, {
      method: 'OPTIONS',
      path: '/v1/checkout/sessions',
      headers: {
        origin: 'http://localhost:4401',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });
});
