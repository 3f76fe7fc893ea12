/**
 * The payment double's account settings (its dashboard): the start values, what a control-API patch may change and how
 * each wrong value is refused (a `SettingsError` naming the setting), and the view the control API shows.
 */
import { describe, expect, it } from 'vitest';
import {
  type AccountSettings,
  AFTER_RETRIES,
  DEFAULT_ENABLED_EVENTS,
  defaultAccountSettings,
  patchedSettings,
  SettingsError,
  settingsView,
} from '../../../../host-harness/payments/account/account-settings.ts';

const PINNED = '2026-10-28.endive';
const ACACIA = '2025-02-24.acacia';
const RENDERABLE = [PINNED, ACACIA];

function refusal(patch: unknown, current: AccountSettings = defaultAccountSettings()): SettingsError {
  try {
    patchedSettings(current, patch, RENDERABLE);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as Error).name).toBe('SettingsError');
    return error as SettingsError;
  }
  throw new Error(`patch accepted: ${JSON.stringify(patch)}`);
}

describe('defaultAccountSettings', () => {
  it('starts on the SDK version with card and Bacs on, no event sent, and the documented defaults', () => {
    expect(defaultAccountSettings()).toStrictEqual({
      defaultApiVersion: PINNED,
      paymentMethods: ['card', 'bacs_debit'],
      webhookEndpoint: { apiVersion: null, enabledEvents: [] },
      retries: { tries: 8, days: 14 },
      afterRetries: 'cancel',
      renewalDraftS: 3_600,
      bacsBusinessDays: { newMandate: 7, existingMandate: 4 },
    });
    expect(DEFAULT_ENABLED_EVENTS).toStrictEqual([]);
    expect(AFTER_RETRIES).toStrictEqual(['cancel', 'unpaid', 'past_due']);
  });
});

