/**
 * The `checkout.session` object through its life: created open with its hosted page's address, what the first invoice
 * charges as its amounts and its line items' amounts, the methods it offers; complete once paid (its page gone, the
 * buyer's e-mail, the customer and subscription); expired. Payment mode names how a customer and an invoice would be
 * created; subscription mode leaves both to the subscription.
 */
import { describe, expect, it } from 'vitest';
import type { Stripe } from '../../../host-harness/payments/account/stripe-types.ts';
import { chargeTerms } from '../../../host-harness/payments/billing/billing-terms.ts';
import {
  buildLineItems,
  buildSession,
  completedSession,
  expiredSession,
  newSessionId,
  pricedLine,
  pricedLinesOf,
} from '../../../host-harness/payments/checkout/checkout-session.ts';
import { CURRENCY, MONTHLY_PENCE, SETUP_AND_MONTH_PENCE, SETUP_PENCE } from '../../support/spec-figures.ts';
import {
  at,
  goldInput,
  goldRecord,
  MONTHLY_NAME,
  monthlyPrice,
  PAGE_URL,
  SESSION_ID,
  SETUP_NAME,
  SITE,
  setupPrice,
  subscriptionData,
} from './checkout-fixtures.ts';

const NOW_S = at('2026-03-02T10:00:00Z');

describe('newSessionId', () => {
  it('is a test-mode session id: cs_test_ and 58 letters or digits, new each time', () => {
    const id = newSessionId();
    expect(id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(newSessionId()).not.toBe(id);
  });
});

describe('priced lines', () => {
  it('reads a stored line item’s price, quantity and interval for the billing terms', () => {
    const [setup, monthly] = goldRecord(NOW_S).line_items;
    expect(pricedLine(setup!)).toEqual({ unitAmount: SETUP_PENCE, quantity: 1, recurring: null });
    expect(pricedLine({ ...monthly!, quantity: 3 })).toEqual({
      unitAmount: MONTHLY_PENCE,
      quantity: 3,
      recurring: { interval: 'month', interval_count: 1 },
    });
  });

  it('reads a line without a price as free and one-time, one without a quantity as one', () => {
    const [setup, monthly] = goldRecord(NOW_S).line_items;
    expect(pricedLine({ ...setup!, price: null, quantity: null })).toEqual({
      unitAmount: 0,
      quantity: 1,
      recurring: null,
    });
    const noAmount = { ...monthly!, price: { ...monthly!.price!, unit_amount: null } };
    expect(pricedLine(noAmount).unitAmount).toBe(0);
  });

  it('reads a price with an interval the provider does not have as one-time', () => {
    const [, monthly] = goldRecord(NOW_S).line_items;
    const price = monthly!.price!;
    const quarterly = {
      ...monthly!,
      price: { ...price, recurring: { ...price.recurring!, interval: 'quarter' } },
    };
    expect(pricedLine(quarterly as Stripe.LineItem).recurring).toBeNull();
  });

  it('reads validated input the same way', () => {
    const input = goldInput(NOW_S, {
      lineItems: [
        { price: setupPrice(), quantity: 2 },
        { price: monthlyPrice({ recurring: { interval: 'year', interval_count: 1 } }), quantity: 1 },
      ],
    });
    expect(pricedLinesOf(input)).toEqual([
      { unitAmount: SETUP_PENCE, quantity: 2, recurring: null },
      { unitAmount: MONTHLY_PENCE, quantity: 1, recurring: { interval: 'year', interval_count: 1 } },
    ]);
  });
});

describe('buildLineItems', () => {
  it('gives each line what it adds to the first invoice, its product’s name and its price', () => {
    const input = goldInput(NOW_S, { subscriptionData: subscriptionData({ trialPeriodDays: 30 }) });
    const terms = chargeTerms(pricedLinesOf(input), input.subscriptionData, NOW_S);
    const [setup, monthly] = buildLineItems(input, terms, NOW_S);
    expect(setup).toStrictEqual({
      id: expect.stringMatching(/^li_[A-Za-z0-9]{24}$/),
      object: 'item',
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: SETUP_PENCE,
      amount_tax: 0,
      amount_total: SETUP_PENCE,
      currency: CURRENCY,
      description: SETUP_NAME,
      metadata: {},
      price: expect.objectContaining({
        object: 'price',
        unit_amount: SETUP_PENCE,
        created: NOW_S,
        type: 'one_time',
      }),
      quantity: 1,
    });
    // The trial makes the monthly fee's first period free: 0 on the first invoice.
    expect(monthly).toMatchObject({
      amount_subtotal: 0,
      amount_total: 0,
      description: MONTHLY_NAME,
      price: { unit_amount: MONTHLY_PENCE, type: 'recurring' },
    });
    expect(monthly!.id).not.toBe(setup!.id);
  });

  it('without an amount in the terms, a line adds its full price', () => {
    const input = goldInput(NOW_S, { lineItems: [{ price: setupPrice(), quantity: 2 }] });
    const terms = { ...chargeTerms(pricedLinesOf(input), null, NOW_S), todayByLine: [] };
    expect(buildLineItems(input, terms, NOW_S)[0]!.amount_total).toBe(2 * SETUP_PENCE);
  });
});

describe('buildSession', () => {
  it('is open at its hosted page, for what the first invoice charges, offering the methods it was given', () => {
    const input = goldInput(NOW_S, { customerEmail: 'buyer@example.com', clientReferenceId: 'ref-1' });
    const terms = chargeTerms(pricedLinesOf(input), input.subscriptionData, NOW_S);
    expect(buildSession(input, terms, SESSION_ID, PAGE_URL, NOW_S)).toStrictEqual({
      id: SESSION_ID,
      object: 'checkout.session',
      adaptive_pricing: { enabled: false },
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: null,
      amount_subtotal: SETUP_AND_MONTH_PENCE,
      amount_total: SETUP_AND_MONTH_PENCE,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: `${SITE}/Pricing`,
      client_reference_id: 'ref-1',
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: NOW_S,
      currency: CURRENCY,
      currency_conversion: null,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer: null,
      customer_account: null,
      customer_creation: null,
      customer_details: null,
      customer_email: 'buyer@example.com',
      discounts: [],
      expires_at: NOW_S + 24 * 3_600,
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      managed_payments: { enabled: false },
      metadata: { package: 'gold' },
      mode: 'subscription',
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_configuration_details: { id: 'pmc_harness_dashboard', parent: null },
      payment_method_options: { bacs_debit: {} },
      payment_method_types: ['card', 'bacs_debit'],
      payment_status: 'unpaid',
      permissions: null,
      phone_number_collection: { enabled: false },
      recovered_from: null,
      saved_payment_method_options: {
        allow_redisplay_filters: ['always'],
        payment_method_remove: null,
        payment_method_save: null,
      },
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: `${SITE}/PaymentSuccess?session_id={CHECKOUT_SESSION_ID}`,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: PAGE_URL,
      wallet_options: {},
    });
  });

  it('in payment mode: a customer if required, no invoice; card only has no Bacs options', () => {
    const input = goldInput(NOW_S, {
      mode: 'payment',
      lineItems: [{ price: setupPrice(), quantity: 1 }],
      methods: ['card'],
      allowedMethods: ['card'],
      subscriptionData: null,
    });
    const terms = chargeTerms(pricedLinesOf(input), null, NOW_S);
    const session = buildSession(input, terms, SESSION_ID, PAGE_URL, NOW_S);
    expect(session.mode).toBe('payment');
    expect(session.customer_creation).toBe('if_required');
    expect(session.invoice_creation).toStrictEqual({
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: null,
        rendering_options: null,
      },
    });
    expect(session.payment_method_options).toStrictEqual({});
    expect(session.payment_method_types).toEqual(['card']);
    expect(session.allowed_payment_method_types).toEqual(['card']);
    expect(session.amount_total).toBe(SETUP_PENCE);
  });
});

