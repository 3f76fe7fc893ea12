/**
 * The payment-provider double (Stripe's Checkout Session subset) over real HTTP: form-encoded bracket notation, the
 * API key, validation errors in the provider's shape, idempotent replays, and its hosted page, whose Pay delivers a
 * signed event to the (fixture) stripeWebhook function through the emulator's own function route.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallOptions, Json, Running } from '../../integration/emulator/emulator-harness.ts';
import { fn, startWithFixtures } from '../../integration/functions/function-harness.ts';
import {
  MONTHLY_PENCE,
  MONTHLY_TEXT,
  SETUP_AND_MONTH_PENCE,
  SETUP_AND_MONTH_TEXT,
  SETUP_PENCE,
  SETUP_TEXT,
} from '../../support/spec-figures.ts';
import { GOLD, KEY, recordedEvents, without } from './provider-support.ts';

const SESSIONS = '/v1/checkout/sessions';

describe('payment-provider double', () => {
  let h: Running;
  const provider = (method: string, path: string, opts: CallOptions = {}) =>
    h.call(method, path, { ...opts, headers: { authorization: `Bearer ${KEY}`, ...opts.headers } });
  const create = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    provider('POST', SESSIONS, {
      raw: new URLSearchParams(params).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const sessions = async (): Promise<Json[]> => (await h.call('GET', '/__harness/checkout-sessions')).body;
  // What the fixture stripeWebhook recorded of the session's own events (not those of its invoices).
  const webhookEvents = async (): Promise<Json[]> =>
    (await recordedEvents(h)).filter((event) => event.type.startsWith('checkout.session.'));

  beforeAll(async () => {
    // The fixture webhook records every delivery: each event once here (a second delivery is tested on its own).
    h = await startWithFixtures({}, { duplicateDeliveries: false });
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.call('POST', '/__harness/reset');
  });

  it('creates a checkout session from bracket notation, shaped like the provider answers it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await create(GOLD);
    expect(answer.status).toBe(200);
    const session = answer.body;
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      url: `${h.url}/__harness/pay/${session.id}`,
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: SETUP_AND_MONTH_PENCE,
      currency: 'gbp',
      customer_email: 'user@example.com',
      success_url: GOLD.success_url,
      cancel_url: GOLD.cancel_url,
      metadata: { package: 'gold', user_id: 'u1' },
      livemode: false,
    });
    expect(session.created).toBeGreaterThanOrEqual(before);
    expect(answer.headers.get('request-id')).toMatch(/^req_/);

    const fetched = await provider('GET', `${SESSIONS}/${session.id}`);
    expect(fetched.body).toEqual(session);
    const expanded = await provider('GET', `${SESSIONS}/${session.id}?expand[]=line_items`);
    expect(
      expanded.body.line_items.data.map((item: Json) => [
        item.description,
        item.amount_total,
        item.price.type,
        item.price.recurring?.interval ?? null,
      ]),
    ).toEqual([
      ['Gold package: one-time setup', SETUP_PENCE, 'one_time', null],
      ['Gold package: monthly', MONTHLY_PENCE, 'recurring', 'month'],
    ]);

    expect(await sessions()).toEqual([
      expect.objectContaining({
        id: session.id,
        package: 'gold',
        items: ['Gold package: one-time setup', 'Gold package: monthly'],
        setup_amount: SETUP_PENCE,
        monthly_amount: MONTHLY_PENCE,
        setup_display: SETUP_TEXT,
        monthly_display: MONTHLY_TEXT,
        currency: 'gbp',
        status: 'open',
        webhook: null,
      }),
    ]);
  });

  it('prices line items from the price ids it knows, and refuses one it does not', async () => {
    const byId = await create({
      mode: 'subscription',
      'line_items[0][price]': 'price_harness_gold_setup',
      'line_items[0][quantity]': '1',
      'line_items[1][price]': 'price_harness_gold_monthly',
      'line_items[1][quantity]': '1',
      success_url: GOLD.success_url!,
    });
    expect(byId.status).toBe(200);
    expect(byId.body.amount_total).toBe(SETUP_AND_MONTH_PENCE);
    const single = await create({
      mode: 'payment',
      'line_items[0][price]': 'price_nope',
      'line_items[0][quantity]': '1',
      success_url: GOLD.success_url!,
    });
    expect(single.body).toEqual({
      error: {
        type: 'invalid_request_error',
        message: "No such price: 'price_nope'",
        param: 'line_items[0][price]',
        code: 'resource_missing',
      },
    });
  });

  it('asks for the secret key: none or a wrong one is a 401 in the provider shape', async () => {
    const none = await h.call('POST', SESSIONS, { raw: new URLSearchParams(GOLD).toString() });
    expect(none.status).toBe(401);
    expect(none.body.error.type).toBe('invalid_request_error');
    expect(none.body.error.message).toMatch(/did not provide an API key/);
    const wrong = await create(GOLD, { authorization: 'Bearer sk_test_someone_elses_key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('api_key_invalid');
    expect(wrong.body.error.message).not.toContain('someone_elses');
    const basic = await create(GOLD, { authorization: `Basic ${Buffer.from(`${KEY}:`).toString('base64')}` });
    expect(basic.status).toBe(200);
    expect((await h.call('GET', `${SESSIONS}/${basic.body.id}`)).status).toBe(401);
    expect(await sessions()).toHaveLength(1);
  });

  const invalid: [string, Record<string, string>, string][] = [
    ['no mode', without(GOLD, 'mode'), 'mode'],
    ['setup mode', { ...GOLD, mode: 'setup' }, 'mode'],
    [
      'no line items',
      without(GOLD, ...Object.keys(GOLD).filter((k) => k.startsWith('line_items'))),
      'line_items',
    ],
    [
      'a sparse array',
      {
        ...without(GOLD, ...Object.keys(GOLD).filter((k) => k.startsWith('line_items[1]'))),
        'line_items[2][price]': 'price_harness_gold_monthly',
        'line_items[2][quantity]': '1',
      },
      'line_items',
    ],
    [
      'an amount that is not a whole number',
      { ...GOLD, 'line_items[0][price_data][unit_amount]': '799.00' },
      'line_items[0][price_data][unit_amount]',
    ],
    ['a quantity of 0', { ...GOLD, 'line_items[0][quantity]': '0' }, 'line_items[0][quantity]'],
    [
      'an unknown interval',
      { ...GOLD, 'line_items[1][price_data][recurring][interval]': 'fortnight' },
      'line_items[1][price_data][recurring][interval]',
    ],
    [
      'subscription mode without a recurring price',
      without(GOLD, 'line_items[1][price_data][recurring][interval]'),
      'line_items',
    ],
    [
      'payment mode with a recurring price',
      without({ ...GOLD, mode: 'payment' }, 'subscription_data[metadata][package]'),
      'line_items[1][price]',
    ],
    ['two currencies', { ...GOLD, 'line_items[1][price_data][currency]': 'eur' }, 'line_items'],
    ['no success_url', without(GOLD, 'success_url'), 'success_url'],
    ['a javascript: success_url', { ...GOLD, success_url: 'javascript:alert(1)' }, 'success_url'],
    ['a cancel_url that is not a URL', { ...GOLD, cancel_url: 'Pricing' }, 'cancel_url'],
    ['a customer_email that is not one', { ...GOLD, customer_email: 'nobody' }, 'customer_email'],
    ['an unknown parameter', { ...GOLD, succes_url: 'http://localhost:4401/' }, 'succes_url'],
    [
      'a value that is both text and an object',
      { ...GOLD, 'metadata[package][x]': 'y' },
      'metadata[package]',
    ],
  ];
  for (const [label, params, param] of invalid) {
    it(`refuses ${label}: 400 invalid_request_error naming ${param}, and creates nothing`, async () => {
      const answer = await create(params);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param });
      expect(typeof answer.body.error.message).toBe('string');
      expect(await sessions()).toEqual([]);
    });
  }

  it('refuses prototype keys and bodies that are not form-encoded', async () => {
    const proto = await provider('POST', SESSIONS, {
      raw: `${new URLSearchParams(GOLD)}&metadata[__proto__][polluted]=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(proto.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const json = await provider('POST', SESSIONS, { body: { mode: 'subscription' } });
    expect(json.status).toBe(400);
    expect(json.body.error.type).toBe('invalid_request_error');
    expect(await sessions()).toEqual([]);
  });

  it('replays the first answer for a repeated Idempotency-Key, and refuses the key with other parameters', async () => {
    const first = await create(GOLD, { 'idempotency-key': 'retry-1' });
    const again = await create(GOLD, { 'idempotency-key': 'retry-1' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await sessions()).toHaveLength(1);
    const other = await create(
      { ...GOLD, customer_email: 'other@example.com' },
      { 'idempotency-key': 'retry-1' },
    );
    expect(other.status).toBe(400);
    expect(other.body.error.type).toBe('idempotency_error');
    const failed = await create(without(GOLD, 'mode'), { 'idempotency-key': 'retry-2' });
    const failedAgain = await create(without(GOLD, 'mode'), { 'idempotency-key': 'retry-2' });
    expect([failed.status, failedAgain.status]).toEqual([400, 400]);
    expect(failedAgain.body).toEqual(failed.body);
    expect(await sessions()).toHaveLength(1);
  });

  it('answers an unknown session or path with a 404 in the provider shape', async () => {
    const session = await provider('GET', `${SESSIONS}/cs_test_missing`);
    expect(session.status).toBe(404);
    expect(session.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    const path = await provider('GET', '/v1/customers');
    expect(path.status).toBe(404);
    expect(path.body.error.type).toBe('invalid_request_error');
  });

  it('shows the package and the price on its hosted page, with Pay and Cancel, under the no-script policy', async () => {
    const { id } = (await create(GOLD)).body;
    const page = await h.call('GET', `/__harness/pay/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.text).toContain('Gold package: one-time setup');
    expect(page.text).toContain('Gold package: monthly');
    // Without billing terms the provider charges the setup and the first month together.
    expect(page.text).toContain(`Due today ${SETUP_AND_MONTH_TEXT}`);
    expect(page.text).toContain(`then ${MONTHLY_TEXT} per month from `);
    expect(page.text).toMatch(
      /<input id="email" form="pay-form" type="email" name="email"[^>]* value="user@example.com">/,
    );
    expect(page.text).toMatch(/<button type="submit" class="primary">Pay<\/button>/);
    expect(page.text).toMatch(/<button type="submit" class="secondary">Cancel<\/button>/);
    expect(page.text).not.toContain('<script');
    const oneTime = await create({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][product_data][name]': 'Audit',
      'line_items[0][quantity]': '2',
      success_url: GOLD.success_url!,
    });
    const oneTimePage = (await h.call('GET', `/__harness/pay/${oneTime.body.id}`)).text;
    expect(oneTimePage).toContain('Due today £25.00</p>');
    expect(oneTimePage).not.toContain('then ');
    expect((await h.call('GET', '/__harness/pay/cs_test_unknown')).status).toBe(404);
  });

  it('Pay completes the session, delivers its signed events to stripeWebhook, and returns to success_url', async () => {
    const { id } = (await create(GOLD)).body;
    const paid = await h.call('POST', `/__harness/pay/${id}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:4401/PaymentSuccess?session_id=${id}`);
    const session = (await provider('GET', `${SESSIONS}/${id}`)).body;
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    expect(session.subscription).toMatch(/^sub_/);
    const order = (await sessions())[0];
    expect(order.status).toBe('paid');
    expect(order.webhook).toMatchObject({ delivered: true, attempts: 1, last_status: 200 });
    const events = await webhookEvents();
    expect(events).toEqual([
      expect.objectContaining({
        event_id: order.webhook.event_id,
        type: 'checkout.session.completed',
        session_id: id,
        payment_status: 'paid',
        had_authorization: false,
      }),
    ]);

    // The subscription's creation and the first invoice's payment are reported too, as the provider does (only the
    // types the endpoint is sent: invoice.created, …finalized and …payment_succeeded are kept, not delivered).
    const delivered = [
      'checkout.session.completed',
      'customer.subscription.created',
      'customer.subscription.updated',
      'invoice.paid',
    ];
    expect((await recordedEvents(h)).map((e) => e.type).sort()).toEqual(delivered);

    // A second press returns to the site again without a second event.
    const again = await h.call('POST', `/__harness/pay/${id}/pay`);
    expect(again.status).toBe(303);
    expect(await recordedEvents(h)).toHaveLength(delivered.length);
    // The provider delivers at least once: the control API sends the very same event again.
    const redelivered = await h.call('POST', `/__harness/checkout-sessions/${id}/webhook`);
    expect(redelivered.body).toMatchObject({
      event_id: order.webhook.event_id,
      attempt: { ok: true, status: 200 },
    });
    expect((await webhookEvents()).map((e) => e.event_id)).toEqual([
      order.webhook.event_id,
      order.webhook.event_id,
    ]);
  });

  it('records a failed delivery on the session, still returns the buyer, and can deliver again', async () => {
    const { id } = (await create(GOLD)).body;
    // All four of the payment's delivered events (the subscription's two, the invoice's and the session's) meet it.
    await h.call('POST', '/__harness/faults', { body: { path: fn('stripeWebhook'), status: 500, times: 4 } });
    const paid = await h.call('POST', `/__harness/pay/${id}/pay`);
    expect(paid.status).toBe(303);
    expect((await sessions())[0].webhook).toMatchObject({ delivered: false, attempts: 1, last_status: 500 });
    expect(await webhookEvents()).toHaveLength(0);
    expect((await h.call('POST', `/__harness/checkout-sessions/${id}/webhook`)).body.attempt.ok).toBe(true);
    expect((await sessions())[0].webhook).toMatchObject({ delivered: true, attempts: 2, last_status: 200 });
    expect(await webhookEvents()).toHaveLength(1);
  });

  it('Cancel returns to cancel_url and leaves the session cancelled, after which Pay is refused', async () => {
    const { id } = (await create(GOLD)).body;
    const cancelled = await h.call('POST', `/__harness/pay/${id}/cancel`);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://localhost:4401/Pricing');
    expect((await sessions())[0].status).toBe('cancelled');
    expect((await provider('GET', `${SESSIONS}/${id}`)).body.status).toBe('expired');
    expect((await h.call('POST', `/__harness/pay/${id}/pay`)).status).toBe(409);
    expect(await webhookEvents()).toHaveLength(0);
    expect((await h.call('POST', `/__harness/checkout-sessions/${id}/webhook`)).status).toBe(409);
  });

  it('never opens a session that would send the buyer off the site', async () => {
    const answer = await create({
      ...GOLD,
      success_url: 'https://evil.example/ok',
      cancel_url: 'https://evil.example/no',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe('success_url');
    expect(await sessions()).toEqual([]);
  });
});
