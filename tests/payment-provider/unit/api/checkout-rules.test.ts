/**
 * `POST /v1/checkout/sessions` read and checked as the provider documents it (RULES.md): what a valid request becomes,
 * and each refusal, its 400 naming the parameter at fault. Requests are form bodies decoded as the route decodes them.
 */

import { describe, expect, it } from 'vitest';
import {
  defaultAccountSettings,
  patchedSettings,
} from '../../../../host-harness/payments/account/account-settings.ts';
import { emailAddress, parseSessionParams } from '../../../../host-harness/payments/api/checkout-rules.ts';
import { describedParams } from '../../../../host-harness/payments/api/request-schema.ts';
import { MONTHLY_PENCE, SETUP_PENCE } from '../../../support/spec-figures.ts';
import { refusalOf } from '../support/provider-refusal.ts';
import {
  ACACIA,
  bad,
  context,
  type Fields,
  inline,
  NOW,
  PINNED,
  parse,
  payment,
  refusal,
  SITE,
  subscription,
} from '../support/session-requests.ts';

const HOUR = 3_600;
const DAY = 24 * HOUR;

describe('a valid session', () => {
  it('becomes the session input, with the defaults the provider gives', () => {
    expect(parse(subscription())).toStrictEqual({
      mode: 'subscription',
      lineItems: [
        {
          price: {
            id: 'price_inline',
            product_name: 'Item 0',
            unit_amount: SETUP_PENCE,
            currency: 'gbp',
            recurring: null,
          },
          quantity: 1,
        },
        {
          price: {
            id: 'price_inline',
            product_name: 'Item 1',
            unit_amount: MONTHLY_PENCE,
            currency: 'gbp',
            recurring: { interval: 'month', interval_count: 1 },
          },
          quantity: 1,
        },
      ],
      currency: 'gbp',
      successUrl: `${SITE}/PaymentSuccess`,
      cancelUrl: null,
      customerEmail: null,
      clientReferenceId: null,
      metadata: {},
      methods: ['card', 'bacs_debit'],
      allowedMethods: null,
      subscriptionData: null,
      expiresAt: NOW + DAY,
    });
  });

  it('keeps what the request gives', () => {
    const input = parse(
      subscription({
        cancel_url: 'http://127.0.0.1:4401/Pricing',
        customer_email: 'owner@example.co.uk',
        client_reference_id: 'r'.repeat(200),
        'metadata[package]': 'gold',
        'subscription_data[trial_period_days]': '30',
        expires_at: String(NOW + HOUR),
        'line_items[1][quantity]': '2',
        'line_items[1][price_data][recurring][interval_count]': '3',
        'line_items[1][price_data][currency]': 'GBP',
        ui_mode: 'hosted_page',
      }),
    );
    expect(input).toMatchObject({
      cancelUrl: 'http://127.0.0.1:4401/Pricing',
      customerEmail: 'owner@example.co.uk',
      clientReferenceId: 'r'.repeat(200),
      metadata: { package: 'gold' },
      subscriptionData: { trialPeriodDays: 30, trialEnd: null, metadata: {} },
      expiresAt: NOW + HOUR,
    });
    expect(input.lineItems[1]).toStrictEqual({
      price: {
        id: 'price_inline',
        product_name: 'Item 1',
        unit_amount: MONTHLY_PENCE,
        currency: 'gbp',
        recurring: { interval: 'month', interval_count: 3 },
      },
      quantity: 2,
    });
  });

  it("names the dashboard's prices by id", () => {
    const input = parse({
      mode: 'subscription',
      'line_items[0][price]': 'price_setup',
      'line_items[0][quantity]': '1',
      'line_items[1][price]': 'price_monthly',
      'line_items[1][quantity]': '1',
      success_url: `${SITE}/ok`,
    });
    expect(input.lineItems.map((item) => item.price)).toStrictEqual([
      {
        id: 'price_setup',
        product_name: 'Gold package: setup',
        unit_amount: SETUP_PENCE,
        currency: 'gbp',
        recurring: null,
      },
      {
        id: 'price_monthly',
        product_name: 'Gold package: monthly',
        unit_amount: MONTHLY_PENCE,
        currency: 'gbp',
        recurring: { interval: 'month', interval_count: 1 },
      },
    ]);
  });

  it('takes the display-only parameters and changes nothing for them', () => {
    const display: Fields = {
      billing_address_collection: 'auto',
      'consent_collection[terms_of_service]': 'required',
      'custom_text[submit][message]': 'Thanks',
      'expand[0]': 'line_items',
      locale: 'en-GB',
      'phone_number_collection[enabled]': 'true',
      'tax_id_collection[enabled]': 'true',
    };
    for (const [key, value] of Object.entries(display)) {
      expect(parse(payment({ [key]: value })), key).toStrictEqual(parse(payment()));
    }
  });

  it('takes a product description and metadata, and shortens a name to 250 characters', () => {
    const input = parse(
      payment({
        'line_items[0][price_data][product_data][name]': 'n'.repeat(300),
        'line_items[0][price_data][product_data][description]': 'Setup of the platform',
        'line_items[0][price_data][product_data][metadata][k]': 'v',
      }),
    );
    expect(input.lineItems[0]!.price.product_name).toBe('n'.repeat(250));
  });
});

