/**
 * `subscription_data` of a Checkout Session as the provider documents it: the billing cycle anchor (in the future,
 * before the next natural billing date), the proration behaviour, one kind of trial within its bounds, the billing-cycle
 * page's Limitations, `billing_cycle_anchor_config`'s exclusivity, and parameters the double does not compute refused.
 */
import { describe, expect, it } from 'vitest';
import type { PriceInfo } from '../../../../host-harness/payments/account/dashboard-prices.ts';
import { subscriptionDataOf } from '../../../../host-harness/payments/api/checkout-rules.ts';
import { describedParams } from '../../../../host-harness/payments/api/request-schema.ts';
import { refusalOf } from '../support/provider-refusal.ts';
import { bad } from '../support/session-requests.ts';

// 2023-11-14T22:13:20Z: a month on is 30 days on.
const NOW = 1_700_000_000;
const DAY = 24 * 60 * 60;
const NATURAL = NOW + 30 * DAY;
type RecurringInterval = NonNullable<PriceInfo['recurring']>;
const MONTHLY: RecurringInterval = { interval: 'month', interval_count: 1 };

/** The request's `subscription_data`, once the provider's description has accepted its shape. */
const data = (fields: Record<string, string>) =>
  describedParams('POST /v1/checkout/sessions', new URLSearchParams(fields).toString(), '2026-10-28.endive')
    .subscription_data;
const read = (
  fields: Record<string, string>,
  oneTimePrices = false,
  recurring: RecurringInterval | null = MONTHLY,
) => subscriptionDataOf(data(fields), recurring, oneTimePrices, NOW);
const refusal = (fields: Record<string, string>, oneTimePrices = false) =>
  refusalOf(() => read(fields, oneTimePrices));
const none = {
  billingCycleAnchor: null,
  prorationBehavior: 'create_prorations',
  trialEnd: null,
  trialPeriodDays: null,
  description: null,
  metadata: {},
};

