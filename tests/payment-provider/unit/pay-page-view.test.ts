/**
 * The double's hosted payment page as HTML: each line with its price (per period, free until a trial's end, or what
 * part of it is due today), what is due today and what follows, who is paying, the ways to pay, Pay and Cancel while
 * the session is open and when the page expires; a completed session shows the terms it was paid on; a session that
 * cannot be paid says why; text from the session is escaped.
 */
import { describe, expect, it } from 'vitest';
import type { Stripe } from '../../../host-harness/payments/account/stripe-types.ts';
import { runUntil } from '../../../host-harness/payments/billing/billing-clock.ts';
import { cancelOnPage, expireIfDue } from '../../../host-harness/payments/checkout/checkout-completion.ts';
import type { CheckoutRecord } from '../../../host-harness/payments/checkout/checkout-session-store.ts';
import {
  MAX_EMAIL_LENGTH,
  methodsOf,
  PAYMENT_METHOD_LABELS,
  payBody,
  TITLE,
  termsOf,
} from '../../../host-harness/payments/pay-page/pay-page-view.ts';
import { MONTHLY_PENCE, MONTHLY_TEXT, SETUP_AND_MONTH_TEXT, SETUP_TEXT } from '../../support/spec-figures.ts';
import {
  at,
  bought,
  DAY_S,
  goldRecord,
  monthlyPrice,
  settings,
  setupPrice,
  subscriptionData,
} from './checkout-fixtures.ts';

/** Monday 2 March 2026, 10:00 UTC (10:00 in London: winter time). */
const NOW_S = at('2026-03-02T10:00:00Z');

describe('an open session', () => {
  it('shows the lines, today’s charge, the renewal, the session, its expiry, the buyer, the methods, Pay and Cancel', () => {
    const record = goldRecord(NOW_S, { customerEmail: 'buyer@example.com' });
    expect(payBody(record, NOW_S)).toBe(`<h1>Checkout</h1>
<p class="note">This is the local emulator's stand-in for the payment provider. No card or bank account is asked for and nothing is charged.</p>

<ul class="lines">
<li><span class="package">Gold package: one-time setup</span> <span class="amount">${SETUP_TEXT}</span></li>
<li><span class="package">Gold package: monthly</span> <span class="amount">${MONTHLY_TEXT} per month</span></li>
</ul>
<p class="price">Due today ${SETUP_AND_MONTH_TEXT}</p>
<p class="then">then ${MONTHLY_TEXT} per month from 2 April 2026</p>
<p class="ref">Session cs_test_unit</p>
<p class="ref">This page expires at 10:00 on 3 March 2026.</p>
<label for="email">Email</label>
<input id="email" form="pay-form" type="email" name="email" autocomplete="email" required maxlength="254" value="buyer@example.com">
<fieldset class="methods"><legend>Pay with</legend>
<label class="choice"><input type="radio" form="pay-form" name="payment_method" value="card" checked> Card</label>
<label class="choice"><input type="radio" form="pay-form" name="payment_method" value="bacs_debit"> Bacs Direct Debit (settles in a few days)</label>
</fieldset>
<div class="actions">
<form id="pay-form" method="post" action="/__harness/pay/cs_test_unit/pay"><button type="submit" class="primary">Pay</button></form>
<form method="post" action="/__harness/pay/cs_test_unit/cancel"><button type="submit" class="secondary">Cancel</button></form>
</div>`);
    expect(TITLE).toBe('Checkout');
    expect(MAX_EMAIL_LENGTH).toBe(254);
    expect(PAYMENT_METHOD_LABELS).toEqual({
      card: 'Card',
      bacs_debit: 'Bacs Direct Debit (settles in a few days)',
    });
  });

  it('shows a problem first, escaped, and escapes what the session says', () => {
    const record = goldRecord(NOW_S, {
      customerEmail: 'a"b@example.com',
      lineItems: [{ price: setupPrice({ product_name: 'Setup <b>& more</b>' }), quantity: 1 }],
      mode: 'payment',
      subscriptionData: null,
    });
    const page = payBody(record, NOW_S, 'Enter a <valid> e-mail');
    expect(page).toContain(
      '<p class="error" role="alert">Enter a &lt;valid&gt; e-mail</p>\n<ul class="lines">',
    );
    expect(page).toContain('<span class="package">Setup &lt;b&gt;&amp; more&lt;/b&gt;</span>');
    expect(page).toContain('value="a&quot;b@example.com"');
    // One-time prices only: nothing follows.
    expect(page).not.toContain('class="then"');
    expect(page).toContain(`<p class="price">Due today ${SETUP_TEXT}</p>\n\n<p class="ref">`);
  });

  it('asks for the e-mail when none is prefilled, offers only the session’s methods, and no Cancel without a cancel_url', () => {
    const record = goldRecord(NOW_S, { methods: ['bacs_debit'], cancelUrl: null });
    const page = payBody(record, NOW_S);
    expect(page).toContain('maxlength="254" value="">');
    expect(page).toContain(
      '<label class="choice"><input type="radio" form="pay-form" name="payment_method" value="bacs_debit" checked> Bacs Direct Debit (settles in a few days)</label>\n</fieldset>',
    );
    expect(page).not.toContain('value="card"');
    expect(page).not.toContain('Cancel');
    expect(page).toContain('<button type="submit" class="primary">Pay</button></form>\n\n</div>');
  });

  it('writes the expiry in London time and encodes the session id in the form addresses', () => {
    const summer = at('2026-07-01T22:30:00Z');
    const record = goldRecord(summer);
    const withId = { ...record, session: { ...record.session, id: 'cs_test_a/b' } };
    const page = payBody(withId, summer);
    expect(page).toContain('This page expires at 23:30 on 2 July 2026.');
    expect(page).toContain('action="/__harness/pay/cs_test_a%2Fb/pay"');
    expect(page).toContain('action="/__harness/pay/cs_test_a%2Fb/cancel"');
    expect(page).toContain('<p class="ref">Session cs_test_a/b</p>');
  });

  it('a trial: the monthly fee free until the trial’s end, then charged from it', () => {
    const record = goldRecord(NOW_S, { subscriptionData: subscriptionData({ trialPeriodDays: 30 }) });
    const page = payBody(record, NOW_S);
    expect(page).toContain(`<span class="amount">${MONTHLY_TEXT} per month, free until 1 April 2026</span>`);
    expect(page).toContain(`<p class="price">Due today ${SETUP_TEXT}</p>`);
    expect(page).toContain(`then ${MONTHLY_TEXT} per month from 1 April 2026`);
  });

  it('an anchor with prorations: what part of the fee is due today; several months a period', () => {
    const quarterly = monthlyPrice({ recurring: { interval: 'month', interval_count: 3 } });
    const record = goldRecord(NOW_S, {
      lineItems: [{ price: quarterly, quantity: 2 }],
      subscriptionData: subscriptionData({ billingCycleAnchor: at('2026-03-17T10:00:00Z') }),
    });
    const page = payBody(record, NOW_S);
    // Two × £199.00 every 3 months; 15 of the 92 days to 2 June are charged today.
    const today = Math.round((2 * MONTHLY_PENCE * 15) / 92);
    expect(today).toBe(6_489);
    expect(page).toContain('<span class="amount">£398.00 every 3 months (£64.89 today)</span>');
    expect(page).toContain('then £398.00 every 3 months from 17 March 2026');
  });

  it('a line without a price or name shows nothing for it; a session without a currency in pounds', () => {
    const record = goldRecord(NOW_S);
    const [setup] = record.line_items;
    const bare: CheckoutRecord = {
      ...record,
      session: { ...record.session, currency: null },
      line_items: [
        { ...setup!, price: null, description: null, quantity: null } as unknown as Stripe.LineItem,
      ],
    };
    const page = payBody(bare, NOW_S);
    expect(page).toContain('<li><span class="package"></span> <span class="amount">£0.00</span></li>');
    expect(page).toContain('<p class="price">Due today £0.00</p>');
  });
});