describe('parameter names', () => {
  it('refuses a name the API does not take (parameter_unknown), at each level', () => {
    expect(refusal(payment({ colour: 'red' }))).toStrictEqual(
      bad('Received unknown parameter: colour', 'colour', 'parameter_unknown'),
    );
    expect(refusal(payment({ [`x${'y'.repeat(120)}`]: '1' })).message).toBe(
      `Received unknown parameter: x${'y'.repeat(99)}`,
    );
    expect(refusal(payment({ 'line_items[0][colour]': 'red' }))).toStrictEqual(
      bad('Received unknown parameter: line_items[0][colour]', 'line_items[0][colour]', 'parameter_unknown'),
    );
    expect(refusal(payment({ 'line_items[0][price_data][colour]': 'red' })).param).toBe(
      'line_items[0][price_data][colour]',
    );
    expect(refusal(payment({ 'line_items[0][price_data][product_data][colour]': 'red' })).param).toBe(
      'line_items[0][price_data][product_data][colour]',
    );
    expect(
      refusal(subscription({ 'line_items[1][price_data][recurring][usage_type]': 'metered' })),
    ).toStrictEqual(
      bad(
        'Received unknown parameter: line_items[1][price_data][recurring][usage_type]',
        'line_items[1][price_data][recurring][usage_type]',
        'parameter_unknown',
      ),
    );
  });

  it('refuses a name the API takes but the double does not compute, naming it', () => {
    expect(refusal(payment({ 'automatic_tax[enabled]': 'true' }))).toStrictEqual(
      bad('automatic_tax is not simulated by the local double', 'automatic_tax'),
    );
    for (const [key, value] of [
      ['adjustable_quantity[enabled]', 'true'],
      ['tax_rates[0]', 'x'],
      ['metadata[k]', 'x'],
    ] as const) {
      const param = `line_items[0][${key.split('[')[0]}]`;
      expect(refusal(payment({ [`line_items[0][${key.replace('[', '][')}`]: value })), key).toStrictEqual(
        bad(`${param} is not simulated by the local double`, param),
      );
    }
    for (const [key, value] of [
      ['product', 'x'],
      ['tax_behavior', 'exclusive'],
      ['unit_amount_decimal', 'x'],
    ] as const) {
      const param = `line_items[0][price_data][${key}]`;
      expect(refusal(payment({ [param]: value })), key).toStrictEqual(
        bad(`${param} is not simulated by the local double`, param),
      );
    }
    for (const [key, sent] of [
      ['images', '[0]'],
      ['tax_code', ''],
      ['tax_details', '[tax_code]'],
      ['unit_label', ''],
    ] as const) {
      const param = `line_items[0][price_data][product_data][${key}]`;
      expect(refusal(payment({ [`${param}${sent}`]: 'x' })), key).toStrictEqual(
        bad(`${param} is not simulated by the local double`, param),
      );
    }
  });

  it("reads payment_method_types up to 2026-09-30.endive's date, allowed_payment_method_types from it", () => {
    const old = context({ apiVersion: ACACIA });
    expect(refusal(payment({ 'payment_method_types[0]': 'card' }))).toStrictEqual(
      bad('Received unknown parameter: payment_method_types', 'payment_method_types', 'parameter_unknown'),
    );
    expect(
      refusal(payment({ 'payment_method_types[0]': 'card' }), context({ apiVersion: '2026-09-30.endive' }))
        .code,
    ).toBe('parameter_unknown');
    expect(
      parse(payment({ 'payment_method_types[0]': 'card' }), context({ apiVersion: '2026-09-29.dahlia' }))
        .methods,
    ).toStrictEqual(['card']);
    expect(refusal(payment({ 'allowed_payment_method_types[0]': 'card' }), old)).toStrictEqual(
      bad(
        'Received unknown parameter: allowed_payment_method_types',
        'allowed_payment_method_types',
        'parameter_unknown',
      ),
    );
    expect(parse(payment({ 'payment_method_types[0]': 'bacs_debit' }), old).methods).toStrictEqual([
      'bacs_debit',
    ]);
  });
});

