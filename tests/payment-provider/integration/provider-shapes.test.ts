/**
 * The payment double answers and sends the provider's own shapes: every `checkout.session`, `subscription`,
 * `invoice` and `event` it produces, in each state the tests can reach, has every field of Stripe's example object
 * (fixtures/stripe-fixtures.json, the objects Stripe's stripe-mock serves), compared field by field and level by level,
 * with the same JSON type. Null is fine where the example is null, and inside nested objects (the SDK's types allow
 * null there); a top-level field the example fills may be null in one state only if another state fills it with the
 * right type (`canceled_at` once cancelled), or if it belongs to a feature the double never simulates (listed below,
 * each with the reason the provider answers null for it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json, Running } from '../../integration/emulator/emulator-harness.ts';
import { startWithFixtures } from '../../integration/functions/function-harness.ts';
import { GOLD, goldTrial, providerClient } from './provider-support.ts';

const FIXTURES = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/stripe-fixtures.json'), 'utf8'),
).resources as Record<string, Record<string, unknown>>;

/** Fields the provider answers null unless a feature is in use that the double does not simulate. */
const NEVER_SIMULATED: Record<string, Record<string, string>> = {
  'checkout.session': {
    after_expiration: 'no recovery of expired sessions',
    consent: 'no consent collection',
    consent_collection: 'no consent collection',
    currency_conversion: 'no adaptive pricing (one currency)',
    permissions: 'no client-side updates',
    shipping_address_collection: 'no shipping',
    shipping_cost: 'no shipping',
  },
  subscription: {
    billing_cycle_anchor_config: 'anchors are timestamps (billing_cycle_anchor), not day-of-month configs',
    billing_thresholds: 'no usage thresholds',
    next_pending_invoice_item_invoice: 'no pending invoice items',
    pause_collection: 'no paused collection',
    pending_invoice_item_interval: 'no pending invoice items',
    pending_update: 'no pending updates',
    transfer_data: 'no Connect transfers',
  },
  invoice: {
    customer_address: 'no address collected',
    customer_shipping: 'no shipping',
    due_date: 'charged automatically (due dates are for send_invoice)',
    from_invoice: 'no invoice revisions',
    last_finalization_error: 'finalization never fails',
    rendering: 'no custom rendering',
    shipping_cost: 'no shipping',
    shipping_details: 'no shipping',
  },
  event: {},
};

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Nested comparison: every field of the example present, with its JSON type unless either side is null. */
function nestedProblems(example: unknown, actual: unknown, where: string): string[] {
  if (example === null || actual === null) return [];
  if (typeOf(example) !== typeOf(actual))
    return [`${where} is ${typeOf(actual)}, Stripe's example has ${typeOf(example)}`];
  if (Array.isArray(example) && Array.isArray(actual))
    return example.length > 0 && actual.length > 0
      ? nestedProblems(example[0], actual[0], `${where}[0]`)
      : [];
  if (typeOf(example) !== 'object') return [];
  const got = actual as Record<string, unknown>;
  return Object.entries(example as Record<string, unknown>).flatMap(([key, value]) =>
    key in got ? nestedProblems(value, got[key], `${where}.${key}`) : [`${where}.${key} is missing`],
  );
}

/** Every top-level field of the example in every sample, each filled with the example's type in some sample. */
function shapeProblems(resource: string, samples: Record<string, unknown>[]): string[] {
  const example = FIXTURES[resource]!;
  const never = NEVER_SIMULATED[resource]!;
  const found: string[] = [];
  for (const [key, value] of Object.entries(example)) {
    const values = samples.map((sample, i) => ({ i, has: key in sample, v: sample[key] }));
    for (const { i, has, v } of values) {
      if (!has) found.push(`${resource} #${i}: ${key} is missing`);
      else if (v !== null && key !== 'data')
        found.push(...nestedProblems(value, v, `${resource} #${i}: ${key}`));
    }
    const filled = values.some(({ v }) => v !== null);
    if (value !== null && !filled && !never[key])
      found.push(`${resource}: ${key} is null in every state, Stripe's example has ${typeOf(value)}`);
    if (filled && never[key]) found.push(`${resource}: ${key} is listed as never simulated but is filled`);
  }
  return found;
}