describe('subscriptionDataOf', () => {
  it('is null when not given', () => {
    expect(subscriptionDataOf(undefined, MONTHLY, false, NOW)).toBeNull();
    expect(subscriptionDataOf('', MONTHLY, false, NOW)).toBeNull();
  });

  it('reads what it computes, with the defaults', () => {
    expect(read({ 'subscription_data[description]': '' })).toStrictEqual(none);
    expect(
      read({
        'subscription_data[description]': 'd'.repeat(500),
        'subscription_data[metadata][package]': 'gold',
        'subscription_data[proration_behavior]': 'none',
        'subscription_data[billing_cycle_anchor]': String(NOW + 1),
      }),
    ).toStrictEqual({
      ...none,
      billingCycleAnchor: NOW + 1,
      prorationBehavior: 'none',
      description: 'd'.repeat(500),
      metadata: { package: 'gold' },
    });
    expect(read({ 'subscription_data[proration_behavior]': 'create_prorations' })).toStrictEqual(none);
  });

  it('is an object, for subscription mode only', () => {
    // Its shape is the description's to check, before any rule reads it.
    expect(refusalOf(() => data({ subscription_data: 'x' }))).toStrictEqual(
      bad('Invalid object', 'subscription_data'),
    );
    expect(refusalOf(() => data({ 'subscription_data[0]': 'x' })).message).toBe('Invalid object');
    expect(refusalOf(() => read({ 'subscription_data[description]': 'x' }, false, null))).toStrictEqual(
      bad('You can only pass `subscription_data` in `subscription` mode.', 'subscription_data'),
    );
  });

  it('refuses a name the API does not take, and those it takes but the double does not compute', () => {
    expect(refusal({ 'subscription_data[colour]': 'red' })).toStrictEqual(
      bad(
        'Received unknown parameter: subscription_data[colour]',
        'subscription_data[colour]',
        'parameter_unknown',
      ),
    );
    const long = `subscription_data[${'c'.repeat(150)}]`;
    expect(refusal({ [long]: 'x' }).message).toBe(`Received unknown parameter: ${long.slice(0, 100)}`);
    const notSimulated: [string, string, string][] = [
      ['subscription_data[application_fee_percent]', '1', 'subscription_data[application_fee_percent]'],
      [
        'subscription_data[trial_settings][end_behavior][missing_payment_method]',
        'cancel',
        'subscription_data[trial_settings]',
      ],
      [
        'subscription_data[billing_cycle_anchor_config][day_of_month]',
        '1',
        'subscription_data[billing_cycle_anchor_config]',
      ],
    ];
    for (const [field, value, param] of notSimulated) {
      expect(refusal({ [field]: value }), field).toStrictEqual(
        bad(`${param} is not simulated by the local double`, param),
      );
    }
  });

  it('billing_cycle_anchor_config: exclusive of the anchor and of any trial', () => {
    const exclusive = bad(
      '`billing_cycle_anchor_config` is mutually exclusive with `billing_cycle_anchor` and any trial period parameters.',
      'subscription_data[billing_cycle_anchor_config]',
    );
    const config = { 'subscription_data[billing_cycle_anchor_config][day_of_month]': '1' };
    expect(
      refusal({ ...config, 'subscription_data[billing_cycle_anchor]': String(NOW + DAY) }),
    ).toStrictEqual(exclusive);
    expect(refusal({ ...config, 'subscription_data[trial_period_days]': '7' })).toStrictEqual(exclusive);
    expect(refusal({ ...config, 'subscription_data[trial_end]': String(NOW + 3 * DAY) })).toStrictEqual(
      exclusive,
    );
  });

  it('billing_cycle_anchor: in the future, before the next natural billing date', () => {
    const param = 'subscription_data[billing_cycle_anchor]';
    expect(read({ [param]: String(NATURAL - 1) })?.billingCycleAnchor).toBe(NATURAL - 1);
    expect(read({ 'subscription_data[description]': 'd' })?.billingCycleAnchor).toBeNull();
    expect(refusal({ [param]: '' })).toStrictEqual(bad('Invalid number', param));
    for (const anchor of [NOW, NOW - 1]) {
      expect(refusal({ [param]: String(anchor) }), String(anchor)).toStrictEqual(
        bad(`billing_cycle_anchor must be in the future (it is ${anchor}, now is ${NOW}).`, param),
      );
    }
    for (const anchor of [NATURAL, NATURAL + 1]) {
      expect(refusal({ [param]: String(anchor) }), String(anchor)).toStrictEqual(
        bad(
          `billing_cycle_anchor cannot be later than the next natural billing date (${NATURAL}) for this subscription.`,
          param,
        ),
      );
    }
    const yearly = subscriptionDataOf(
      data({ [param]: String(NOW + 200 * DAY) }),
      { interval: 'year', interval_count: 1 },
      false,
      NOW,
    );
    expect(yearly?.billingCycleAnchor).toBe(NOW + 200 * DAY);
    expect(refusal({ [param]: 'soon' }).param).toBe(param);
  });

  it('a trial: trial_period_days 1 to 730, or trial_end 48 hours to 730 days on, not both', () => {
    expect(read({ 'subscription_data[trial_period_days]': '1' })).toStrictEqual({
      ...none,
      trialPeriodDays: 1,
    });
    expect(read({ 'subscription_data[trial_period_days]': '730' })?.trialPeriodDays).toBe(730);
    expect(refusal({ 'subscription_data[trial_period_days]': '731' })).toStrictEqual(
      bad(
        'Invalid integer: 731 (subscription_data[trial_period_days] must be 1 to 730)',
        'subscription_data[trial_period_days]',
      ),
    );
    expect(refusal({ 'subscription_data[trial_period_days]': '0' }).param).toBe(
      'subscription_data[trial_period_days]',
    );
    const param = 'subscription_data[trial_end]';
    expect(read({ [param]: String(NOW + 2 * DAY) })).toStrictEqual({ ...none, trialEnd: NOW + 2 * DAY });
    expect(read({ [param]: String(NOW + 730 * DAY) })?.trialEnd).toBe(NOW + 730 * DAY);
    expect(refusal({ [param]: String(NOW + 2 * DAY - 1) })).toStrictEqual(
      bad('trial_end must be at least 48 hours in the future.', param),
    );
    expect(refusal({ [param]: String(NOW + 730 * DAY + 1) })).toStrictEqual(
      bad('trial_end must be at most 730 days in the future.', param),
    );
    expect(refusal({ [param]: 'later' }).param).toBe(param);
    expect(
      refusal({ [param]: String(NOW + 3 * DAY), 'subscription_data[trial_period_days]': '7' }),
    ).toStrictEqual(
      bad('You may only specify one of these parameters: trial_end, trial_period_days.', param),
    );
  });

  it('Limitation: no trial with a billing cycle anchor', () => {
    const limitation = bad(
      "You can't use trials in Checkout Sessions with a billing cycle anchor.",
      'subscription_data[billing_cycle_anchor]',
    );
    const anchor = { 'subscription_data[billing_cycle_anchor]': String(NOW + DAY) };
    expect(refusal({ ...anchor, 'subscription_data[trial_period_days]': '7' })).toStrictEqual(limitation);
    expect(refusal({ ...anchor, 'subscription_data[trial_end]': String(NOW + 3 * DAY) })).toStrictEqual(
      limitation,
    );
  });

  it('proration_behavior: create_prorations or none; none only without one-time prices', () => {
    const param = 'subscription_data[proration_behavior]';
    expect(refusal({ [param]: 'always_invoice' })).toStrictEqual(
      bad('Invalid subscription_data[proration_behavior]: must be one of create_prorations or none', param),
    );
    expect(refusal({ [param]: 'none' }, true)).toStrictEqual(
      bad("You can't use one-time prices in Checkout Sessions when `proration_behavior` is `none`.", param),
    );
    expect(read({ [param]: 'create_prorations' }, true)?.prorationBehavior).toBe('create_prorations');
    expect(read({ [param]: 'none' }, false)?.prorationBehavior).toBe('none');
  });

  it('description: at most 500 characters; metadata with its limits', () => {
    expect(refusal({ 'subscription_data[description]': 'd'.repeat(501) })).toStrictEqual(
      bad('description may be at most 500 characters', 'subscription_data[description]'),
    );
    expect(refusal({ 'subscription_data[metadata]': 'x' })).toStrictEqual(
      bad('Invalid object', 'subscription_data[metadata]'),
    );
  });
});