describe('mode and its parameters', () => {
  it('needs a mode of payment or subscription; setup is not simulated', () => {
    // The description lets mode be left out; the double refuses rather than guess what is sold.
    const { mode: _mode, ...noMode } = payment();
    expect(refusal(noMode)).toStrictEqual(bad('Missing required param: mode.', 'mode', 'parameter_missing'));
    expect(refusal({ ...payment(), mode: '' })).toStrictEqual(
      bad('Invalid mode: must be one of payment, setup or subscription', 'mode'),
    );
    expect(refusal({ ...payment(), mode: 'setup' })).toStrictEqual(
      bad('Setup mode is not simulated by the local double', 'mode'),
    );
    expect(refusal({ ...payment(), mode: 'donation' })).toStrictEqual(
      bad('Invalid mode: must be one of payment, setup or subscription', 'mode'),
    );
  });

  it('takes the hosted page only', () => {
    expect(refusal(payment({ ui_mode: 'embedded_page' }))).toStrictEqual(
      bad('ui_mode embedded_page is not simulated by the local double', 'ui_mode'),
    );
    expect(refusal(payment({ ui_mode: 'embedded' }))).toStrictEqual(
      bad('Invalid ui_mode: must be one of elements, embedded_page, form or hosted_page', 'ui_mode'),
    );
    expect(refusal(payment({ 'ui_mode[x]': 'y' }))).toStrictEqual(bad('Invalid string', 'ui_mode'));
  });

  it('takes customer_creation always or if_required, in payment mode only', () => {
    expect(parse(payment({ customer_creation: 'always' })).mode).toBe('payment');
    expect(parse(payment({ customer_creation: 'if_required' })).mode).toBe('payment');
    expect(refusal(payment({ customer_creation: 'never' }))).toStrictEqual(
      bad('Invalid customer_creation: must be one of always or if_required', 'customer_creation'),
    );
    expect(refusal(payment({ customer_creation: '' }))).toStrictEqual(
      bad('Invalid customer_creation: must be one of always or if_required', 'customer_creation'),
    );
    expect(refusal(subscription({ customer_creation: 'always' }))).toStrictEqual(
      bad('`customer_creation` can only be used in `payment` and `setup` mode.', 'customer_creation'),
    );
  });
});