describe("the payment double's objects against Stripe's example objects", () => {
  let h: Running;
  const samples: Record<string, Record<string, unknown>[]> = {
    'checkout.session': [],
    subscription: [],
    invoice: [],
    event: [],
  };

  beforeAll(async () => {
    h = await startWithFixtures();
    const c = providerClient(h);
    const keep = (resource: string, object: Json) => samples[resource]!.push(object);
    const paid = async (
      params: Record<string, string>,
      fields: Record<string, string> = { payment_method: 'card' },
    ) => {
      const { body } = await c.create(params);
      keep('checkout.session', body);
      await c.pay(body.id, fields);
      return body.id as string;
    };

    // Every event type, delivered or not, is kept for the comparison.
    await c.settings({ webhook_endpoint: { enabled_events: ['*'] } });
    // A card payment, renewed once paid and once failed, then cancelled at period end and ended by the clock.
    const card = await paid(goldTrial());
    await c.advance(card, 'paid');
    await c.advance(card, 'failed');
    await c.cancel(card, 'period_end');
    await c.clock(card, (await c.session(card)).subscription.cancel_at);
    // Direct Debit, settled then disputed; Direct Debit, failed; a trial; a payment-mode session; a cancellation at once.
    const bacs = await paid(goldTrial(), { payment_method: 'bacs_debit' });
    await c.settle(bacs, 'succeeded');
    await c.dispute(bacs);
    const bounced = await paid(GOLD, { payment_method: 'bacs_debit' });
    await c.settle(bounced, 'failed');
    await c.clock(bounced, 'next'); // 23 hours on, the subscription expires and its invoice is voided
    const trial = await paid({ ...GOLD, 'subscription_data[trial_period_days]': '14' });
    await c.cancel(trial, 'now');
    await paid({
      mode: 'payment',
      'line_items[0][price]': 'price_harness_gold_setup',
      'line_items[0][quantity]': '1',
      success_url: GOLD.success_url!,
      customer_email: 'user@example.com',
    });

    for (const order of (await h.call('GET', '/__harness/checkout-sessions')).body as Json[]) {
      keep('checkout.session', (await c.provider('GET', `/v1/checkout/sessions/${order.id}`)).body);
      if (order.subscription) {
        keep('subscription', (await c.provider('GET', `/v1/subscriptions/${order.subscription.id}`)).body);
        for (const invoice of order.subscription.invoices)
          keep('invoice', (await c.provider('GET', `/v1/invoices/${invoice.id}`)).body);
      }
      for (const { event } of await c.events(order.id)) {
        keep('event', event);
        // Disputes have no example object here; their shape is the SDK's type (`satisfies Stripe.Dispute`).
        if (samples[event.data.object.object]) keep(event.data.object.object, event.data.object);
      }
    }
  }, 30_000);
  afterAll(() => h.close());

  it('reached every kind of object in several states', () => {
    expect(samples['checkout.session']!.length).toBeGreaterThanOrEqual(10);
    expect(samples.subscription!.length).toBeGreaterThanOrEqual(10);
    expect(samples.invoice!.length).toBeGreaterThanOrEqual(8);
    expect(new Set(samples.event!.map((e) => e.type))).toEqual(
      new Set([
        'checkout.session.completed',
        'checkout.session.async_payment_succeeded',
        'checkout.session.async_payment_failed',
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'customer.subscription.trial_will_end',
        'invoice.created',
        'invoice.finalized',
        'invoice.paid',
        'invoice.payment_succeeded',
        'invoice.payment_failed',
        'invoice.voided',
        'charge.dispute.created',
      ]),
    );
  });

  for (const resource of ['checkout.session', 'subscription', 'invoice', 'event']) {
    it(`every ${resource} has every field of Stripe's example, with its type`, () => {
      expect(shapeProblems(resource, samples[resource]!)).toEqual([]);
    });
  }

  it('the comparison finds a missing field, a wrong type and a field never filled', () => {
    const [session] = samples['checkout.session']!;
    const { amount_total: _, ...withoutTotal } = session!;
    expect(shapeProblems('checkout.session', [withoutTotal])).toContain(
      'checkout.session #0: amount_total is missing',
    );
    expect(shapeProblems('checkout.session', [{ ...session, created: '2026-01-01' }])).toContain(
      "checkout.session #0: created is string, Stripe's example has number",
    );
    expect(shapeProblems('checkout.session', [{ ...session, custom_text: { submit: 'x' } }])).toContain(
      'checkout.session #0: custom_text.after_submit is missing',
    );
    expect(shapeProblems('checkout.session', [{ ...session, total_details: null }])).toContain(
      "checkout.session: total_details is null in every state, Stripe's example has object",
    );
  });
});
