/**
 * Answers that were off the contract, over real HTTP. A Pay or Cancel post whose body is not the page's form encoding
 * is a 400 that pays nothing; a path parameter over 500 characters gets the emulator's own `{message, code}` (not
 * Fastify's 414 echoing the path, which also skipped the Host rule); a call whose body is JSON `null` is a 400, not "no
 * parameters"; `$inc` on `User/me` cannot touch the protected fields. (Function answers:
 * tests/integration/functions/function-answers.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  APP,
  type Json,
  MEMBER_IDS,
  type Running,
  SERVICE_TOKEN,
  startEmulator,
} from '../emulator/emulator-harness.ts';
import { request } from './raw-http.ts';

let h: Running;
// No functions: a Pay that does go through delivers its event to a function that does not exist (a 404, quickly).
const noFunctions = mkdtempSync(join(tmpdir(), 'off-contract-'));

beforeAll(async () => {
  h = await startEmulator({ dataDir: null, functionsDir: noFunctions });
});
afterAll(async () => {
  await h.close();
  rmSync(noFunctions, { recursive: true, force: true });
});
beforeEach(() => h.emulator.reset());

describe('the payment page accepts only its own form posts', () => {
  const openSession = async (): Promise<string> => {
    const params = new URLSearchParams({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][product_data][name]': 'Audit',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:4401/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:4401/Pricing',
      customer_email: 'user@example.com',
    });
    const created = await h.call('POST', '/v1/checkout/sessions', {
      raw: params.toString(),
      headers: {
        authorization: 'Bearer sk_test_harness_local',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(created.status).toBe(200);
    return created.body.id;
  };
  const statusOf = async (id: string) =>
    ((await h.call('GET', '/__harness/checkout-sessions')).body as Json[]).find(
      (o) => o.id === id || o.session_id === id,
    )?.status;
  const multipart = () => {
    const form = new FormData();
    form.set('email', 'buyer@example.com');
    return form;
  };
  const bodies: [string, () => { raw: BodyInit; headers?: Record<string, string> }][] = [
    [
      'JSON',
      () => ({ raw: '{"email":"buyer@example.com"}', headers: { 'content-type': 'application/json' } }),
    ],
    ['empty JSON', () => ({ raw: '{}', headers: { 'content-type': 'application/json' } })],
    ['multipart', () => ({ raw: multipart() })],
    ['text', () => ({ raw: 'email=buyer@example.com', headers: { 'content-type': 'text/plain' } })],
    ['XML', () => ({ raw: '<email/>', headers: { 'content-type': 'application/xml' } })],
  ];

  it.each(bodies)('Pay with a %s body is a 400 and the session stays open', async (_, body) => {
    const id = await openSession();
    const answer = await h.call('POST', `/__harness/pay/${id}/pay`, body());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_body', message: expect.any(String) });
    expect(await statusOf(id)).toBe('open');
    expect((await h.call('GET', '/__harness/outbox')).body).toEqual([]);
  });

  it('Cancel with a JSON body is a 400 and the session stays open', async () => {
    const id = await openSession();
    const answer = await h.call('POST', `/__harness/pay/${id}/cancel`, bodies[0]![1]());
    expect(answer.status).toBe(400);
    expect(await statusOf(id)).toBe('open');
  });

  it("the page's own form post (and a post with no body) still pays and returns to the site", async () => {
    const id = await openSession();
    const paid = await h.call('POST', `/__harness/pay/${id}/pay`, {
      raw: 'email=buyer%40example.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.status).toBe(303);
    expect(await statusOf(id)).toBe('paid');
    const other = await openSession();
    expect((await h.call('POST', `/__harness/pay/${other}/pay`)).status).toBe(303);
    expect(await statusOf(other)).toBe('paid');
  });
});

describe('a path parameter over 500 characters', () => {
  const long = 'a'.repeat(501);
  it.each([
    ['an entity name', `/api/apps/${APP}/entities/${long}`],
    ['a record id', `/api/apps/${APP}/entities/Item/${long}`],
    ['an app id', `/api/apps/${long}/entities/Item`],
    ['a session id', `/__harness/pay/${long}`],
  ])('in %s gets the emulator’s own 414 {message, code}, without the path', async (_, path) => {
    const answer = await h.call('GET', path);
    expect(answer.status).toBe(414);
    expect(answer.body).toEqual({
      message: 'A URL parameter is longer than 500 characters',
      code: 'param_too_long',
    });
  });

  it('(like a malformed percent-encoding in one, which the router refuses the same way) is answered without the path', async () => {
    const answer = await h.call('GET', `/api/apps/${APP}/entities/Item/%E0%A4%A${'x'.repeat(40)}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'The address is not valid: a URL parameter is malformed',
      code: 'bad_url',
    });
  });

  it('is refused as a foreign Host first, like every other request', async () => {
    const answer = await request(h.url, {
      path: `/api/apps/${APP}/entities/Item/${long}`,
      headers: { host: 'evil.example' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('foreign_host');
  });

  it('at 500 characters is still routed (a 404 for a record that does not exist)', async () => {
    await h.call('POST', `/api/apps/${APP}/entities/Item`, { body: { a: 1 } });
    const answer = await h.call('GET', `/api/apps/${APP}/entities/Item/${'b'.repeat(500)}`);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('record_not_found');
  });
});

describe('a call whose body is JSON null', () => {
  const json = { 'content-type': 'application/json' };
  it('is a 400 for a custom integration, an installable one and a Core integration', async () => {
    await h.call('POST', '/__harness/custom-integrations', {
      body: { slug: 'crm', operations: { addLead: { echo: true } } },
    });
    await h.call('POST', '/__harness/integrations', {
      body: { package: 'crm', endpoint: 'add', response: { ok: true } },
    });
    const token = await h.tokenOf('user');
    for (const path of [
      `/api/apps/${APP}/integrations/custom/crm/addLead`,
      `/api/apps/${APP}/integration-endpoints/installable/crm/integration-endpoints/add`,
      `/api/apps/${APP}/integration-endpoints/Core/InvokeLLM`,
    ]) {
      const answer = await h.call('POST', path, { token, raw: 'null', headers: json });
      expect(answer.status, path).toBe(400);
      expect(answer.body.code, path).toBe('invalid_body');
    }
    // No body at all is still "no parameters".
    const none = await h.call('POST', `/api/apps/${APP}/integrations/custom/crm/addLead`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ success: true, status_code: 200, data: {} });
  });
});

describe('$inc on User/me', () => {
  const me = `/api/apps/${APP}/entities/User/me`;
  it('leaves the protected fields alone, even one that is missing, and applies the rest', async () => {
    const token = await h.tokenOf('user');
    const unset = await h.call('PUT', `/api/apps/${APP}/entities/User/${MEMBER_IDS.user}`, {
      token: SERVICE_TOKEN,
      body: { $unset: ['role'] },
    });
    expect(unset.status).toBe(200);
    const answer = await h.call('PUT', me, {
      token,
      body: { $inc: { role: 1, email: 1, visits: 2 } },
    });
    expect(answer.status, answer.text).toBe(200);
    const user = (await h.call('GET', me, { token })).body;
    expect(user.role).toBeUndefined();
    expect(user.email).toBe('user@example.com');
    expect(user.visits).toBe(2);
  });

  it('on a protected field holding a string is filtered, not refused', async () => {
    const token = await h.tokenOf('user');
    const answer = await h.call('PUT', me, { token, body: { $inc: { role: 1 } } });
    expect(answer.status).toBe(200);
    expect(answer.body.role).toBe('user');
  });
});