describe('line items', () => {
  it('are required, as a list of objects', () => {
    expect(refusal({ mode: 'payment', success_url: `${SITE}/ok` })).toStrictEqual(
      bad(
        'Missing required param: line_items (required in payment mode).',
        'line_items',
        'parameter_missing',
      ),
    );
    expect(refusal({ mode: 'subscription', success_url: `${SITE}/ok` }).message).toBe(
      'Missing required param: line_items (required in subscription mode).',
    );
    expect(refusal({ mode: 'payment', line_items: 'x', success_url: `${SITE}/ok` })).toStrictEqual(
      bad('Invalid array', 'line_items'),
    );
    expect(refusal({ mode: 'payment', 'line_items[price]': 'x', success_url: `${SITE}/ok` })).toStrictEqual(
      bad('Invalid array', 'line_items'),
    );
    expect(refusal({ mode: 'payment', 'line_items[0]': 'x', success_url: `${SITE}/ok` })).toStrictEqual(
      bad('Invalid object', 'line_items[0]'),
    );
    expect(refusalOf(() => parseSessionParams({ mode: 'payment', line_items: [] }, context()))).toStrictEqual(
      bad('Invalid array', 'line_items'),
    );
  });

  it('payment mode: at most 100, none recurring', () => {
    const items = (n: number) =>
      Object.assign({}, ...Array.from({ length: n }, (_, i) => inline(i, 100))) as Fields;
    expect(parse({ ...payment(), ...items(100) }).lineItems).toHaveLength(100);
    expect(refusal({ ...payment(), ...items(101) })).toStrictEqual(
      bad('line_items may hold at most 100 items in payment mode', 'line_items'),
    );
    expect(refusal({ ...payment(), ...inline(1, MONTHLY_PENCE, true) })).toStrictEqual(
      bad(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        'line_items[1][price]',
      ),
    );
  });

  it('subscription mode: at most 20 recurring and 20 one-time, at least one recurring', () => {
    const items = (from: number, n: number, recurring: boolean) =>
      Object.assign({}, ...Array.from({ length: n }, (_, i) => inline(from + i, 100, recurring))) as Fields;
    expect(
      parse({
        mode: 'subscription',
        success_url: `${SITE}/ok`,
        ...items(0, 20, true),
        ...items(20, 20, false),
      }).lineItems,
    ).toHaveLength(40);
    const limit = bad(
      'In subscription mode, line_items may hold at most 20 recurring and 20 one-time prices',
      'line_items',
    );
    expect(refusal({ mode: 'subscription', success_url: `${SITE}/ok`, ...items(0, 21, true) })).toStrictEqual(
      limit,
    );
    expect(
      refusal({
        mode: 'subscription',
        success_url: `${SITE}/ok`,
        ...items(0, 1, true),
        ...items(1, 21, false),
      }),
    ).toStrictEqual(limit);
    expect(
      refusal({ mode: 'subscription', success_url: `${SITE}/ok`, ...items(0, 101, true) }),
    ).toStrictEqual(limit);
    expect(
      refusal({ mode: 'subscription', success_url: `${SITE}/ok`, ...inline(0, SETUP_PENCE) }),
    ).toStrictEqual(
      bad(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        'line_items',
      ),
    );
  });

  it('name one of price or price_data', () => {
    expect(refusal(payment({ 'line_items[0][price]': 'price_setup' }))).toStrictEqual(
      bad('You may only specify one of these parameters: price, price_data.', 'line_items[0][price]'),
    );
    expect(
      refusal({ mode: 'payment', 'line_items[0][quantity]': '1', success_url: `${SITE}/ok` }),
    ).toStrictEqual(
      bad('You must specify either price or price_data.', 'line_items[0][price_data]', 'parameter_missing'),
    );
    expect(
      refusal({
        mode: 'payment',
        'line_items[0][price_data]': 'x',
        'line_items[0][quantity]': '1',
        success_url: `${SITE}/ok`,
      }).param,
    ).toBe('line_items[0][price_data]');
    expect(
      refusal({ mode: 'payment', 'line_items[0][price]': 'price_nope', 'line_items[0][quantity]': '1' }),
    ).toStrictEqual(bad("No such price: 'price_nope'", 'line_items[0][price]', 'resource_missing'));
    expect(
      refusal({ mode: 'payment', 'line_items[0][price]': 'p'.repeat(150), 'line_items[0][quantity]': '1' })
        .message,
    ).toBe(`No such price: '${'p'.repeat(100)}'`);
    expect(
      refusal({ mode: 'payment', 'line_items[0][price]': '', 'line_items[0][quantity]': '1' }).code,
    ).toBe('parameter_missing');
  });

  it('need a quantity of 1 to 999,999', () => {
    expect(
      parse(payment({ 'line_items[0][quantity]': '999999', 'line_items[0][price_data][unit_amount]': '50' }))
        .lineItems[0]!.quantity,
    ).toBe(999_999);
    expect(refusal(payment({ 'line_items[0][quantity]': '1000000' }))).toStrictEqual(
      bad(
        'Invalid integer: 1000000 (line_items[0][quantity] must be 1 to 999999)',
        'line_items[0][quantity]',
      ),
    );
    expect(refusal(payment({ 'line_items[0][quantity]': '0' })).param).toBe('line_items[0][quantity]');
  });

  it('price data: a three-letter currency (any case), a whole amount, product data with a name', () => {
    expect(parse(payment({ 'line_items[0][price_data][currency]': 'EUR' })).currency).toBe('eur');
    for (const currency of ['eu', 'euro', 'e1r']) {
      expect(refusal(payment({ 'line_items[0][price_data][currency]': currency })), currency).toStrictEqual(
        bad(`Invalid currency: ${currency}`, 'line_items[0][price_data][currency]'),
      );
    }
    expect(refusal(payment({ 'line_items[0][price_data][currency]': 'x'.repeat(30) })).message).toBe(
      `Invalid currency: ${'x'.repeat(20)}`,
    );
    expect(refusal(payment({ 'line_items[0][price_data][currency]': '' })).code).toBe('parameter_missing');
    // A number the description takes, the double's reading refuses unless whole; text is no number at all.
    for (const amount of ['12.5', '-1', '1234567890123']) {
      expect(refusal(payment({ 'line_items[0][price_data][unit_amount]': amount })), amount).toStrictEqual(
        bad(`Invalid integer: ${amount}`, 'line_items[0][price_data][unit_amount]'),
      );
    }
    for (const amount of ['x1', '1x']) {
      expect(refusal(payment({ 'line_items[0][price_data][unit_amount]': amount })), amount).toStrictEqual(
        bad(`Invalid number: ${amount}`, 'line_items[0][price_data][unit_amount]'),
      );
    }
    expect(refusal(payment({ 'line_items[0][price_data][unit_amount]': '9'.repeat(50) })).message).toBe(
      `Invalid integer: ${'9'.repeat(40)}`,
    );
    expect(refusal(payment({ 'line_items[0][price_data][unit_amount]': '' }))).toStrictEqual(
      bad('Invalid number', 'line_items[0][price_data][unit_amount]'),
    );
    const { 'line_items[0][price_data][product_data][name]': _name, ...noProduct } = payment();
    expect(refusal(noProduct)).toStrictEqual(
      bad(
        'Missing required param: product_data (the double knows no product ids).',
        'line_items[0][price_data][product_data]',
        'parameter_missing',
      ),
    );
    expect(refusal({ ...noProduct, 'line_items[0][price_data][product_data]': 'x' }).param).toBe(
      'line_items[0][price_data][product_data]',
    );
    expect(
      refusal({ ...noProduct, 'line_items[0][price_data][product_data][description]': 'd' }),
    ).toStrictEqual(
      bad(
        'Missing required param: line_items[0][price_data][product_data][name].',
        'line_items[0][price_data][product_data][name]',
        'parameter_missing',
      ),
    );
  });

  it('recurring: an interval of day, week, month or year, every 1 to 365 of them', () => {
    for (const interval of ['day', 'week', 'month', 'year'] as const) {
      const input = parse(subscription({ 'line_items[1][price_data][recurring][interval]': interval }));
      expect(input.lineItems[1]!.price.recurring, interval).toStrictEqual({ interval, interval_count: 1 });
    }
    expect(
      parse(
        subscription({
          'line_items[1][price_data][recurring][interval_count]': '365',
          'line_items[1][price_data][recurring][interval]': 'day',
        }),
      ).lineItems[1]!.price.recurring,
    ).toStrictEqual({ interval: 'day', interval_count: 365 });
    const at = 'line_items[1][price_data][recurring]';
    expect(refusal(subscription({ [`${at}[interval]`]: 'fortnight' }))).toStrictEqual(
      bad(`Invalid ${at}[interval]: must be one of day, month, week or year`, `${at}[interval]`),
    );
    expect(refusal(subscription({ [`${at}[interval_count]`]: '366' }))).toStrictEqual(
      bad(`Invalid integer: 366 (${at}[interval_count] must be 1 to 365)`, `${at}[interval_count]`),
    );
    expect(refusal(subscription({ [`${at}[interval]`]: '' })).param).toBe(`${at}[interval]`);
    const { [`${at}[interval]`]: _interval, ...notRecurring } = subscription();
    expect(refusal({ ...notRecurring, [at]: 'month' })).toStrictEqual(bad('Invalid object', at));
  });

  it('share one currency and, when recurring, one interval', () => {
    expect(refusal({ ...subscription(), ...inline(2, 100, false, 'eur') })).toStrictEqual(
      bad('All line items must use the same currency.', 'line_items'),
    );
    const mixed = bad(
      'Recurring prices of different intervals in one session are not simulated by the local double.',
      'line_items',
    );
    expect(
      refusal({
        ...subscription(),
        ...inline(2, 100, true),
        'line_items[2][price_data][recurring][interval]': 'year',
      }),
    ).toStrictEqual(mixed);
    expect(
      refusal({
        ...subscription(),
        ...inline(2, 100, true),
        'line_items[2][price_data][recurring][interval_count]': '2',
      }),
    ).toStrictEqual(mixed);
    expect(parse({ ...subscription(), ...inline(2, 100, true) }).lineItems).toHaveLength(3);
  });
});

