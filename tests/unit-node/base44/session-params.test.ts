/**
 * The Checkout Session createCheckout asks the provider for: the gold package's setup and monthly prices (inline, or
 * the dashboard's price ids), the first monthly charge anchored one calendar month later less the margin, no
 * proration, the redirect URLs on the configured site, and what the webhook later reads back from the metadata.
 */
import { describe, expect, it } from 'vitest';
import type { CheckoutConfig } from '../../../base44/functions/createCheckout/config.ts';
import {
  ANCHOR_MARGIN_S,
  addCalendarMonths,
  firstRenewalAnchor,
} from '../../../base44/functions/createCheckout/first-renewal.ts';
import { buildSessionParams } from '../../../base44/functions/createCheckout/session-params.ts';
import { FIRST_RENEWAL_S, PURCHASE_S } from '../../support/provider-events.ts';

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
      currency: 'gbp',
      unit_amount: 79_900,
      product_data: { name: 'Gold package: one-time setup' },
    },
    quantity: 1,
  },
  {
    price_data: {
      currency: 'gbp',
      unit_amount: 19_900,
      recurring: { interval: 'month' },
      product_data: { name: 'Gold package: monthly' },
    },
    quantity: 1,
  },
];
const REDIRECTS = {
  success_url: 'https://www.example.co.uk/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://www.example.co.uk/Pricing',
};
const SUBSCRIPTION_DATA = {
  billing_cycle_anchor: FIRST_RENEWAL_S,
  proration_behavior: 'none',
  metadata: { package: 'gold' },
};

describe('buildSessionParams', () => {
  it('an anonymous purchase: inline prices, the amounts and first renewal in the metadata, no prefill', () => {
    expect(buildSessionParams('gold', config(), null, PURCHASE_S)).toEqual({
      mode: 'subscription',
      line_items: INLINE_ITEMS,
      ...REDIRECTS,
      metadata: {
        package: 'gold',
        first_renewal: String(FIRST_RENEWAL_S),
        setup_amount: '79900',
        monthly_amount: '19900',
      },
      subscription_data: SUBSCRIPTION_DATA,
    });
  });

  it('a signed-in caller: the e-mail prefilled and the user id in the metadata', () => {
    const params = buildSessionParams(
      'gold',
      config(),
      { id: 'user_1', email: 'jane@example.co.uk' },
      PURCHASE_S,
    );
    expect(params.customer_email).toBe('jane@example.co.uk');
    expect(params.metadata).toEqual({
      package: 'gold',
      first_renewal: String(FIRST_RENEWAL_S),
      setup_amount: '79900',
      monthly_amount: '19900',
      user_id: 'user_1',
    });
  });

  it('a caller known only in part gets what is known, and nothing empty', () => {
    const onlyId = buildSessionParams('gold', config(), { id: 'user_1' }, PURCHASE_S);
    expect(onlyId).not.toHaveProperty('customer_email');
    expect(onlyId.metadata?.user_id).toBe('user_1');
    const onlyEmail = buildSessionParams('gold', config(), { email: 'jane@example.co.uk' }, PURCHASE_S);
    expect(onlyEmail.customer_email).toBe('jane@example.co.uk');
    expect(onlyEmail.metadata).not.toHaveProperty('user_id');
    const blank = buildSessionParams('gold', config(), { id: '', email: '' }, PURCHASE_S);
    expect(blank).not.toHaveProperty('customer_email');
    expect(blank.metadata).not.toHaveProperty('user_id');
  });

  it('dashboard price ids replace the inline prices, and their amounts are not claimed', () => {
    const params = buildSessionParams(
      'gold',
      config({ setup: 'price_setup', monthly: 'price_monthly' }),
      null,
      PURCHASE_S,
    );
    expect(params.line_items).toEqual([
      { price: 'price_setup', quantity: 1 },
      { price: 'price_monthly', quantity: 1 },
    ]);
    expect(params.metadata).toEqual({ package: 'gold', first_renewal: String(FIRST_RENEWAL_S) });
    expect(params.subscription_data).toEqual(SUBSCRIPTION_DATA);
  });

  it('with one price id, the other price stays inline and its amount is claimed', () => {
    const setupOnly = buildSessionParams('gold', config({ setup: 'price_setup' }), null, PURCHASE_S);
    expect(setupOnly.line_items).toEqual([{ price: 'price_setup', quantity: 1 }, INLINE_ITEMS[1]]);
    expect(setupOnly.metadata).toEqual({
      package: 'gold',
      first_renewal: String(FIRST_RENEWAL_S),
      monthly_amount: '19900',
    });
    const monthlyOnly = buildSessionParams('gold', config({ monthly: 'price_monthly' }), null, PURCHASE_S);
    expect(monthlyOnly.line_items).toEqual([INLINE_ITEMS[0], { price: 'price_monthly', quantity: 1 }]);
    expect(monthlyOnly.metadata).toEqual({
      package: 'gold',
      first_renewal: String(FIRST_RENEWAL_S),
      setup_amount: '79900',
    });
  });
});

describe('the first renewal', () => {
  it('falls one calendar month later, ten minutes early', () => {
    expect(ANCHOR_MARGIN_S).toBe(600);
    expect(iso(firstRenewalAnchor(at('2026-11-25T18:00:00Z')))).toBe('2026-12-25T17:50:00.000Z');
    expect(iso(firstRenewalAnchor(PURCHASE_S))).toBe(iso(FIRST_RENEWAL_S));
  });

  it('counts months across a year end, and several at once', () => {
    expect(iso(addCalendarMonths(at('2026-12-31T06:07:08Z'), 1))).toBe('2027-01-31T06:07:08.000Z');
    expect(iso(addCalendarMonths(at('2026-11-30T12:00:00Z'), 3))).toBe('2027-02-28T12:00:00.000Z');
    expect(iso(addCalendarMonths(at('2027-05-31T00:00:00Z'), 0))).toBe('2027-05-31T00:00:00.000Z');
  });

  it('keeps the day when the later month is longer, and clamps it when that month is shorter', () => {
    expect(iso(addCalendarMonths(at('2027-02-28T23:59:59Z'), 1))).toBe('2027-03-28T23:59:59.000Z');
    expect(iso(addCalendarMonths(at('2027-04-30T08:00:00Z'), 1))).toBe('2027-05-30T08:00:00.000Z');
    expect(iso(addCalendarMonths(at('2028-01-29T08:00:00Z'), 1))).toBe('2028-02-29T08:00:00.000Z');
    expect(iso(addCalendarMonths(at('2027-08-31T08:00:00Z'), 1))).toBe('2027-09-30T08:00:00.000Z');
  });

  it('rounds a fractional second down', () => {
    expect(addCalendarMonths(at('2027-03-01T00:00:00Z') + 0.75, 1)).toBe(at('2027-04-01T00:00:00Z'));
  });
});