describe('patchedSettings', () => {
  it('an empty patch changes nothing and leaves the current settings untouched', () => {
    const current = defaultAccountSettings();
    const next = patchedSettings(current, {}, RENDERABLE);
    expect(next).toStrictEqual(defaultAccountSettings());
    expect(next).not.toBe(current);
  });

  it('refuses a body that is not a JSON object', () => {
    for (const patch of [null, [], 'card', 3]) {
      expect(refusal(patch).message, JSON.stringify(patch)).toBe('The settings must be a JSON object');
    }
  });

  it('refuses a name that is not a setting, at the top and inside each group', () => {
    expect(refusal({ currency: 'gbp' }).message).toBe('settings.currency is not a setting');
    expect(refusal({ [`x${'y'.repeat(60)}`]: 1 }).message).toBe(
      `settings.x${'y'.repeat(39)} is not a setting`,
    );
    expect(refusal({ webhook_endpoint: { url: 'x' } }).message).toBe('webhook_endpoint.url is not a setting');
    expect(refusal({ retries: { attempts: 3 } }).message).toBe('retries.attempts is not a setting');
    expect(refusal({ bacs_business_days: { days: 3 } }).message).toBe(
      'bacs_business_days.days is not a setting',
    );
  });

  it('turns on the listed payment methods, in the order given', () => {
    const current = defaultAccountSettings();
    const next = patchedSettings(current, { payment_methods: ['bacs_debit'] }, RENDERABLE);
    expect(next.paymentMethods).toStrictEqual(['bacs_debit']);
    expect(current.paymentMethods).toStrictEqual(['card', 'bacs_debit']);
    expect(
      patchedSettings(current, { payment_methods: ['bacs_debit', 'card'] }, RENDERABLE).paymentMethods,
    ).toStrictEqual(['bacs_debit', 'card']);
    expect({ ...next, paymentMethods: current.paymentMethods }).toStrictEqual(current);
  });

  it('refuses an empty list of payment methods, a list with another name, and anything not a list', () => {
    for (const methods of [[], ['card', 'sepa_debit'], [1], 'card', {}]) {
      expect(refusal({ payment_methods: methods }).message, JSON.stringify(methods)).toBe(
        'payment_methods must be a list of card and/or bacs_debit',
      );
    }
  });

  it('sets the endpoint to a version it renders, or back to the account default, keeping its events', () => {
    const current = patchedSettings(
      defaultAccountSettings(),
      { webhook_endpoint: { enabled_events: ['checkout.session.completed'] } },
      RENDERABLE,
    );
    const acacia = patchedSettings(current, { webhook_endpoint: { api_version: ACACIA } }, RENDERABLE);
    expect(acacia.webhookEndpoint).toStrictEqual({
      apiVersion: ACACIA,
      enabledEvents: ['checkout.session.completed'],
    });
    const back = patchedSettings(acacia, { webhook_endpoint: { api_version: null } }, RENDERABLE);
    expect(back.webhookEndpoint).toStrictEqual({
      apiVersion: null,
      enabledEvents: ['checkout.session.completed'],
    });
    expect(patchedSettings(acacia, { webhook_endpoint: {} }, RENDERABLE).webhookEndpoint.apiVersion).toBe(
      ACACIA,
    );
  });

  it('refuses an endpoint version it does not render, naming the ones it does', () => {
    for (const version of ['2025-03-31.basil', '', 20251028]) {
      expect(refusal({ webhook_endpoint: { api_version: version } }).message, String(version)).toBe(
        `webhook_endpoint.api_version must be null or a version the double renders events in: ${PINNED}, ${ACACIA}`,
      );
    }
    expect(refusal({ webhook_endpoint: 'x' }).message).toBe('webhook_endpoint must be an object');
    expect(refusal({ webhook_endpoint: [] }).message).toBe('webhook_endpoint must be an object');
  });

  it('sets the events the endpoint is sent (any text up to 100 characters), keeping its version', () => {
    const current = patchedSettings(
      defaultAccountSettings(),
      { webhook_endpoint: { api_version: ACACIA } },
      RENDERABLE,
    );
    const long = 'x'.repeat(100);
    const next = patchedSettings(current, { webhook_endpoint: { enabled_events: ['*', long] } }, RENDERABLE);
    expect(next.webhookEndpoint).toStrictEqual({ apiVersion: ACACIA, enabledEvents: ['*', long] });
    expect(
      patchedSettings(next, { webhook_endpoint: { enabled_events: [] } }, RENDERABLE).webhookEndpoint,
    ).toStrictEqual({ apiVersion: ACACIA, enabledEvents: [] });
  });

  it('refuses events that are not a list of texts of at most 100 characters', () => {
    for (const events of ['*', [1], ['x'.repeat(101)], ['ok', null]]) {
      expect(refusal({ webhook_endpoint: { enabled_events: events } }).message, JSON.stringify(events)).toBe(
        'webhook_endpoint.enabled_events must be a list of event types',
      );
    }
  });

  it("changes Smart Retries' tries and days one at a time, within their bounds", () => {
    const current = defaultAccountSettings();
    expect(patchedSettings(current, { retries: { tries: 0 } }, RENDERABLE).retries).toStrictEqual({
      tries: 0,
      days: 14,
    });
    expect(patchedSettings(current, { retries: { days: 60 } }, RENDERABLE).retries).toStrictEqual({
      tries: 8,
      days: 60,
    });
    expect(patchedSettings(current, { retries: { tries: 8, days: 1 } }, RENDERABLE).retries).toStrictEqual({
      tries: 8,
      days: 1,
    });
    expect(patchedSettings(current, { retries: {} }, RENDERABLE).retries).toStrictEqual({
      tries: 8,
      days: 14,
    });
  });

  it('refuses tries and days out of bounds or not whole numbers', () => {
    for (const tries of [-1, 9, 2.5, '3', null]) {
      expect(refusal({ retries: { tries } }).message, String(tries)).toBe(
        'retries.tries must be a whole number from 0 to 8',
      );
    }
    for (const days of [0, 61, 1.5, '14']) {
      expect(refusal({ retries: { days } }).message, String(days)).toBe(
        'retries.days must be a whole number from 1 to 60',
      );
    }
    expect(refusal({ retries: 3 }).message).toBe('retries must be an object { tries, days }');
  });

  it('sets what happens after the last retry to one of cancel, unpaid or past_due', () => {
    for (const value of ['cancel', 'unpaid', 'past_due'] as const) {
      expect(
        patchedSettings(defaultAccountSettings(), { after_retries: value }, RENDERABLE).afterRetries,
      ).toBe(value);
    }
    for (const value of ['canceled', 1, null]) {
      expect(refusal({ after_retries: value }).message, String(value)).toBe(
        'after_retries must be one of cancel, unpaid, past_due',
      );
    }
  });

  it('sets how long a renewal stays a draft: 0 to 72 hours in seconds', () => {
    for (const seconds of [0, 259_200]) {
      expect(
        patchedSettings(defaultAccountSettings(), { renewal_draft_seconds: seconds }, RENDERABLE)
          .renewalDraftS,
      ).toBe(seconds);
    }
    for (const seconds of [-1, 259_201, 60.5]) {
      expect(refusal({ renewal_draft_seconds: seconds }).message, String(seconds)).toBe(
        'renewal_draft_seconds must be a whole number from 0 to 259200',
      );
    }
  });

  it("sets a Bacs debit's business days with a new and an existing mandate, each 0 to 30", () => {
    const current = defaultAccountSettings();
    expect(
      patchedSettings(current, { bacs_business_days: { new_mandate: 0 } }, RENDERABLE).bacsBusinessDays,
    ).toStrictEqual({ newMandate: 0, existingMandate: 4 });
    expect(
      patchedSettings(current, { bacs_business_days: { existing_mandate: 30 } }, RENDERABLE).bacsBusinessDays,
    ).toStrictEqual({ newMandate: 7, existingMandate: 30 });
    expect(
      patchedSettings(current, { bacs_business_days: { new_mandate: 30, existing_mandate: 0 } }, RENDERABLE)
        .bacsBusinessDays,
    ).toStrictEqual({ newMandate: 30, existingMandate: 0 });
    expect(refusal({ bacs_business_days: { new_mandate: 31 } }).message).toBe(
      'bacs_business_days.new_mandate must be a whole number from 0 to 30',
    );
    expect(refusal({ bacs_business_days: { existing_mandate: -1 } }).message).toBe(
      'bacs_business_days.existing_mandate must be a whole number from 0 to 30',
    );
    expect(refusal({ bacs_business_days: 7 }).message).toBe('bacs_business_days must be an object');
  });

  it('applies every setting of one patch together', () => {
    const next = patchedSettings(
      defaultAccountSettings(),
      {
        payment_methods: ['card'],
        webhook_endpoint: { api_version: ACACIA, enabled_events: ['invoice.paid'] },
        retries: { tries: 4, days: 7 },
        after_retries: 'unpaid',
        renewal_draft_seconds: 0,
        bacs_business_days: { new_mandate: 3, existing_mandate: 2 },
      },
      RENDERABLE,
    );
    expect(next).toStrictEqual({
      defaultApiVersion: PINNED,
      paymentMethods: ['card'],
      webhookEndpoint: { apiVersion: ACACIA, enabledEvents: ['invoice.paid'] },
      retries: { tries: 4, days: 7 },
      afterRetries: 'unpaid',
      renewalDraftS: 0,
      bacsBusinessDays: { newMandate: 3, existingMandate: 2 },
    });
  });
});

describe('settingsView', () => {
  it('shows every setting under its control-API name', () => {
    const settings = patchedSettings(
      defaultAccountSettings(),
      { webhook_endpoint: { api_version: ACACIA, enabled_events: ['*'] }, after_retries: 'past_due' },
      RENDERABLE,
    );
    expect(settingsView(settings)).toStrictEqual({
      default_api_version: PINNED,
      payment_methods: ['card', 'bacs_debit'],
      webhook_endpoint: { api_version: ACACIA, enabled_events: ['*'] },
      retries: { tries: 8, days: 14 },
      after_retries: 'past_due',
      renewal_draft_seconds: 3_600,
      bacs_business_days: { new_mandate: 7, existing_mandate: 4 },
    });
  });
});