describe('amounts', () => {
  it('a unit amount of at most 99,999,999', () => {
    expect(
      parse(payment({ 'line_items[0][price_data][unit_amount]': '99999999' })).lineItems[0]!.price
        .unit_amount,
    ).toBe(99_999_999);
    expect(refusal(payment({ 'line_items[0][price_data][unit_amount]': '100000000' }))).toStrictEqual(
      bad(
        'Amount must be no more than 99999999 minor units',
        'line_items[0][price_data][unit_amount]',
        'amount_too_large',
      ),
    );
    expect(refusal(payment({ 'line_items[0][price_data][unit_amount]': '999999999999' })).code).toBe(
      'amount_too_large',
    );
  });

  it('what is due today, and each period, at most 99,999,999', () => {
    const tooLarge = bad(
      'Amount must be no more than 99999999 minor units (what is due today, and each period)',
      'line_items',
      'amount_too_large',
    );
    expect(
      refusal(
        payment({ 'line_items[0][quantity]': '2', 'line_items[0][price_data][unit_amount]': '50000000' }),
      ),
    ).toStrictEqual(tooLarge);
    expect(
      parse(payment({ 'line_items[0][quantity]': '3', 'line_items[0][price_data][unit_amount]': '33333333' }))
        .lineItems,
    ).toHaveLength(1);
    // A trial charges nothing today; the period's charge is still bounded.
    expect(
      refusal({
        mode: 'subscription',
        ...inline(0, 60_000_000, true),
        'line_items[0][quantity]': '2',
        success_url: `${SITE}/ok`,
        'subscription_data[trial_period_days]': '7',
      }),
    ).toStrictEqual(tooLarge);
  });

  it('what is due today, when anything is, at least 50', () => {
    expect(refusal(payment({ 'line_items[0][price_data][unit_amount]': '49' }))).toStrictEqual(
      bad('Amount must be at least 50 minor units (what is due today)', 'line_items', 'amount_too_small'),
    );
    expect(parse(payment({ 'line_items[0][price_data][unit_amount]': '50' })).lineItems).toHaveLength(1);
    expect(
      parse({
        mode: 'subscription',
        ...inline(0, 10, true),
        success_url: `${SITE}/ok`,
        'subscription_data[trial_period_days]': '7',
      }).lineItems,
    ).toHaveLength(1);
    expect(parse(payment({ 'line_items[0][price_data][unit_amount]': '0' })).lineItems).toHaveLength(1);
  });
});

