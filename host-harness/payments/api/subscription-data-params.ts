/**
 * `subscription_data` of a Checkout Session, checked as the provider documents it:
 * - `billing_cycle_anchor` "must be a future UNIX timestamp before the next natural subscription billing date";
 *   `proration_behavior` is `create_prorations` (the default) or `none` (docs.stripe.com/payments/checkout/billing-cycle);
 * - that page's **Limitations**: "You can't use trials in Checkout Sessions with a billing cycle anchor"; "You can't use
 *   one-time prices in Checkout Sessions when `proration_behavior` is `none`" (the third, on coupons, is read with
 *   `discounts`: checkout-params.ts);
 * - a trial is one of `trial_end` ("Has to be at least 48 hours in the future") or `trial_period_days` ("Has to be at
 *   least 1"), "730 days (2 years) or less" (docs.stripe.com/billing/subscriptions/trials/free-trials);
 * - `billing_cycle_anchor_config` "is mutually exclusive with `billing_cycle_anchor` and any trial period parameters"
 *   (docs.stripe.com/changelog/dahlia/2026-06-24/checkout-sessions-billing-cycle-anchor-config);
 * - it is "passed to subscription creation for Checkout Sessions in `subscription` mode" only.
 * Every refusal is the provider's 400 naming its param; parameters the double does not compute are refused.
 */
import { type Interval, nextNaturalBillingDate } from '../billing/billing-dates.ts';
import type { SubscriptionDataInput } from '../billing/billing-terms.ts';
import type { FormValue } from './form-decode.ts';
import { integer, isObj, metadataOf, text, timestamp } from './param-values.ts';
import { invalidRequest } from './provider-error.ts';
import { SUBSCRIPTION_DATA_PARAMETERS } from './session-create-params.ts';

/** The recurring interval all of a subscription's prices share. */
export interface RecurringInterval {
  interval: Interval;
  interval_count: number;
}

const PARAM = 'subscription_data';
const DAY_S = 24 * 60 * 60;
const MIN_TRIAL_END_S = 48 * 60 * 60;
const MAX_TRIAL_DAYS = 730;
const HANDLED = new Set([
  'billing_cycle_anchor',
  'proration_behavior',
  'trial_end',
  'trial_period_days',
  'description',
  'metadata',
]);

function prorationOf(value: FormValue | undefined): SubscriptionDataInput['prorationBehavior'] {
  const raw = text(value, `${PARAM}[proration_behavior]`, false);
  if (raw === null) return 'create_prorations';
  if (raw !== 'create_prorations' && raw !== 'none')
    throw invalidRequest(
      `Invalid ${PARAM}[proration_behavior]: must be one of create_prorations or none`,
      `${PARAM}[proration_behavior]`,
    );
  return raw;
}

function anchorOf(value: FormValue | undefined, recurring: RecurringInterval, nowS: number): number | null {
  const param = `${PARAM}[billing_cycle_anchor]`;
  if (value === undefined || value === '') return null;
  const anchor = timestamp(value, param);
  if (anchor <= nowS)
    throw invalidRequest(
      `billing_cycle_anchor must be in the future (it is ${anchor}, now is ${nowS}).`,
      param,
    );
  const natural = nextNaturalBillingDate(nowS, recurring.interval, recurring.interval_count);
  if (anchor >= natural)
    throw invalidRequest(
      `billing_cycle_anchor cannot be later than the next natural billing date (${natural}) for this subscription.`,
      param,
    );
  return anchor;
}

function trialOf(
  data: { [key: string]: FormValue },
  nowS: number,
): Pick<SubscriptionDataInput, 'trialEnd' | 'trialPeriodDays'> {
  if (data.trial_end !== undefined && data.trial_period_days !== undefined)
    throw invalidRequest(
      'You may only specify one of these parameters: trial_end, trial_period_days.',
      `${PARAM}[trial_end]`,
    );
  if (data.trial_period_days !== undefined)
    return {
      trialEnd: null,
      trialPeriodDays: integer(data.trial_period_days, `${PARAM}[trial_period_days]`, 1, MAX_TRIAL_DAYS),
    };
  if (data.trial_end === undefined) return { trialEnd: null, trialPeriodDays: null };
  const param = `${PARAM}[trial_end]`;
  const trialEnd = timestamp(data.trial_end, param);
  if (trialEnd < nowS + MIN_TRIAL_END_S)
    throw invalidRequest('trial_end must be at least 48 hours in the future.', param);
  if (trialEnd > nowS + MAX_TRIAL_DAYS * DAY_S)
    throw invalidRequest(`trial_end must be at most ${MAX_TRIAL_DAYS} days in the future.`, param);
  return { trialEnd, trialPeriodDays: null };
}

/**
 * Validates `subscription_data` (null when the session has none). `recurring` is the prices' shared interval in
 * subscription mode (null in payment mode); `oneTimePrices`: the session also holds one-time prices.
 */
export function subscriptionDataOf(
  value: FormValue | undefined,
  recurring: RecurringInterval | null,
  oneTimePrices: boolean,
  nowS: number,
): SubscriptionDataInput | null {
  if (value === undefined || value === '') return null;
  if (!isObj(value)) throw invalidRequest('Invalid object', PARAM);
  if (!recurring)
    throw invalidRequest('You can only pass `subscription_data` in `subscription` mode.', PARAM);
  const hasTrial = value.trial_end !== undefined || value.trial_period_days !== undefined;
  for (const key of Object.keys(value)) {
    const param = `${PARAM}[${key}]`;
    if (!SUBSCRIPTION_DATA_PARAMETERS.includes(key))
      throw invalidRequest(`Received unknown parameter: ${param.slice(0, 120)}`, param, 'parameter_unknown');
    if (key === 'billing_cycle_anchor_config' && (value.billing_cycle_anchor !== undefined || hasTrial))
      throw invalidRequest(
        '`billing_cycle_anchor_config` is mutually exclusive with `billing_cycle_anchor` and any trial period parameters.',
        param,
      );
    if (!HANDLED.has(key)) throw invalidRequest(`${param} is not simulated by the local double`, param);
  }
  const billingCycleAnchor = anchorOf(value.billing_cycle_anchor, recurring, nowS);
  const trial = trialOf(value, nowS);
  if (billingCycleAnchor !== null && (trial.trialEnd !== null || trial.trialPeriodDays !== null))
    throw invalidRequest(
      "You can't use trials in Checkout Sessions with a billing cycle anchor.",
      `${PARAM}[billing_cycle_anchor]`,
    );
  const prorationBehavior = prorationOf(value.proration_behavior);
  if (prorationBehavior === 'none' && oneTimePrices)
    throw invalidRequest(
      "You can't use one-time prices in Checkout Sessions when `proration_behavior` is `none`.",
      `${PARAM}[proration_behavior]`,
    );
  const description = text(value.description, `${PARAM}[description]`, false);
  if (description !== null && description.length > 500)
    throw invalidRequest('description may be at most 500 characters', `${PARAM}[description]`);
  return {
    billingCycleAnchor,
    prorationBehavior,
    ...trial,
    description,
    metadata: metadataOf(value.metadata, `${PARAM}[metadata]`),
  };
}
