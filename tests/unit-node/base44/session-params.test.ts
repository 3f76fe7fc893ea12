/**
 * The Checkout Session createCheckout asks the provider for: the gold package's setup and monthly prices (inline, or
 * the dashboard's price ids), a trial that ends one calendar month after the purchase on the UK's calendar (the first
 * monthly charge), a session that expires an hour on, the redirect URLs on the configured site, and the metadata the
 * webhook later recognises the purchase by. None of the parameters the provider refuses with a one-time price
 * (`billing_cycle_anchor`, `proration_behavior: none`) and none it no longer takes (`payment_method_types`).
 */
import { describe, expect, it, vi } from 'vitest';
import type { CheckoutConfig } from '../../../base44/functions/createCheckout/config.ts';
import {
  buildSessionParams,
  firstMonthlyCharge,
  SESSION_LIFETIME_S,
} from '../../../base44/functions/createCheckout/session-params.ts';
import { FIRST_RENEWAL_S, PURCHASE_S } from '../../support/provider-events.ts';
import { CURRENCY, MONTHLY_PENCE, PACKAGE, SETUP_PENCE } from '../../support/spec-figures.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

const config = (prices: CheckoutConfig['prices'] = {}): CheckoutConfig => ({
  secretKey: 'sk_test_1',
  siteOrigin: 'https://www.example.co.uk',
  prices,
  api: {},
});

const INLINE_ITEMS = [
  {
    price_data: {
      currency: CURRENCY,
      unit_amount: SETUP_PENCE,
      product_data: { name: 'Gold package: one-time setup' },
    },
    quantity: 1,
  },
  {
    price_data: {
      currency: CURRENCY,
      unit_amount: MONTHLY_PENCE,
      recurring: { interval: 'month', interval_count: 1 },
      product_data: { name: 'Gold package: monthly' },
    },
    quantity: 1,
  },
];
const REDIRECTS = {
  success_url: 'https://www.example.co.uk/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://www.example.co.uk/Pricing',
};

describe('buildSessionParams', () => {
  it('loaded afresh, as a function’s first request loads it: the same session, on London’s calendar', async () => {
    // The package's figures, the return paths, the session's lifetime and the calendar's time zone are set when the
    // modules load (session-params.ts, base44/shared/packages.ts and calendar.ts): loading them inside the test shows
    // what a first request gets.
    vi.resetModules();
    const fresh = await import('../../../base44/functions/createCheckout/session-params.ts');
    expect(fresh.buildSessionParams('gold', config(), null, PURCHASE_S)).toStrictEqual(
      buildSessionParams('gold', config(), null, PURCHASE_S),
    );
    expect(fresh.buildSessionParams('gold', config(), null, PURCHASE_S)).toMatchObject({
      line_items: INLINE_ITEMS,
      ...REDIRECTS,
      expires_at: PURCHASE_S + 60 * 60,
    });
    // 30 April 23:30 UTC is already 1 May in London; a UTC calendar would give 30 May.
    expect(iso(fresh.firstMonthlyCharge('gold', at('2026-04-30T23:30:00Z')))).toBe(
      '2026-05-31T23:30:00.000Z',
    );
  });

  it('an anonymous purchase: inline prices, a trial to the first monthly charge, an hour to pay, no prefill', () => {
    expect(buildSessionParams('gold', config(), null, PURCHASE_S)).toStrictEqual({
      mode: 'subscription',
      line_items: INLINE_ITEMS,
      ...REDIRECTS,
      expires_at: PURCHASE_S + 60 * 60,
      metadata: { package: PACKAGE },
      subscription_data: { trial_end: FIRST_RENEWAL_S, metadata: { package: PACKAGE } },
    });
    expect(SESSION_LIFETIME_S).toBe(3600);
  });

  it('a signed-in buyer: the e-mail prefilled and the user id in the metadata', () => {
    const params = buildSessionParams(
      'gold',
      config(),
      { id: 'u1', email: 'jane@example.co.uk' },
      PURCHASE_S,
    );
    expect(params.customer_email).toBe('jane@example.co.uk');
    expect(params.metadata).toStrictEqual({ package: PACKAGE, user_id: 'u1' });
    const noEmail = buildSessionParams('gold', config(), { id: 'u2' }, PURCHASE_S);
    expect(noEmail).not.toHaveProperty('customer_email');
    expect(noEmail.metadata).toStrictEqual({ package: PACKAGE, user_id: 'u2' });
  });

  it('dashboard price ids replace the inline prices, one at a time', () => {
    expect(
      buildSessionParams('gold', config({ setup: 'price_s', monthly: 'price_m' }), null, PURCHASE_S)
        .line_items,
    ).toStrictEqual([
      { price: 'price_s', quantity: 1 },
      { price: 'price_m', quantity: 1 },
    ]);
    expect(
      buildSessionParams('gold', config({ monthly: 'price_m' }), null, PURCHASE_S).line_items,
    ).toStrictEqual([INLINE_ITEMS[0], { price: 'price_m', quantity: 1 }]);
  });

  it('asks for nothing the provider refuses beside a one-time price or no longer takes', () => {
    const params = buildSessionParams('gold', config(), null, PURCHASE_S) as Record<string, unknown>;
    const data = params.subscription_data as Record<string, unknown>;
    expect(data).not.toHaveProperty('billing_cycle_anchor');
    expect(data).not.toHaveProperty('proration_behavior');
    expect(params).not.toHaveProperty('payment_method_types');
    // The provider wants a trial that ends at least 48 hours ahead.
    expect((data.trial_end as number) - PURCHASE_S).toBeGreaterThan(48 * 60 * 60);
  });
});

describe('firstMonthlyCharge: one calendar month on, on the UK calendar', () => {
  it('keeps the day and the time when the next month has that day', () => {
    expect(iso(firstMonthlyCharge('gold', at('2026-11-25T18:00:00Z')))).toBe('2026-12-25T18:00:00.000Z');
  });

  it('clamps to the last day of a shorter month, leap years included', () => {
    expect(iso(firstMonthlyCharge('gold', at('2027-01-31T10:00:00Z')))).toBe('2027-02-28T10:00:00.000Z');
    expect(iso(firstMonthlyCharge('gold', at('2028-01-31T10:00:00Z')))).toBe('2028-02-29T10:00:00.000Z');
    expect(iso(firstMonthlyCharge('gold', at('2026-08-31T08:00:00Z')))).toBe('2026-09-30T08:00:00.000Z');
  });

  it('counts on London’s calendar and clock: 00:30 on 1 May (BST) is followed by 00:30 on 1 June', () => {
    // 30 April 23:30 UTC is already 1 May in London; a UTC calendar would give 30 May.
    expect(iso(firstMonthlyCharge('gold', at('2026-04-30T23:30:00Z')))).toBe('2026-05-31T23:30:00.000Z');
    // Across the change to GMT, the wall-clock time is kept: 09:00 BST on 15 October, 09:00 GMT on 15 November.
    expect(iso(firstMonthlyCharge('gold', at('2026-10-15T08:00:00Z')))).toBe('2026-11-15T09:00:00.000Z');
  });
});