describe('payment methods', () => {
  it("offers the dashboard's methods that collect the currency", () => {
    expect(parse(payment()).methods).toStrictEqual(['card', 'bacs_debit']);
    expect(parse(payment({ 'line_items[0][price_data][currency]': 'usd' })).methods).toStrictEqual(['card']);
  });

  it('narrows to allowed_payment_method_types, once each', () => {
    const input = parse(
      payment({
        'allowed_payment_method_types[0]': 'bacs_debit',
        'allowed_payment_method_types[1]': 'bacs_debit',
      }),
    );
    expect(input.methods).toStrictEqual(['bacs_debit']);
    expect(input.allowedMethods).toStrictEqual(['bacs_debit']);
    expect(refusal(payment({ allowed_payment_method_types: '' }))).toStrictEqual(
      bad('Invalid array', 'allowed_payment_method_types'),
    );
  });

  it('refuses a list that is not one, an entry that is not text, and a method it does not simulate', () => {
    expect(refusal(payment({ allowed_payment_method_types: 'card' }))).toStrictEqual(
      bad('Invalid array', 'allowed_payment_method_types'),
    );
    expect(
      refusalOf(() =>
        parseSessionParams(
          {
            ...describedParams(
              'POST /v1/checkout/sessions',
              new URLSearchParams(payment()).toString(),
              PINNED,
            ),
            allowed_payment_method_types: [],
          },
          context(),
        ),
      ),
    ).toStrictEqual(bad('Invalid array', 'allowed_payment_method_types'));
    expect(
      refusal(
        payment({ 'allowed_payment_method_types[0]': 'card', 'allowed_payment_method_types[1][x]': 'y' }),
      ),
    ).toStrictEqual(bad('Invalid string', 'allowed_payment_method_types[1]'));
    expect(refusal(payment({ 'allowed_payment_method_types[0]': 'sepa_debit' }))).toStrictEqual(
      bad(
        'The payment method type sepa_debit is not simulated by the local double',
        'allowed_payment_method_types[0]',
      ),
    );
  });

  it('refuses a session none of whose methods collect its currency', () => {
    expect(
      refusal(
        payment({
          'line_items[0][price_data][currency]': 'eur',
          'allowed_payment_method_types[0]': 'bacs_debit',
        }),
      ),
    ).toStrictEqual(
      bad(
        'No payment method this session could use is turned on for eur (turned on: card, bacs_debit)',
        'allowed_payment_method_types',
      ),
    );
    const bacsOnly = context({
      settings: patchedSettings(defaultAccountSettings(), { payment_methods: ['bacs_debit'] }, [PINNED]),
    });
    expect(refusal(payment({ 'line_items[0][price_data][currency]': 'eur' }), bacsOnly)).toStrictEqual(
      bad(
        'No payment method this session could use is turned on for eur (turned on: bacs_debit)',
        'currency',
      ),
    );
  });

  it("an older version's payment_method_types names them exactly; Bacs only for pounds", () => {
    const old = context({ apiVersion: ACACIA });
    expect(parse(payment({ 'payment_method_types[0]': 'card' }), old)).toMatchObject({
      methods: ['card'],
      allowedMethods: null,
    });
    expect(
      refusal(
        payment({ 'payment_method_types[0]': 'bacs_debit', 'line_items[0][price_data][currency]': 'eur' }),
        old,
      ),
    ).toStrictEqual(
      bad(
        'The currency provided (eur) is invalid for one or more payment method types on this Checkout Session: bacs_debit accepts gbp only.',
        'payment_method_types',
      ),
    );
    expect(
      parse(payment({ 'payment_method_types[0]': 'card', 'line_items[0][price_data][currency]': 'eur' }), old)
        .methods,
    ).toStrictEqual(['card']);
  });
});

