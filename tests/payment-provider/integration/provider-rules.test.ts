/**
 * Each rule of the payment double (host-harness/payments/RULES.md), at the level a caller meets it: the
 * provider's API over HTTP, its hosted page, its events. Each test is named `rule <id>: …` after its row; the last
 * test checks that every row has one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startProvider } from '../../support/payment-provider.ts';
import { json } from '../../support/recording-server.ts';
import { MONTHLY_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';
import {
  ACACIA,
  DAY_S,
  type DoubleUnderTest,
  doublePerFile,
  goldSession,
  goldWithTrial,
  LINE_ITEMS,
  nowS,
  PINNED_VERSION,
  paymentsClient,
  refusal,
  SESSIONS,
  SITE,
  without,
} from './payments-support.ts';

const RULES = new URL('../../../host-harness/payments/RULES.md', import.meta.url);

let h: DoubleUnderTest;
let api: ReturnType<typeof paymentsClient>;
doublePerFile((running) => {
  h = running;
  api = paymentsClient(running);
});

const trialEnd = () => nowS() + 30 * DAY_S;
/** The session is accepted (200, a `cs_test_` id). */
async function accepted(params: Record<string, string>, headers: Record<string, string> = {}) {
  const answer = await api.create(params, headers);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body.id).toMatch(/^cs_test_/);
  return answer.body;
}
/** The session is refused with the provider's 400 naming `param`. */
async function refused(
  params: Record<string, string>,
  param: string | undefined,
  headers: Record<string, string> = {},
) {
  const answer = await api.create(params, headers);
  const error = refusal(answer);
  expect(error.status, answer.text).toBe(400);
  expect(error.type).toBe('invalid_request_error');
  expect(error.param).toBe(param);
  return error;
}

