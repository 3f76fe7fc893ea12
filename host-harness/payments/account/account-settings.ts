/**
 * The provider account's settings, as the agency sets them in the provider's dashboard: its default API
 * version, the payment methods turned on, the webhook endpoint (its API version and the events it is sent),
 * what Smart Retries do with a failed renewal and what happens after the last try, how long a renewal invoice
 * stays a draft, and how many business days a Bacs Direct Debit takes to confirm.
 */

import { isPaymentMethodType, type PaymentMethodType } from './payment-methods.ts';
import { API_VERSION } from './stripe-types.ts';

/** What happens to a subscription once its failed invoice's last retry failed (Stripe, "Smart Retries"). */
export const AFTER_RETRIES = ['cancel', 'unpaid', 'past_due'] as const;
export type AfterRetries = (typeof AFTER_RETRIES)[number];

export interface WebhookEndpointSettings {
  /**
   * The API version events are rendered in ("Events sent to this endpoint will be generated with this Stripe
   * Version instead of your account's default", docs.stripe.com/api/webhook_endpoints/create); null = the
   * account's default.
   */
  apiVersion: string | null;
  /** The event types the endpoint is sent ("Events to send" in the dashboard); others are stored, never sent. */
  enabledEvents: readonly string[];
}

export interface AccountSettings {
  /** "Webhook endpoints either have a specific API version set or use the default API version of the Stripe account." */
  defaultApiVersion: string;
  /** The methods turned on in the dashboard (Settings → Payments → Payment methods). */
  paymentMethods: readonly PaymentMethodType[];
  webhookEndpoint: WebhookEndpointSettings;
  /**
   * Smart Retries' policy for a failed card renewal: `tries` within `days` ("The recommended default setting
   * is 8 tries within 2 weeks", docs.stripe.com/billing/revenue-recovery/smart-retries).
   */
  retries: { tries: number; days: number };
  /** "If recovery fails, the subscription transitions according to your settings": cancel, unpaid or past due. */
  afterRetries: AfterRetries;
  /** A renewal invoice stays a draft "for about an hour" (docs.stripe.com/billing/invoices/subscription). Seconds. */
  renewalDraftS: number;
  /** Business days until a Bacs Direct Debit is confirmed: 7 with a new mandate, 4 with one in place. */
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

const isObj = (value: unknown): value is Patch =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function whole(value: unknown, name: string, min: number, max: number): number {
  // Number.isInteger is false for anything but a number.
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max)
    throw new SettingsError(`${name} must be a whole number from ${min} to ${max}`);
  return value as number;
}

function known<T extends string>(value: unknown, name: string, values: readonly T[]): T {
  if (!(values as readonly unknown[]).includes(value))
    throw new SettingsError(`${name} must be one of ${values.join(', ')}`);
  return value as T;
}

function allowedKeys(patch: Patch, name: string, keys: readonly string[]): void {
  for (const key of Object.keys(patch))
    if (!keys.includes(key)) throw new SettingsError(`${name}.${key.slice(0, 40)} is not a setting`);
}

/** The settings after `patch` (the control API's body; only the settings it names change). */
export function patchedSettings(
  current: AccountSettings,
  patch: unknown,
  renderable: readonly string[],
): AccountSettings {
  if (!isObj(patch)) throw new SettingsError('The settings must be a JSON object');
  allowedKeys(patch, 'settings', [
    'payment_methods',
    'webhook_endpoint',
    'retries',
    'after_retries',
    'renewal_draft_seconds',
    'bacs_business_days',
  ]);
  const next: AccountSettings = structuredClone(current) as AccountSettings;
  if (patch.payment_methods !== undefined) {
    const methods = patch.payment_methods;
    if (!Array.isArray(methods) || methods.length === 0)
      throw new SettingsError('payment_methods must be a list of card and/or bacs_debit');
    next.paymentMethods = methods.map((method) => {
      if (!isPaymentMethodType(method))
        throw new SettingsError('payment_methods must be a list of card and/or bacs_debit');
      return method;
    });
  }
  if (patch.webhook_endpoint !== undefined) {
    const endpoint = patch.webhook_endpoint;
    if (!isObj(endpoint)) throw new SettingsError('webhook_endpoint must be an object');
    allowedKeys(endpoint, 'webhook_endpoint', ['api_version', 'enabled_events']);
    if (endpoint.api_version !== undefined) {
      const version = endpoint.api_version;
      if (version !== null && !(renderable as readonly unknown[]).includes(version))
        throw new SettingsError(
          `webhook_endpoint.api_version must be null or a version the double renders events in: ${renderable.join(', ')}`,
        );
      next.webhookEndpoint = { ...next.webhookEndpoint, apiVersion: version as string | null };
    }
    if (endpoint.enabled_events !== undefined) {
      const events = endpoint.enabled_events;
      if (!Array.isArray(events) || events.some((type) => typeof type !== 'string' || type.length > 100))
        throw new SettingsError('webhook_endpoint.enabled_events must be a list of event types');
      next.webhookEndpoint = { ...next.webhookEndpoint, enabledEvents: events as string[] };
    }
  }
  if (patch.retries !== undefined) {
    const retries = patch.retries;
    if (!isObj(retries)) throw new SettingsError('retries must be an object { tries, days }');
    allowedKeys(retries, 'retries', ['tries', 'days']);
    next.retries = {
      tries: retries.tries === undefined ? next.retries.tries : whole(retries.tries, 'retries.tries', 0, 8),
      days: retries.days === undefined ? next.retries.days : whole(retries.days, 'retries.days', 1, 60),
    };
  }
  if (patch.after_retries !== undefined)
    next.afterRetries = known(patch.after_retries, 'after_retries', AFTER_RETRIES);
  if (patch.renewal_draft_seconds !== undefined)
    next.renewalDraftS = whole(patch.renewal_draft_seconds, 'renewal_draft_seconds', 0, 72 * 60 * 60);
  if (patch.bacs_business_days !== undefined) {
    const days = patch.bacs_business_days;
    if (!isObj(days)) throw new SettingsError('bacs_business_days must be an object');
    allowedKeys(days, 'bacs_business_days', ['new_mandate', 'existing_mandate']);
    next.bacsBusinessDays = {
      newMandate:
        days.new_mandate === undefined
          ? next.bacsBusinessDays.newMandate
          : whole(days.new_mandate, 'bacs_business_days.new_mandate', 0, 30),
      existingMandate:
        days.existing_mandate === undefined
          ? next.bacsBusinessDays.existingMandate
          : whole(days.existing_mandate, 'bacs_business_days.existing_mandate', 0, 30),
    };
  }
  return next;
}

/** The settings as the control API shows them. */
export function settingsView(settings: AccountSettings) {
  return {
    default_api_version: settings.defaultApiVersion,
    payment_methods: settings.paymentMethods,
    webhook_endpoint: {
      api_version: settings.webhookEndpoint.apiVersion,
      enabled_events: settings.webhookEndpoint.enabledEvents,
    },
    retries: settings.retries,
    after_retries: settings.afterRetries,
    renewal_draft_seconds: settings.renewalDraftS,
    bacs_business_days: {
      new_mandate: settings.bacsBusinessDays.newMandate,
      existing_mandate: settings.bacsBusinessDays.existingMandate,
    },
  };
}