describe('a session that cannot be paid', () => {
  it('expired: says so, without the form or the expiry', () => {
    const record = expireIfDue(goldRecord(NOW_S), NOW_S + DAY_S)!.record;
    const page = payBody(record, NOW_S + DAY_S);
    expect(page).toContain(
      '<p class="error" role="alert">This checkout session has expired: it can no longer be paid. Go back to the site and start again.</p>',
    );
    expect(page).not.toContain('<form');
    expect(page).not.toContain('expires at');
    expect(page).not.toContain('name="email"');
    expect(page).not.toContain('Pay with');
  });

  it('cancelled: says so', () => {
    const record = cancelOnPage(goldRecord(NOW_S), NOW_S)!.record;
    expect(payBody(record, NOW_S)).toContain(
      '<p class="error" role="alert">This checkout session was cancelled.</p>',
    );
  });

  it('paid, pending or failed: names where it stands', () => {
    const paid = bought(goldRecord(NOW_S), NOW_S);
    expect(payBody(paid, NOW_S)).toMatch(
      /<p class="error" role="alert">This checkout session is paid\.<\/p>$/,
    );
    const pending = bought(goldRecord(NOW_S), NOW_S, 'bacs_debit');
    expect(payBody(pending, NOW_S)).toContain('This checkout session is pending.');
    const failed = {
      ...pending,
      ...runUntil({ ...pending, payment_outcome: 'fails' }, at('2026-03-11T10:00:00Z'), settings()).ledger,
    };
    expect(payBody(failed, NOW_S)).toContain('This checkout session is failed.');
  });

  it('a paid subscription shows the terms it was paid on, not those of paying now', () => {
    const record = bought(
      goldRecord(NOW_S, { subscriptionData: subscriptionData({ trialPeriodDays: 30 }) }),
      NOW_S,
    );
    const page = payBody(record, NOW_S + 5 * DAY_S);
    expect(page).toContain('free until 1 April 2026');
    expect(page).toContain(`then ${MONTHLY_TEXT} per month from 1 April 2026`);
  });

  it('a paid one-time purchase shows its terms', () => {
    const record = bought(
      goldRecord(NOW_S, {
        mode: 'payment',
        lineItems: [{ price: setupPrice(), quantity: 1 }],
        subscriptionData: null,
      }),
      NOW_S,
    );
    expect(payBody(record, NOW_S + DAY_S)).toContain(`<p class="price">Due today ${SETUP_TEXT}</p>`);
  });
});

describe('termsOf and methodsOf', () => {
  it('the terms of paying at a moment; the methods the session offers that the double knows', () => {
    const record = goldRecord(NOW_S, { subscriptionData: subscriptionData({ trialPeriodDays: 10 }) });
    expect(termsOf(record, NOW_S + DAY_S).trialEndS).toBe(NOW_S + 11 * DAY_S);
    const withOther = {
      ...record,
      session: { ...record.session, payment_method_types: ['link', 'bacs_debit', 'card'] },
    };
    expect(methodsOf(withOther)).toEqual(['bacs_debit', 'card']);
  });
});