describe('completed and expired', () => {
  it('complete: its page gone, the customer, the buyer’s e-mail, the subscription and the payment status', () => {
    const session = goldRecord(NOW_S).session;
    const completed = completedSession(session, {
      customer: 'cus_1',
      subscription: 'sub_1',
      paymentIntent: null,
      email: 'buyer@example.com',
      paymentStatus: 'unpaid',
    });
    expect(completed).toStrictEqual({
      ...session,
      status: 'complete',
      payment_status: 'unpaid',
      url: null,
      customer: 'cus_1',
      customer_details: {
        address: null,
        business_name: null,
        email: 'buyer@example.com',
        individual_name: null,
        name: null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
      collected_information: { business_name: null, individual_name: null, shipping_details: null },
      payment_intent: null,
      subscription: 'sub_1',
    });
    const paid = completedSession(session, {
      customer: 'cus_2',
      subscription: null,
      paymentIntent: 'pi_1',
      email: null,
      paymentStatus: 'paid',
    });
    expect([
      paid.payment_status,
      paid.payment_intent,
      paid.subscription,
      paid.customer_details?.email,
    ]).toEqual(['paid', 'pi_1', null, null]);
  });

  it('expired: its page gone, nothing else changed', () => {
    const session = goldRecord(NOW_S).session;
    expect(expiredSession(session)).toStrictEqual({ ...session, status: 'expired', url: null });
  });
});