describe('the payment double refuses what the provider refuses', () => {
  it('rule unknown-parameter: a name the API does not take is parameter_unknown; a known one it takes', async () => {
    const error = await refused(goldWithTrial(trialEnd(), { shoe_size: '44' }), 'shoe_size');
    expect(error.code).toBe('parameter_unknown');
    expect(error.message).toBe('Received unknown parameter: shoe_size');
    expect(
      (
        await refused(
          goldWithTrial(trialEnd(), { 'subscription_data[colour]': 'red' }),
          'subscription_data[colour]',
        )
      ).code,
    ).toBe('parameter_unknown');
    await accepted(goldWithTrial(trialEnd(), { locale: 'en-GB' }));
  });

  it('rule unknown-parameter: every endpoint refuses, by its description, a parameter the description does not list', async () => {
    const session = await accepted(goldWithTrial(trialEnd()));
    await api.pay(session.id, { payment_method: 'card', email: 'buyer@example.com' });
    const summary = await api.session(session.id);
    const { subscription } = summary;
    const invoice = subscription.invoices[0].id;
    const paths = [
      '/v1/checkout/sessions',
      `/v1/checkout/sessions/${session.id}`,
      `/v1/checkout/sessions/${session.id}/line_items`,
      `/v1/subscriptions/${subscription.id}`,
      `/v1/invoices/${invoice}`,
      '/v1/invoice_payments',
      '/v1/disputes/du_none',
    ];
    for (const path of paths) {
      const answer = await api.provider('GET', `${path}?bogus=1`);
      expect(refusal(answer), path).toStrictEqual({
        status: 400,
        type: 'invalid_request_error',
        param: 'bogus',
        code: 'parameter_unknown',
        message: 'Received unknown parameter: bogus',
      });
    }
    const created = await api.create({ bogus: '1' });
    expect(refusal(created)).toMatchObject({ status: 400, param: 'bogus', code: 'parameter_unknown' });
    // Nested, the name is given whole: the description says what every level takes.
    for (const param of ['line_items[0][price_data][colour]', 'subscription_data[invoice_settings][colour]'])
      expect((await refused(goldWithTrial(trialEnd(), { [param]: 'x' }), param)).code, param).toBe(
        'parameter_unknown',
      );
  });

  it('rule not-simulated: parameters the double does not compute are refused, never ignored', async () => {
    for (const [key, value, param] of [
      ['automatic_tax[enabled]', 'true', 'automatic_tax'],
      ['payment_intent_data[description]', 'x', 'payment_intent_data'],
      [
        'subscription_data[trial_settings][end_behavior][missing_payment_method]',
        'cancel',
        'subscription_data[trial_settings]',
      ],
      ['subscription_data[default_tax_rates][0]', 'txr_1', 'subscription_data[default_tax_rates]'],
      ['line_items[0][tax_rates][0]', 'txr_1', 'line_items[0][tax_rates]'],
    ] as const) {
      const error = await refused(goldWithTrial(trialEnd(), { [key]: value }), param);
      expect(error.message).toMatch(/not simulated/);
    }
    const setup = await refused({ ...goldSession(), mode: 'setup' }, 'mode');
    expect(setup.message).toMatch(/not simulated/);
  });

  it('rule payment-method-types-removed: at endive the parameter is unknown; allowed_payment_method_types narrows the methods', async () => {
    const error = await refused(
      goldWithTrial(trialEnd(), { 'payment_method_types[0]': 'card' }),
      'payment_method_types',
    );
    expect(error.code).toBe('parameter_unknown');
    const session = await accepted(goldWithTrial(trialEnd(), { 'allowed_payment_method_types[0]': 'card' }));
    expect(session.payment_method_types).toEqual(['card']);
    expect(session.allowed_payment_method_types).toEqual(['card']);
    // Without it, the dashboard's methods: card and Bacs for a GBP session.
    expect((await accepted(goldWithTrial(trialEnd()))).payment_method_types).toEqual(['card', 'bacs_debit']);
    // An older version still takes payment_method_types, and refuses allowed_payment_method_types.
    const older = { 'stripe-version': ACACIA };
    const named = await accepted(
      goldWithTrial(trialEnd(), { 'payment_method_types[0]': 'bacs_debit' }),
      older,
    );
    expect(named.payment_method_types).toEqual(['bacs_debit']);
    expect(
      (
        await refused(
          goldWithTrial(trialEnd(), { 'allowed_payment_method_types[0]': 'card' }),
          'allowed_payment_method_types',
          older,
        )
      ).code,
    ).toBe('parameter_unknown');
  });

  it('rule bacs-gbp-only: Bacs is refused for another currency by name, and left out of its offer', async () => {
    const usd = Object.fromEntries(
      Object.entries(goldWithTrial(trialEnd())).map(([k, v]) => [k, k.endsWith('[currency]') ? 'usd' : v]),
    );
    const error = await refused({ ...usd, 'payment_method_types[0]': 'bacs_debit' }, 'payment_method_types', {
      'stripe-version': ACACIA,
    });
    expect(error.message).toMatch(/bacs_debit accepts gbp only/);
    expect((await accepted(usd)).payment_method_types).toEqual(['card']);
    expect(
      (
        await accepted({
          ...usd,
          'allowed_payment_method_types[0]': 'card',
          'allowed_payment_method_types[1]': 'bacs_debit',
        })
      ).payment_method_types,
    ).toEqual(['card']);
  });

  it('rule customer-creation-mode: customer_creation only in payment and setup mode', async () => {
    const error = await refused(
      goldWithTrial(trialEnd(), { customer_creation: 'always' }),
      'customer_creation',
    );
    expect(error.message).toMatch(/payment.*setup/);
    const payment = {
      mode: 'payment',
      ...Object.fromEntries(Object.entries(LINE_ITEMS).filter(([k]) => k.startsWith('line_items[0]'))),
      success_url: `${SITE}/PaymentSuccess`,
      customer_creation: 'always',
    };
    expect((await accepted(payment)).mode).toBe('payment');
  });

  it('rule line-item-limits: 20 recurring and 20 one-time in subscription mode, 100 in payment mode', async () => {
    const items = (count: number, recurring: boolean, from = 0) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, j) => {
          const i = from + j;
          return [
            [`line_items[${i}][price_data][currency]`, 'gbp'],
            [`line_items[${i}][price_data][unit_amount]`, '100'],
            [`line_items[${i}][price_data][product_data][name]`, `Item ${i}`],
            [`line_items[${i}][quantity]`, '1'],
            ...(recurring ? [[`line_items[${i}][price_data][recurring][interval]`, 'month']] : []),
          ];
        }).flat(),
      );
    const base = { mode: 'subscription', success_url: `${SITE}/PaymentSuccess` };
    await accepted({ ...base, ...items(20, true), ...items(20, false, 20) });
    await refused({ ...base, ...items(21, true), ...items(1, false, 21) }, 'line_items');
    await refused({ ...base, ...items(1, true), ...items(21, false, 1) }, 'line_items');
    const payment = { mode: 'payment', success_url: `${SITE}/PaymentSuccess` };
    await accepted({ ...payment, ...items(100, false) });
    await refused({ ...payment, ...items(101, false) }, 'line_items');
  });

  it('rule subscription-needs-recurring: subscription mode needs a recurring price, payment mode takes none', async () => {
    const oneTime = Object.fromEntries(
      Object.entries(goldSession()).filter(([k]) => !k.startsWith('line_items[1]')),
    );
    await refused(without(oneTime, 'subscription_data[metadata][package]'), 'line_items');
    await refused(
      { ...without(goldSession(), 'subscription_data[metadata][package]'), mode: 'payment' },
      'line_items[1][price]',
    );
  });

  it('rule price-or-price-data: one of price or price_data; an id not in the dashboard is resource_missing', async () => {
    const both = goldWithTrial(trialEnd(), { 'line_items[0][price]': 'price_harness_gold_setup' });
    await refused(both, 'line_items[0][price]');
    const unknown = {
      ...Object.fromEntries(
        Object.entries(goldWithTrial(trialEnd())).filter(([k]) => !k.startsWith('line_items[0][price_data]')),
      ),
      'line_items[0][price]': 'price_nobody_made',
    };
    expect((await refused(unknown, 'line_items[0][price]')).code).toBe('resource_missing');
    const byIds = {
      ...Object.fromEntries(
        Object.entries(goldWithTrial(trialEnd())).filter(([k]) => !k.includes('[price_data]')),
      ),
      'line_items[0][price]': 'price_harness_gold_setup',
      'line_items[1][price]': 'price_harness_gold_monthly',
    };
    expect((await accepted(byIds)).amount_total).toBe(SETUP_PENCE);
  });

  it('rule expires-at-range: 30 minutes to 24 hours after creation, 24 hours by default', async () => {
    const now = nowS();
    const session = await accepted(goldWithTrial(trialEnd()));
    expect(session.expires_at - session.created).toBe(DAY_S);
    expect(
      (await accepted(goldWithTrial(trialEnd(), { expires_at: String(now + 31 * 60) }))).expires_at,
    ).toBe(now + 31 * 60);
    await refused(goldWithTrial(trialEnd(), { expires_at: String(now + 29 * 60) }), 'expires_at');
    await refused(goldWithTrial(trialEnd(), { expires_at: String(now + DAY_S + 60) }), 'expires_at');
  });

  it('rule metadata-limits: 50 keys of at most 40 characters, values of at most 500', async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`metadata[k${i}]`, 'v']));
    await refused(goldWithTrial(trialEnd(), many), 'metadata');
    await refused(
      goldWithTrial(trialEnd(), { [`metadata[${'k'.repeat(41)}]`]: 'v' }),
      `metadata[${'k'.repeat(41)}]`,
    );
    await refused(goldWithTrial(trialEnd(), { 'metadata[note]': 'x'.repeat(501) }), 'metadata[note]');
    await accepted(goldWithTrial(trialEnd(), { 'metadata[note]': 'x'.repeat(500) }));
  });

  it('rule amount-max: eight digits at most, for a unit amount, today and each period', async () => {
    const error = await refused(
      goldWithTrial(trialEnd(), { 'line_items[0][price_data][unit_amount]': '100000000' }),
      'line_items[0][price_data][unit_amount]',
    );
    expect(error.code).toBe('amount_too_large');
    // Each price within the limit, but today's total over it.
    const twice = goldWithTrial(trialEnd(), {
      'line_items[0][price_data][unit_amount]': '99999999',
      'line_items[0][quantity]': '2',
    });
    expect((await refused(twice, 'line_items')).code).toBe('amount_too_large');
    await accepted(goldWithTrial(trialEnd(), { 'line_items[0][price_data][unit_amount]': '99999999' }));
  });

  it('rule amount-min: what is due today is nothing, or at least 50 minor units', async () => {
    const small = goldWithTrial(trialEnd(), { 'line_items[0][price_data][unit_amount]': '49' });
    expect((await refused(small, 'line_items')).code).toBe('amount_too_small');
    await accepted(goldWithTrial(trialEnd(), { 'line_items[0][price_data][unit_amount]': '50' }));
    // A trial alone is nothing due today: allowed.
    const trialOnly = Object.fromEntries(
      Object.entries(goldWithTrial(trialEnd())).filter(([k]) => !k.startsWith('line_items[0]')),
    );
    const renumbered = Object.fromEntries(
      Object.entries(trialOnly).map(([k, v]) => [k.replace('line_items[1]', 'line_items[0]'), v]),
    );
    const session = await accepted(renumbered);
    expect(session.amount_total).toBe(0);
  });

  it('rule subscription-data-mode: subscription_data only in subscription mode', async () => {
    const payment = {
      mode: 'payment',
      ...Object.fromEntries(Object.entries(LINE_ITEMS).filter(([k]) => k.startsWith('line_items[0]'))),
      success_url: `${SITE}/PaymentSuccess`,
      'subscription_data[metadata][package]': 'gold',
    };
    await refused(payment, 'subscription_data');
  });

  it('rule anchor-before-natural-date: a future anchor before the next natural billing date', async () => {
    const recurringOnly = Object.fromEntries(
      Object.entries(goldSession())
        .filter(([k]) => !k.startsWith('line_items[0]'))
        .map(([k, v]) => [k.replace('line_items[1]', 'line_items[0]'), v]),
    );
    const param = 'subscription_data[billing_cycle_anchor]';
    await refused({ ...recurringOnly, [param]: String(nowS() - 60) }, param);
    await refused({ ...recurringOnly, [param]: String(nowS() + 40 * DAY_S) }, param);
    const session = await accepted({ ...recurringOnly, [param]: String(nowS() + 10 * DAY_S) });
    // Prorated by default: part of the month today.
    expect(session.amount_total).toBeGreaterThan(0);
    expect(session.amount_total).toBeLessThan(MONTHLY_PENCE);
  });

  it('rule limitation-trial-with-anchor: no trial in a session with a billing cycle anchor', async () => {
    const error = await refused(
      goldWithTrial(trialEnd(), { 'subscription_data[billing_cycle_anchor]': String(nowS() + 20 * DAY_S) }),
      'subscription_data[billing_cycle_anchor]',
    );
    expect(error.message).toBe("You can't use trials in Checkout Sessions with a billing cycle anchor.");
  });

  it("rule limitation-one-time-without-proration: today's createCheckout parameters are refused", async () => {
    // What createCheckout sent before: the one-time setup, an anchor one month on less ten minutes, no proration.
    const anchor = nowS() + 27 * DAY_S;
    const error = await refused(
      goldSession({
        'subscription_data[billing_cycle_anchor]': String(anchor),
        'subscription_data[proration_behavior]': 'none',
      }),
      'subscription_data[proration_behavior]',
    );
    expect(error.message).toBe(
      "You can't use one-time prices in Checkout Sessions when `proration_behavior` is `none`.",
    );
  });

  it('rule limitation-amount-off-coupon: a coupon with an anchor and the default proration is refused', async () => {
    const recurringOnly = Object.fromEntries(
      Object.entries(goldSession())
        .filter(([k]) => !k.startsWith('line_items[0]'))
        .map(([k, v]) => [k.replace('line_items[1]', 'line_items[0]'), v]),
    );
    const error = await refused(
      {
        ...recurringOnly,
        'subscription_data[billing_cycle_anchor]': String(nowS() + 10 * DAY_S),
        'discounts[0][coupon]': 'TENOFF',
      },
      'discounts',
    );
    expect(error.message).toMatch(/amount_off coupons/);
  });

  it('rule anchor-config-exclusive: billing_cycle_anchor_config with a trial or an anchor is refused', async () => {
    const error = await refused(
      goldWithTrial(trialEnd(), { 'subscription_data[billing_cycle_anchor_config][day_of_month]': '1' }),
      'subscription_data[billing_cycle_anchor_config]',
    );
    expect(error.message).toMatch(/mutually exclusive/);
  });

  it('rule trial-end-48-hours: trial_end at least 48 hours ahead', async () => {
    await refused(goldWithTrial(nowS() + 47 * 60 * 60), 'subscription_data[trial_end]');
    await accepted(goldWithTrial(nowS() + 49 * 60 * 60));
  });

  it('rule trial-period-days-min: trial_period_days at least 1', async () => {
    await refused(
      goldSession({ 'subscription_data[trial_period_days]': '0' }),
      'subscription_data[trial_period_days]',
    );
    await accepted(goldSession({ 'subscription_data[trial_period_days]': '1' }));
  });

  it('rule trial-at-most-730-days: a trial of 730 days at most', async () => {
    await refused(
      goldSession({ 'subscription_data[trial_period_days]': '731' }),
      'subscription_data[trial_period_days]',
    );
    await refused(goldWithTrial(nowS() + 731 * DAY_S), 'subscription_data[trial_end]');
    await accepted(goldSession({ 'subscription_data[trial_period_days]': '730' }));
  });

  it('rule trial-one-parameter: trial_end or trial_period_days, not both', async () => {
    await refused(
      goldWithTrial(trialEnd(), { 'subscription_data[trial_period_days]': '30' }),
      'subscription_data[trial_end]',
    );
  });

  it('rule return-urls-on-site: a [::1] return address is a clear 400, and the pay page lists none in its CSP', async () => {
    for (const param of ['success_url', 'cancel_url']) {
      const error = await refused(
        goldWithTrial(trialEnd(), { [param]: 'http://[::1]:4401/PaymentSuccess' }),
        param,
      );
      expect(error.code).toBe('url_invalid');
      expect(error.message).toBe(
        `${param} may not name [::1]: the pay page lists where it returns in its Content-Security-Policy, which Chrome refuses an IPv6 address in; use localhost or 127.0.0.1`,
      );
    }
    const session = await accepted(goldWithTrial(trialEnd()));
    const page = await api.page(session.id);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('form-action');
    expect(csp).toContain('http://localhost:4401');
    expect(csp).toContain('http://127.0.0.1:4401');
    expect(csp).not.toContain('[::1]');
  });

  it('rule return-urls-on-site: success_url and cancel_url on the site origin only (harness stricter)', async () => {
    for (const url of [
      'https://evil.example/x',
      'http://localhost:9999/PaymentSuccess',
      'http://127.0.0.2:4401/',
    ]) {
      await refused(goldWithTrial(trialEnd(), { success_url: url }), 'success_url');
      await refused(goldWithTrial(trialEnd(), { cancel_url: url }), 'cancel_url');
    }
    await refused(goldWithTrial(trialEnd(), { success_url: `${SITE}/${'x'.repeat(5000)}` }), 'success_url');
    // The site under its other loopback name is the same site.
    await accepted(goldWithTrial(trialEnd(), { success_url: 'http://127.0.0.1:4401/PaymentSuccess' }));
  });

  it('rule customer-email: an address with a hidden character is refused, by the API and on the pay page', async () => {
    // Arabic letter mark, soft hyphen, a tag, Hangul filler, Mongolian vowel separator, Braille blank, combining
    // grapheme joiner, variation selector, zero-width space, right-to-left override.
    const hidden = [
      '\u061C',
      '\u00AD',
      '\u{E0041}',
      '\u3164',
      '\u180E',
      '\u2800',
      '\u034F',
      '\uFE0F',
      '\u200B',
      '\u202E',
    ];
    const open = await accepted(goldWithTrial(trialEnd()));
    for (const character of hidden) {
      const label = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
      const email = `jane${character}@example.co.uk`;
      const error = await refused(goldWithTrial(trialEnd(), { customer_email: email }), 'customer_email');
      expect(error.code, label).toBe('email_invalid');
      const page = await api.pay(open.id, { payment_method: 'card', email });
      expect(page.status, label).toBe(400);
      expect(page.text, label).toContain('Enter a valid e-mail address.');
    }
    expect((await api.session(open.id)).status).toBe('open');
  });

  it('rule customer-email: one plain address; hidden characters refused; the page asks when none is prefilled', async () => {
    for (const email of [
      'not-an-address',
      'a b@example.com',
      'buyer@exa\u202emple.com',
      'buy\u200ber@example.com',
      'buyer@example.com\u0085',
    ]) {
      expect(
        (await refused(goldWithTrial(trialEnd(), { customer_email: email }), 'customer_email')).code,
      ).toBe('email_invalid');
    }
    const session = await accepted(goldWithTrial(trialEnd()));
    const empty = await api.pay(session.id, { payment_method: 'card' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Enter your e-mail address.');
    const hidden = await api.pay(session.id, { payment_method: 'card', email: 'buyer@exa\u202emple.com' });
    expect(hidden.status).toBe(400);
    expect((await api.session(session.id)).status).toBe('open');
  });

  it('rule client-reference-id-length: at most 200 characters', async () => {
    await refused(goldWithTrial(trialEnd(), { client_reference_id: 'r'.repeat(201) }), 'client_reference_id');
    expect(
      (await accepted(goldWithTrial(trialEnd(), { client_reference_id: 'r'.repeat(200) })))
        .client_reference_id,
    ).toHaveLength(200);
  });

  it('rule api-version: answered in the request version, an unknown one refused', async () => {
    const unknown = await api.create(goldWithTrial(trialEnd()), { 'stripe-version': '2019-01-01' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('api_version_invalid');
    await accepted(goldWithTrial(trialEnd()), { 'stripe-version': PINNED_VERSION });
  });

  it('rule api-key: no key or another key is a 401', async () => {
    const none = await h.call('POST', SESSIONS, {
      raw: 'mode=subscription',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(none.status).toBe(401);
    const other = await h.call('GET', `${SESSIONS}?limit=1`, {
      headers: { authorization: 'Bearer sk_test_someone_else' },
    });
    expect(other.status).toBe(401);
    expect(other.body.error.code).toBe('api_key_invalid');
  });

  it('rule idempotency-same-parameters: the same key with other parameters is an idempotency_error', async () => {
    const params = goldWithTrial(trialEnd());
    const first = await accepted(params, { 'idempotency-key': 'k-same' });
    const again = await api.create(params, { 'idempotency-key': 'k-same' });
    expect(again.body.id).toBe(first.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await api.create({ ...params, 'metadata[note]': 'other' }, { 'idempotency-key': 'k-same' });
    expect(other.status).toBe(400);
    expect(other.body.error.type).toBe('idempotency_error');
  });

  it('rule idempotency-not-saved-on-validation: a refused request leaves its key free', async () => {
    const bad = await api.create(goldWithTrial(nowS() + 60), { 'idempotency-key': 'k-free' });
    expect(bad.status).toBe(400);
    const good = await api.create(goldWithTrial(trialEnd()), { 'idempotency-key': 'k-free' });
    expect(good.status).toBe(200);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  it('rule idempotency-persists: a key is kept across a restart of the harness; one over 255 characters is refused', async () => {
    expect((await api.create(goldWithTrial(trialEnd()), { 'idempotency-key': 'k'.repeat(256) })).status).toBe(
      400,
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'idempotency-'));
    const params = goldWithTrial(trialEnd());
    try {
      const first = await startProvider({ dataDir, siteOrigin: SITE });
      const created = await paymentsClient(first).create(params, { 'idempotency-key': 'k-restart' });
      await first.close();
      const second = await startProvider({ dataDir, siteOrigin: SITE });
      const again = await paymentsClient(second).create(params, { 'idempotency-key': 'k-restart' });
      await second.close();
      expect(again.status).toBe(200);
      expect(again.body.id).toBe(created.body.id);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('rule session-expires: an open session past its expires_at is expired and cannot be paid', async () => {
    const session = await accepted(goldWithTrial(trialEnd(), { expires_at: String(nowS() + 31 * 60) }));
    expect((await api.page(session.id)).text).toMatch(/This page expires at \d\d:\d\d on /);
    await api.advanceTime(32 * 60);
    const page = await api.page(session.id);
    expect(page.text).toContain('This checkout session has expired');
    expect(page.text).not.toContain('>Pay</button>');
    const pay = await api.pay(session.id);
    expect(pay.status).toBe(409);
    const read = await api.provider('GET', `${SESSIONS}/${session.id}`);
    expect(read.body.status).toBe('expired');
    expect((await api.events(session.id)).map((e) => e.type)).toContain('checkout.session.expired');
  });
});

describe('what follows a purchase', () => {
  const card = (id: string) => api.pay(id, { payment_method: 'card', email: 'buyer@example.com' });
  const typesOf = async (id: string) => (await api.events(id)).map((e) => e.type);

  it('rule subscription-starts-incomplete: created incomplete, trialing once day one is paid', async () => {
    const session = await accepted(goldWithTrial(trialEnd()));
    await card(session.id);
    const events = await api.events(session.id);
    const created = events.find((e) => e.type === 'customer.subscription.created');
    expect(created.event.data.object.status).toBe('incomplete');
    const updated = events.find((e) => e.type === 'customer.subscription.updated');
    expect(updated.event.data.object.status).toBe('trialing');
    expect(updated.event.data.previous_attributes.status).toBe('incomplete');
    expect((await api.session(session.id)).subscription.status).toBe('trialing');
  });

  it('rule one-time-on-first-invoice: the setup is charged today, the monthly fee shows the trial at zero', async () => {
    const end = trialEnd();
    const session = await accepted(goldWithTrial(end));
    expect(session.amount_total).toBe(SETUP_PENCE);
    await card(session.id);
    const paid = (await api.events(session.id)).find((e) => e.type === 'invoice.paid').event.data.object;
    expect(paid.billing_reason).toBe('subscription_create');
    expect(paid.amount_paid).toBe(SETUP_PENCE);
    const lines = paid.lines.data.map(
      (l: { amount: number; description: string; period: { end: number } }) => [l.amount, l.description],
    );
    expect(lines).toEqual([
      [SETUP_PENCE, 'Gold package: one-time setup'],
      [0, 'Free trial for 1 × Gold package: monthly'],
    ]);
    expect(paid.lines.data[1].period.end).toBe(end);
  });

  it('rule renewal-draft-then-charge: the renewal is a draft for the configured while, then charged', async () => {
    await api.settings({ renewal_draft_seconds: 1800 });
    const end = trialEnd();
    const session = await accepted(goldWithTrial(end));
    await card(session.id);
    await api.clock(session.id, end);
    let summary = await api.session(session.id);
    expect(summary.subscription.invoices.at(-1)).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'draft',
    });
    expect(summary.subscription.status).toBe('active');
    await api.clock(session.id, end + 1799);
    expect((await api.session(session.id)).subscription.invoices.at(-1).status).toBe('draft');
    await api.clock(session.id, end + 1800);
    summary = await api.session(session.id);
    expect(summary.subscription.invoices.at(-1)).toMatchObject({ status: 'paid', amount_due: MONTHLY_PENCE });
  });

  it('rule bacs-business-days: a first Direct Debit is confirmed seven business days on, a renewal four', async () => {
    const end = trialEnd();
    const session = await accepted(goldWithTrial(end));
    await api.pay(session.id, { payment_method: 'bacs_debit', email: 'buyer@example.com' });
    let summary = await api.session(session.id);
    expect(summary.status).toBe('pending');
    expect(summary.subscription.status).toBe('incomplete');
    const start = Date.parse(summary.clock) / 1000;
    const confirms = Date.parse(summary.next_step_at) / 1000;
    // Seven business days: at least nine calendar days (a weekend inside), at most eleven.
    expect(confirms - start).toBeGreaterThanOrEqual(9 * DAY_S);
    expect(confirms - start).toBeLessThanOrEqual(11 * DAY_S);
    await api.settle(session.id, 'succeeded');
    summary = await api.session(session.id);
    expect(summary.status).toBe('paid');
    expect(summary.subscription.status).toBe('trialing');
    const advanced = await api.advance(session.id, 'paid');
    const renewal = advanced.body.order.subscription.invoices.at(-1);
    expect(renewal.status).toBe('paid');
    const charged = Date.parse(advanced.body.order.clock) / 1000;
    expect(charged - end).toBeGreaterThanOrEqual(4 * DAY_S);
    expect(charged - end).toBeLessThanOrEqual(7 * DAY_S);
  });

  it('rule smart-retries: a failed card renewal is retried, then ends as the account says', async () => {
    await api.settings({ retries: { tries: 2, days: 10 }, after_retries: 'unpaid' });
    const end = trialEnd();
    const session = await accepted(goldWithTrial(end));
    await card(session.id);
    const failed = await api.advance(session.id, 'failed');
    expect(failed.body.order.subscription.status).toBe('past_due');
    const invoice = failed.body.order.subscription.invoices.at(-1);
    expect(invoice.attempt_count).toBe(1);
    expect(Date.parse(invoice.next_payment_attempt) / 1000 - Date.parse(failed.body.order.clock) / 1000).toBe(
      5 * DAY_S,
    );
    await api.clock(session.id, Date.parse(failed.body.order.clock) / 1000 + 10 * DAY_S);
    const summary = await api.session(session.id);
    expect(summary.subscription.status).toBe('unpaid');
    expect(summary.subscription.invoices.at(-1).attempt_count).toBe(3);
    expect((await typesOf(session.id)).filter((t) => t === 'invoice.payment_failed')).toHaveLength(3);
  });

  it('rule first-invoice-expires: a failed first Direct Debit keeps the subscription incomplete 23 hours, then expires it and voids its invoice', async () => {
    const session = await accepted(goldWithTrial(trialEnd()));
    await api.pay(session.id, { payment_method: 'bacs_debit', email: 'buyer@example.com' });
    const settled = await api.settle(session.id, 'failed');
    const failedAt = Date.parse(settled.body.order.clock) / 1000;
    let summary = await api.session(session.id);
    expect(summary.status).toBe('failed');
    expect(summary.subscription.status).toBe('incomplete');
    expect(summary.subscription.invoices[0].status).toBe('open');
    expect(await typesOf(session.id)).toContain('checkout.session.async_payment_failed');
    // A minute short of 23 hours, still incomplete; at 23 hours, expired.
    await api.clock(session.id, failedAt + 23 * 3600 - 60);
    expect((await api.session(session.id)).subscription.status).toBe('incomplete');
    await api.clock(session.id, failedAt + 23 * 3600);
    summary = await api.session(session.id);
    expect(summary.subscription).toMatchObject({
      status: 'incomplete_expired',
      ended_at: new Date((failedAt + 23 * 3600) * 1000).toISOString(),
    });
    expect(summary.subscription.invoices[0].status).toBe('void');
    expect((await typesOf(session.id)).slice(-2)).toEqual([
      'customer.subscription.updated',
      'invoice.voided',
    ]);
  });

  it('rule bacs-dispute: a confirmed Direct Debit can be disputed; a card payment cannot here', async () => {
    const session = await accepted(goldWithTrial(trialEnd()));
    await card(session.id);
    expect((await api.dispute(session.id)).status).toBe(409);
    const bacs = await accepted(goldWithTrial(trialEnd()));
    await api.pay(bacs.id, { payment_method: 'bacs_debit', email: 'buyer@example.com' });
    expect((await api.dispute(bacs.id)).status).toBe(409);
    await api.settle(bacs.id, 'succeeded');
    const disputed = await api.dispute(bacs.id);
    expect(disputed.status).toBe(200);
    expect(disputed.body.order.subscription.disputes).toEqual([
      expect.objectContaining({ amount: SETUP_PENCE, status: 'lost' }),
    ]);
    const event = (await api.events(bacs.id)).find((e) => e.type === 'charge.dispute.created').event;
    const lookup = await api.provider(
      'GET',
      `/v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=${event.data.object.payment_intent}`,
    );
    expect(lookup.body.data[0].invoice).toBe(disputed.body.order.subscription.invoices[0].id);
  });

  it('rule events-more-than-once: some events are delivered twice, from the seed, on by default; the setting turns it off', async () => {
    /** The event ids the endpoint received, in order, for one purchase from `seed`. */
    const deliveriesOf = async (seed: number, duplicates?: boolean) => {
      await h.call('POST', '/__harness/reset');
      h.endpoint.reset();
      await api.settings({
        event_order_seed: seed,
        webhook_endpoint: { enabled_events: ['*'] },
        ...(duplicates === undefined ? {} : { event_duplicates: duplicates }),
      });
      const session = await accepted(goldWithTrial(trialEnd()));
      await api.pay(session.id, { payment_method: 'card', email: 'buyer@example.com' });
      const ids = h.endpoint.requests.map((request) => JSON.parse(request.body.toString()).id as string);
      return { session: session.id, ids };
    };
    const twice = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);
    const runs: { session: string; ids: string[] }[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6]) runs.push(await deliveriesOf(seed));
    expect((await api.settings({})).body.event_duplicates).toBe(true);
    expect(runs.some((run) => twice(run.ids).length > 0)).toBe(true);
    // The second delivery comes after the first, and the control API marks it.
    const withTwice = runs.find((run) => twice(run.ids).length > 0)!;
    const [again] = twice(withTwice.ids);
    expect(withTwice.ids.indexOf(again!)).toBeLessThan(withTwice.ids.lastIndexOf(again!));
    // The same seed replays the same deliveries (ids differ per run: compare the types in order).
    const typesOf = (ids: string[], bodies: { id: string; type: string }[]) =>
      ids.map((id) => bodies.find((body) => body.id === id)!.type);
    const first = await deliveriesOf(4);
    const firstTypes = typesOf(
      first.ids,
      h.endpoint.requests.map((r) => JSON.parse(r.body.toString())),
    );
    const second = await deliveriesOf(4);
    const secondTypes = typesOf(
      second.ids,
      h.endpoint.requests.map((r) => JSON.parse(r.body.toString())),
    );
    expect(secondTypes).toEqual(firstTypes);
    const marked = (await api.events(second.session)).filter((e) =>
      e.attempts.some((attempt: { duplicate?: boolean }) => attempt.duplicate),
    );
    expect(marked.map((e) => e.id).sort()).toEqual([...new Set(twice(second.ids))].sort());
    // Turned off: each event once.
    for (const seed of [1, 2, 3, 4, 5, 6]) expect(twice((await deliveriesOf(seed, false)).ids)).toEqual([]);
  });

  it('rule events-any-order: one purchase is delivered in another order from another seed, the same from the same', async () => {
    const orderOf = async (seed: number) => {
      await h.call('POST', '/__harness/reset');
      h.endpoint.reset();
      await api.settings({ event_order_seed: seed, webhook_endpoint: { enabled_events: ['*'] } });
      const session = await accepted(goldWithTrial(trialEnd()));
      await card(session.id);
      // The order the endpoint received them in.
      return h.endpoint.requests.map((request) => JSON.parse(request.body.toString()).type as string);
    };
    const orders = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5]) orders.add((await orderOf(seed)).join(','));
    expect(orders.size).toBeGreaterThan(1);
    expect((await orderOf(3)).join(',')).toBe((await orderOf(3)).join(','));
  });

  it('rule events-endpoint-version: events are rendered in the endpoint version (acacia: invoice.subscription)', async () => {
    await api.settings({ webhook_endpoint: { api_version: ACACIA } });
    const session = await accepted(goldWithTrial(trialEnd()));
    await card(session.id);
    const paid = (await api.events(session.id)).find((e) => e.type === 'invoice.paid').event;
    expect(paid.api_version).toBe(ACACIA);
    expect(paid.data.object.subscription).toMatch(/^sub_/);
    expect(paid.data.object.parent).toBeUndefined();
    const refusedVersion = await api.settings({ webhook_endpoint: { api_version: '2024-06-20' } });
    expect(refusedVersion.status).toBe(400);
  });

  it('rule events-enabled-only: types the endpoint is not sent are kept, not delivered', async () => {
    const session = await accepted(goldWithTrial(trialEnd()));
    await card(session.id);
    const events = await api.events(session.id);
    const finalized = events.find((e) => e.type === 'invoice.finalized');
    expect(finalized.state).toBe('not_sent');
    expect(finalized.attempts).toEqual([]);
    expect(events.find((e) => e.type === 'checkout.session.completed').attempts.length).toBeGreaterThan(0);
  });

  it('rule retry-non-2xx: a 4xx answer is retried like a 5xx', async () => {
    h.endpoint.respond((_request, response) => json(response, 400, { error: 'refused' }));
    await api.settings({ webhook_endpoint: { enabled_events: ['checkout.session.completed'] } });
    const session = await accepted(goldWithTrial(trialEnd()));
    await card(session.id);
    const completed = (await api.events(session.id)).find((e) => e.type === 'checkout.session.completed');
    expect(completed.attempts[0].status).toBe(400);
    expect(completed.state).toBe('pending');
    expect(completed.next_attempt_at).not.toBeNull();
  });
});

it('every rule of RULES.md has a test named after it', () => {
  const ids = [...readFileSync(RULES, 'utf8').matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
  const source = readFileSync(new URL(import.meta.url), 'utf8');
  expect(ids.length).toBeGreaterThan(30);
  const missing = ids.filter((id) => !source.includes(`'rule ${id}: `) && !source.includes(`"rule ${id}: `));
  expect(missing).toEqual([]);
});
