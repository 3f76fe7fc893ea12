/** The account's settings as the agency sets them in the provider's dashboard; the sources are in RULES.md. */
import { isPaymentMethodType, type PaymentMethodType } from './payment-methods.ts';
import { API_VERSION } from './stripe-types.ts';

/** What happens to a subscription once its failed invoice's last retry failed (Stripe, "Smart Retries"). */
export const AFTER_RETRIES = ['cancel', 'unpaid', 'past_due'] as const;
export type AfterRetries = (typeof AFTER_RETRIES)[number];

export interface AccountSettings {
  defaultApiVersion: string;
  /** The methods turned on in the dashboard (Settings → Payments → Payment methods). */
  paymentMethods: readonly PaymentMethodType[];
  /** Events are rendered in `apiVersion` (null: the account's default); only `enabledEvents` are sent. */
  webhookEndpoint: { apiVersion: string | null; enabledEvents: readonly string[] };
  /** Smart Retries: `tries` within `days` for a failed card renewal. */
  retries: { tries: number; days: number };
  afterRetries: AfterRetries;
  /** How long a renewal invoice stays a draft ("about an hour"). */
  renewalDraftS: number;
  /** Business days until a Bacs Direct Debit is confirmed. */
  bacsBusinessDays: { newMandate: number; existingMandate: number };
}

export const DEFAULT_ENABLED_EVENTS: readonly string[] = [];

export function defaultAccountSettings(): AccountSettings {
  return {
    defaultApiVersion: API_VERSION,
    paymentMethods: ['card', 'bacs_debit'],
    webhookEndpoint: { apiVersion: null, enabledEvents: DEFAULT_ENABLED_EVENTS },
    retries: { tries: 8, days: 14 },
    afterRetries: 'cancel',
    renewalDraftS: 60 * 60,
    bacsBusinessDays: { newMandate: 7, existingMandate: 4 },
  };
}

/** A change to the settings that cannot be applied: its message says which setting and why. */
export class SettingsError extends Error {
  override name = 'SettingsError';
}

type Patch = { [key: string]: unknown };

export const isObj = (value: unknown): value is Patch =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` as a group of settings naming only `keys`. */
function group(value: unknown, name: string, keys: readonly string[], shape = 'an object'): Patch {
  if (!isObj(value)) throw new SettingsError(`${name} must be ${shape}`);
  for (const key of Object.keys(value))
    if (!keys.includes(key)) throw new SettingsError(`${name}.${key.slice(0, 40)} is not a setting`);
  return value;
}

/** The whole number `value` (undefined: `current`), `min` to `max`. */
function whole(value: unknown, current: number, name: string, min: number, max: number): number {
  if (value === undefined) return current;
  // Number.isInteger is false for anything but a number.
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max)
    throw new SettingsError(`${name} must be a whole number from ${min} to ${max}`);
  return value as number;
}

/** The settings after `patch` (the control API's body; only the settings it names change). */
export function patchedSettings(current: AccountSettings, patch: unknown, renderable: readonly string[]) {
  if (!isObj(patch)) throw new SettingsError('The settings must be a JSON object');
  const keys =
    'payment_methods webhook_endpoint retries after_retries renewal_draft_seconds bacs_business_days';
  group(patch, 'settings', keys.split(' '));
  const next = structuredClone(current) as AccountSettings;
  const methods = patch.payment_methods;
  if (methods !== undefined) {
    if (!Array.isArray(methods) || methods.length === 0 || !methods.every(isPaymentMethodType))
      throw new SettingsError('payment_methods must be a list of card and/or bacs_debit');
    next.paymentMethods = methods;
  }
  if (patch.webhook_endpoint !== undefined) {
    const endpoint = group(patch.webhook_endpoint, 'webhook_endpoint', ['api_version', 'enabled_events']);
    const { api_version: version, enabled_events: events } = endpoint;
    if (version !== undefined && version !== null && !renderable.includes(version as string))
      throw new SettingsError(
        `webhook_endpoint.api_version must be null or a version the double renders events in: ${renderable.join(', ')}`,
      );
    if (version !== undefined) next.webhookEndpoint.apiVersion = version as string | null;
    if (
      events !== undefined &&
      (!Array.isArray(events) || events.some((type) => typeof type !== 'string' || type.length > 100))
    )
      throw new SettingsError('webhook_endpoint.enabled_events must be a list of event types');
    if (events !== undefined) next.webhookEndpoint.enabledEvents = events;
  }
  if (patch.retries !== undefined) {
    const { tries, days } = group(patch.retries, 'retries', ['tries', 'days'], 'an object { tries, days }');
    next.retries = {
      tries: whole(tries, next.retries.tries, 'retries.tries', 0, 8),
      days: whole(days, next.retries.days, 'retries.days', 1, 60),
    };
  }
  const after = patch.after_retries;
  if (after !== undefined && !(AFTER_RETRIES as readonly unknown[]).includes(after))
    throw new SettingsError(`after_retries must be one of ${AFTER_RETRIES.join(', ')}`);
  if (after !== undefined) next.afterRetries = after as AfterRetries;
  const draft = patch.renewal_draft_seconds;
  next.renewalDraftS = whole(draft, next.renewalDraftS, 'renewal_draft_seconds', 0, 72 * 60 * 60);
  if (patch.bacs_business_days !== undefined) {
    const days = group(patch.bacs_business_days, 'bacs_business_days', ['new_mandate', 'existing_mandate']);
    const { newMandate, existingMandate } = next.bacsBusinessDays;
    next.bacsBusinessDays = {
      newMandate: whole(days.new_mandate, newMandate, 'bacs_business_days.new_mandate', 0, 30),
      existingMandate: whole(
        days.existing_mandate,
        existingMandate,
        'bacs_business_days.existing_mandate',
        0,
        30,
      ),
    };
  }
  return next;
}

/** The settings as the control API shows them. */
export function settingsView(settings: AccountSettings) {
  const { webhookEndpoint: endpoint, bacsBusinessDays: bacs } = settings;
  return {
    default_api_version: settings.defaultApiVersion,
    payment_methods: settings.paymentMethods,
    webhook_endpoint: { api_version: endpoint.apiVersion, enabled_events: endpoint.enabledEvents },
    retries: settings.retries,
    after_retries: settings.afterRetries,
    renewal_draft_seconds: settings.renewalDraftS,
    bacs_business_days: { new_mandate: bacs.newMandate, existing_mandate: bacs.existingMandate },
  };
}