describe('return addresses', () => {
  it('success_url is required; both on the site, http(s), at most 5,000 characters', () => {
    const { success_url: _s, ...noSuccess } = payment();
    expect(refusal(noSuccess)).toStrictEqual(
      bad('Missing required param: success_url.', 'success_url', 'parameter_missing'),
    );
    const long = `${SITE}/${'p'.repeat(5_000 - SITE.length - 1)}`;
    expect(parse(payment({ success_url: long, cancel_url: long })).successUrl).toBe(long);
    expect(refusal(payment({ cancel_url: `${long}p` }))).toStrictEqual(
      bad('cancel_url may be at most 5000 characters', 'cancel_url'),
    );
    for (const url of ['not a url', `ftp://localhost:4401/x`, 'javascript:alert(1)']) {
      expect(refusal(payment({ success_url: url })), url).toStrictEqual(
        bad('Not a valid URL', 'success_url', 'url_invalid'),
      );
    }
    expect(parse(payment({ success_url: 'HTTP://localhost:4401/x' })).successUrl).toBe(
      'HTTP://localhost:4401/x',
    );
    expect(refusal(payment({ cancel_url: 'https://evil.example/x' }))).toStrictEqual(
      bad(
        "cancel_url must be on the site's origin (http://localhost:4401, http://127.0.0.1:4401): the local double returns buyers nowhere else",
        'cancel_url',
        'url_invalid',
      ),
    );
    expect(refusal(payment({ success_url: 'https://localhost:4401/x' })).code).toBe('url_invalid');
  });
});

describe('customer e-mail and reference', () => {
  it('an e-mail address of at most 512 characters, nothing hidden in it', () => {
    expect(emailAddress(undefined, 'customer_email')).toBeNull();
    expect(emailAddress('', 'customer_email')).toBeNull();
    const longest = `${'a'.repeat(500)}@example.com`;
    expect(longest).toHaveLength(512);
    for (const address of ['ab@cd.ef', 'a~b@c.d', longest, 'first.last+tag@mail.example.co.uk']) {
      expect(emailAddress(address, 'customer_email'), address).toBe(address);
    }
    for (const address of [
      `a${longest}`,
      'ab cd@ef.gh',
      'ab@cd',
      '@cd.ef',
      'ab@.ef',
      'ab@cd.',
      'ab@@cd.ef',
      'x ab@cd.ef',
      'ab@cd.ef x',
      'ab@c d.ef',
      'ab@cd.e f',
    ]) {
      expect(
        refusalOf(() => emailAddress(address, 'customer_email')),
        address,
      ).toStrictEqual(
        bad(`Invalid email address: ${address.slice(0, 100)}`, 'customer_email', 'email_invalid'),
      );
    }
  });

  it('refuses hidden characters by Unicode class: controls, format, separators, default-ignorable, fillers', () => {
    const hidden = [
      0x00, 0x1f, 0x7f, 0x85, 0x9f, 0x200b, 0x200d, 0x200f, 0x2028, 0x202a, 0x202e, 0x2060, 0x2062, 0x2064,
      0x2065, 0x2066, 0x2068, 0x2069, 0x206a, 0xfeff, 0x061c, 0x00ad, 0x3164, 0x180e, 0x2800, 0x034f, 0xfe0f,
      0x115f, 0x1160, 0xffa0,
    ];
    for (const code of hidden) {
      const address = `ab${String.fromCharCode(code)}c@example.com`;
      expect(refusalOf(() => emailAddress(address, 'p')).code, code.toString(16)).toBe('email_invalid');
    }
    for (const code of [0x7e, 0xa1, 0x2010, 0x2030, 0xfefe, 0xff01]) {
      const address = `ab${String.fromCharCode(code)}c@example.com`;
      expect(emailAddress(address, 'p'), code.toString(16)).toBe(address);
    }
    // A tag character, beyond the Basic Multilingual Plane.
    expect(refusalOf(() => emailAddress('ab\u{E0041}c@example.com', 'p')).code).toBe('email_invalid');
  });

  it('a session refuses a bad customer_email, and a reference over 200 characters', () => {
    expect(refusal(payment({ customer_email: 'nobody' })).param).toBe('customer_email');
    expect(refusal(payment({ client_reference_id: 'r'.repeat(201) }))).toStrictEqual(
      bad('client_reference_id may be at most 200 characters', 'client_reference_id'),
    );
    expect(parse(payment({ client_reference_id: '' })).clientReferenceId).toBeNull();
  });
});

