/**
 * The events the double sends: the provider's event envelope (`evt_` id, `object: 'event'`, the endpoint's API version,
 * test mode, one pending webhook, no API request), its `data.object` rendered in that version, and an update's old
 * values as `previous_attributes`.
 */
import { describe, expect, it } from 'vitest';
import type { Stripe } from '../../../../host-harness/payments/account/stripe-types.ts';
import { ACACIA } from '../../../../host-harness/payments/webhooks/event-versions.ts';
import { buildEvent } from '../../../../host-harness/payments/webhooks/provider-event.ts';

const PINNED = '2026-10-28.endive';

const subscription = () =>
  ({
    id: 'sub_1',
    object: 'subscription',
    status: 'active',
    items: { object: 'list', data: [{ id: 'si_1', current_period_start: 100, current_period_end: 200 }] },
  }) as unknown as Stripe.Subscription;

describe('buildEvent', () => {
  it('wraps the object in the provider event envelope, at the time the spec gives', () => {
    const session = {
      id: 'cs_test_1',
      object: 'checkout.session',
      status: 'complete',
    } as Stripe.Checkout.Session;
    const built = buildEvent(
      { type: 'checkout.session.completed', atS: 1_700_000_000, object: session },
      PINNED,
    );
    expect(built.id).toMatch(/^evt_[A-Za-z0-9]{24}$/);
    expect(built.type).toBe('checkout.session.completed');
    expect(built.createdS).toBe(1_700_000_000);
    expect(JSON.parse(built.payload)).toStrictEqual({
      id: built.id,
      object: 'event',
      api_version: PINNED,
      created: 1_700_000_000,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
      data: { object: session },
    });
  });

  it('gives each event its own id', () => {
    const spec = { type: 'customer.subscription.created' as const, atS: 1, object: subscription() };
    expect(buildEvent(spec, PINNED).id).not.toBe(buildEvent(spec, PINNED).id);
  });

  it("carries an update's old values, and renders its object in the endpoint's version", () => {
    const built = buildEvent(
      {
        type: 'customer.subscription.updated',
        atS: 5,
        object: subscription(),
        previous: { status: 'trialing' },
      },
      ACACIA,
    );
    const event = JSON.parse(built.payload);
    expect(event.api_version).toBe(ACACIA);
    expect(event.type).toBe('customer.subscription.updated');
    expect(event.data).toStrictEqual({
      object: { ...subscription(), current_period_start: 100, current_period_end: 200 },
      previous_attributes: { status: 'trialing' },
    });
  });

  it('has no previous_attributes on an event that is not an update', () => {
    const built = buildEvent(
      { type: 'customer.subscription.deleted', atS: 5, object: subscription() },
      PINNED,
    );
    expect(Object.keys(JSON.parse(built.payload).data)).toStrictEqual(['object']);
  });
});
