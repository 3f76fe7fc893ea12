/**
 * `POST /v1/checkout/sessions` checked against the provider's description, then read by parseSessionParams: the
 * parameter each refusal names, the version boundary of `allowed_payment_method_types`, long values cut in messages, and the amount ceiling of each period.
 */

import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '../../../../host-harness/payments/api/checkout-rules.ts';
import { SETUP_PENCE } from '../../../support/spec-figures.ts';
import {
  ACACIA,
  bad,
  context,
  inline,
  parse,
  payment,
  refusal,
  SITE,
  subscription,
} from '../support/session-requests.ts';

const BOUNDARY = '2026-09-30.endive';

describe('allowed_payment_method_types and payment_method_types by API version', () => {
  it('takes allowed_payment_method_types at exactly the version that removed payment_method_types', () => {
    const input = parse(
      payment({ 'allowed_payment_method_types[0]': 'card' }),
      context({ apiVersion: BOUNDARY }),
    );
    expect(input.methods).toStrictEqual(['card']);
    expect(input.allowedMethods).toStrictEqual(['card']);
  });

  it('refuses allowed_payment_method_types before that version as an unknown parameter', () => {
    expect(
      refusal(payment({ 'allowed_payment_method_types[0]': 'card' }), context({ apiVersion: ACACIA })),
    ).toStrictEqual(
      bad(
        'Received unknown parameter: allowed_payment_method_types',
        'allowed_payment_method_types',
        'parameter_unknown',
      ),
    );
  });

  it('refuses payment_method_types from that version as an unknown parameter', () => {
    expect(
      refusal(payment({ 'payment_method_types[0]': 'card' }), context({ apiVersion: BOUNDARY })),
    ).toStrictEqual(
      bad('Received unknown parameter: payment_method_types', 'payment_method_types', 'parameter_unknown'),
    );
  });

  it('names payment_method_types when it is not a list', () => {
    expect(refusal(payment({ payment_method_types: 'card' }), context({ apiVersion: ACACIA }))).toStrictEqual(
      bad('Invalid array', 'payment_method_types'),
    );
  });

  it('cuts a long unknown payment method type to 100 characters in the message', () => {
    // The older version's description lists no method types: the double's own refusal names it, shortened.
    const long = 'x'.repeat(200);
    const what = `The payment method type ${long}`.slice(0, 100);
    expect(
      refusal(payment({ 'payment_method_types[0]': long }), context({ apiVersion: ACACIA })),
    ).toStrictEqual(bad(`${what} is not simulated by the local double`, 'payment_method_types[0]'));
    // At the pinned version the description lists them, and refuses one it does not list.
    expect(refusal(payment({ 'allowed_payment_method_types[0]': long })).message).toMatch(
      /^Invalid allowed_payment_method_types\[0\]: must be one of acss_debit, .*, card, .* or zip$/,
    );
  });
});

describe('the parameter each refusal names', () => {
  it('a recurring price without its interval', () => {
    expect(
      refusal(
        payment({
          mode: 'subscription',
          'line_items[0][price_data][recurring][interval_count]': '1',
        }),
      ),
    ).toStrictEqual(
      bad(
        'Missing required param: line_items[0][price_data][recurring][interval].',
        'line_items[0][price_data][recurring][interval]',
        'parameter_missing',
      ),
    );
  });

  it('an empty price id', () => {
    expect(
      refusal({
        mode: 'payment',
        'line_items[0][price]': '',
        'line_items[0][quantity]': '1',
        success_url: `${SITE}/PaymentSuccess`,
      }),
    ).toStrictEqual(
      bad('Missing required param: line_items[0][price].', 'line_items[0][price]', 'parameter_missing'),
    );
  });

  it('price data without a currency', () => {
    expect(
      refusal({
        mode: 'payment',
        'line_items[0][price_data][unit_amount]': String(SETUP_PENCE),
        'line_items[0][price_data][product_data][name]': 'Item 0',
        'line_items[0][quantity]': '1',
        success_url: `${SITE}/PaymentSuccess`,
      }),
    ).toStrictEqual(
      bad(
        'Missing required param: line_items[0][price_data][currency].',
        'line_items[0][price_data][currency]',
        'parameter_missing',
      ),
    );
  });

  it('customer_creation that is not text', () => {
    expect(refusal(payment({ 'customer_creation[x]': 'always' }))).toStrictEqual(
      bad('Invalid string', 'customer_creation'),
    );
  });

  it('client_reference_id that is not text', () => {
    expect(refusal(payment({ 'client_reference_id[x]': 'ref' }))).toStrictEqual(
      bad('Invalid string', 'client_reference_id'),
    );
  });

  it('subscription_data[proration_behavior] that is not text', () => {
    expect(refusal(subscription({ 'subscription_data[proration_behavior][x]': 'none' }))).toStrictEqual(
      bad('Invalid string', 'subscription_data[proration_behavior]'),
    );
  });

  it('subscription_data[description] that is not text', () => {
    expect(refusal(subscription({ 'subscription_data[description][x]': 'Gold' }))).toStrictEqual(
      bad('Invalid string', 'subscription_data[description]'),
    );
  });
});

describe('the amount ceiling', () => {
  it('takes a period of exactly the largest amount', () => {
    const input = parse({
      mode: 'subscription',
      ...inline(0, MAX_AMOUNT, true),
      success_url: `${SITE}/PaymentSuccess`,
    });
    expect(input.lineItems[0]!.price.unit_amount).toBe(MAX_AMOUNT);
  });

  it('refuses a period one minor unit over it', () => {
    expect(
      refusal({
        mode: 'subscription',
        ...inline(0, MAX_AMOUNT, true),
        'line_items[0][quantity]': '2',
        'subscription_data[trial_period_days]': '7',
        success_url: `${SITE}/PaymentSuccess`,
      }),
    ).toStrictEqual(
      bad(
        `Amount must be no more than ${MAX_AMOUNT} minor units (what is due today, and each period)`,
        'line_items',
        'amount_too_large',
      ),
    );
  });
});