describe('expires_at', () => {
  it('30 minutes to 24 hours from now; 24 hours by default', () => {
    expect(parse(payment()).expiresAt).toBe(NOW + DAY);
    expect(refusal(payment({ expires_at: '' }))).toStrictEqual(bad('Invalid number', 'expires_at'));
    expect(parse(payment({ expires_at: String(NOW + 30 * 60) })).expiresAt).toBe(NOW + 30 * 60);
    expect(parse(payment({ expires_at: String(NOW + DAY) })).expiresAt).toBe(NOW + DAY);
    for (const at of [NOW + 30 * 60 - 1, NOW + DAY + 1]) {
      expect(refusal(payment({ expires_at: String(at) })), String(at)).toStrictEqual(
        bad(
          'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
          'expires_at',
        ),
      );
    }
    expect(refusal(payment({ expires_at: 'soon' })).param).toBe('expires_at');
  });
});

describe('metadata and subscription data', () => {
  it('reads the metadata with its limits', () => {
    expect(parse(payment({ 'metadata[package]': 'gold', 'metadata[empty]': '' })).metadata).toStrictEqual({
      package: 'gold',
    });
    expect(refusal(payment({ metadata: 'gold' }))).toStrictEqual(bad('Invalid object', 'metadata'));
  });

  it('passes subscription_data on in subscription mode, refuses it in payment mode', () => {
    expect(parse(subscription({ 'subscription_data[description]': 'Gold' })).subscriptionData).toStrictEqual({
      billingCycleAnchor: null,
      prorationBehavior: 'create_prorations',
      trialEnd: null,
      trialPeriodDays: null,
      description: 'Gold',
      metadata: {},
    });
    expect(refusal(payment({ 'subscription_data[description]': 'Gold' }))).toStrictEqual(
      bad('You can only pass `subscription_data` in `subscription` mode.', 'subscription_data'),
    );
  });

  it('tells one-time prices apart for proration none', () => {
    expect(refusal(subscription({ 'subscription_data[proration_behavior]': 'none' })).param).toBe(
      'subscription_data[proration_behavior]',
    );
    const recurringOnly = {
      mode: 'subscription',
      ...inline(0, MONTHLY_PENCE, true),
      success_url: `${SITE}/ok`,
    };
    expect(
      parse({ ...recurringOnly, 'subscription_data[proration_behavior]': 'none' }).subscriptionData
        ?.prorationBehavior,
    ).toBe('none');
  });
});

describe('discounts', () => {
  const anchor = String(NOW + 10 * DAY);

  it("tells the billing-cycle page's coupon Limitation apart from discounts in general", () => {
    const limitation = bad(
      "You can't apply amount_off coupons to Checkout Sessions with a default `proration_behavior` of `create_prorations`; the local double applies no coupon at all.",
      'discounts',
    );
    expect(
      refusal(
        subscription({ 'discounts[0][coupon]': 'c', 'subscription_data[billing_cycle_anchor]': anchor }),
      ),
    ).toStrictEqual(limitation);
    expect(
      refusal(
        subscription({
          'discounts[0][coupon]': 'c',
          'subscription_data[billing_cycle_anchor]': anchor,
          'subscription_data[proration_behavior]': 'create_prorations',
        }),
      ),
    ).toStrictEqual(limitation);
    const general = bad('Discounts and coupons is not simulated by the local double', 'discounts');
    expect(
      refusal(
        subscription({
          'discounts[0][coupon]': 'c',
          'subscription_data[billing_cycle_anchor]': anchor,
          'subscription_data[proration_behavior]': 'none',
        }),
      ),
    ).toStrictEqual(general);
    expect(refusal(subscription({ 'discounts[0][coupon]': 'c' }))).toStrictEqual(general);
    expect(
      refusal(subscription({ 'discounts[0][coupon]': 'c', 'subscription_data[description]': 'x' })),
    ).toStrictEqual(general);
    expect(refusal(subscription({ 'discounts[0][coupon]': 'c', subscription_data: 'x' }))).toStrictEqual(
      bad('Invalid object', 'subscription_data'),
    );
    expect(refusal(payment({ 'discounts[0][coupon]': 'c' }))).toStrictEqual(general);
  });
});
