/**
 * `subscription_data` of a Checkout Session, validated as the provider documents it (Stripe, "Set the billing cycle
 * date" and the Checkout Session API): `billing_cycle_anchor` must be a future timestamp before the next natural
 * billing date; `proration_behavior` is `create_prorations` (the default) or `none`; a trial is `trial_end` (at least
 * 48 hours ahead) or `trial_period_days` (1 to 730), not both. Every refusal is the provider's 400 naming its param.
 */
import { type Interval, nextNaturalBillingDate } from '../billing/billing-dates.ts';
import type { FormValue } from './form-decode.ts';
import { integer, isObj, metadataOf, text, timestamp } from './param-values.ts';
import { invalidRequest } from './provider-error.ts';

export type ProrationBehavior = 'create_prorations' | 'none';

export interface SubscriptionDataInput {
  billingCycleAnchor: number | null;
  prorationBehavior: ProrationBehavior;
  trialEnd: number | null;
  trialPeriodDays: number | null;
  description: string | null;
  metadata: Record<string, string>;
}

/** The recurring interval all of a subscription's prices share. */
export interface RecurringInterval {
  interval: Interval;
  interval_count: number;
}

const PARAM = 'subscription_data';
const MIN_TRIAL_END_S = 48 * 60 * 60;
const MAX_TRIAL_DAYS = 730;
const SUPPORTED = new Set([
  'billing_cycle_anchor',
  'proration_behavior',
  'trial_end',
  'trial_period_days',
  'description',
  'metadata',
]);
// Parameters of the real API that change billing in ways the double does not compute: refused, never ignored.
const NOT_SIMULATED = new Set([
  'application_fee_percent',
  'billing_cycle_anchor_config',
  'billing_mode',
  'default_tax_rates',
  'invoice_settings',
  'on_behalf_of',
  'pending_invoice_item_interval',
  'transfer_data',
  'trial_settings',
]);

function prorationOf(value: FormValue | undefined): ProrationBehavior {
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
  const trialEnd = timestamp(data.trial_end, `${PARAM}[trial_end]`);
  if (trialEnd < nowS + MIN_TRIAL_END_S)
    throw invalidRequest('trial_end must be at least 48 hours in the future.', `${PARAM}[trial_end]`);
  return { trialEnd, trialPeriodDays: null };
}

/** Validates `subscription_data`; null when the session has none. Only subscription mode may have it. */
export function subscriptionDataOf(
  value: FormValue | undefined,
  recurring: RecurringInterval | null,
  nowS: number,
): SubscriptionDataInput | null {
  if (value === undefined || value === '') return null;
  if (!isObj(value)) throw invalidRequest('Invalid object', PARAM);
  if (!recurring)
    throw invalidRequest('You can only pass `subscription_data` in `subscription` mode.', PARAM);
  for (const key of Object.keys(value)) {
    if (NOT_SIMULATED.has(key))
      throw invalidRequest(`${PARAM}[${key}] is not simulated by the local double`, `${PARAM}[${key}]`);
    if (!SUPPORTED.has(key))
      throw invalidRequest(`Received unknown parameter: ${PARAM}[${key.slice(0, 100)}]`, `${PARAM}[${key}]`);
  }
  const billingCycleAnchor = anchorOf(value.billing_cycle_anchor, recurring, nowS);
  const trial = trialOf(value, nowS);
  if (billingCycleAnchor !== null && (trial.trialEnd !== null || trial.trialPeriodDays !== null))
    throw invalidRequest(
      'A billing_cycle_anchor together with a trial is not simulated by the local double: use one or the other.',
      `${PARAM}[billing_cycle_anchor]`,
    );
  const description = text(value.description, `${PARAM}[description]`, false);
  if (description !== null && description.length > 500)
    throw invalidRequest('description may be at most 500 characters', `${PARAM}[description]`);
  return {
    billingCycleAnchor,
    prorationBehavior: prorationOf(value.proration_behavior),
    ...trial,
    description,
    metadata: metadataOf(value.metadata, `${PARAM}[metadata]`),
  };
}
