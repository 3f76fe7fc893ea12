import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteConfigError } from '../../../config/site-config.ts';
import {
  PRODUCTION_SETTINGS,
  PRODUCTION_SETTINGS_FILE,
  parseProductionSettings,
  productionBuild,
} from '../../../config/site-production.ts';
import { FILLED_SETTINGS } from '../../integration/deploy/project-copy.ts';

// The values the CLI-style build test deploys with, and a second editor origin.
const filled = {
  ...FILLED_SETTINGS,
  CHECKOUT_HOSTS: 'checkout.stripe.com',
  EDITOR_ORIGINS: 'https://editor.example.com, https://preview.example.com',
};
const cli = { VITE_BASE44_APP_ID: 'app_42' };

/** The stop's message for these settings and environment. */
function stopMessage(settings: unknown, env: NodeJS.ProcessEnv = cli): string {
  try {
    productionBuild(settings, env);
  } catch (error) {
    expect(error).toBeInstanceOf(SiteConfigError);
    return (error as Error).message;
  }
  throw new Error('the production build did not stop');
}

describe('the production build settings', () => {
  it('the committed file names every setting, and leaves only the ones the agency must give empty', () => {
    const committed = parseProductionSettings(
      readFileSync(resolve(import.meta.dirname, '../../..', PRODUCTION_SETTINGS_FILE), 'utf8'),
    ) as Record<string, string>;
    expect(Object.keys(committed).sort()).toEqual(Object.keys(PRODUCTION_SETTINGS).sort());
    expect(committed.CHECKOUT_HOSTS).toBe('checkout.stripe.com');
    const message = stopMessage(committed);
    for (const name of Object.keys(PRODUCTION_SETTINGS).filter((n) => n !== 'CHECKOUT_HOSTS')) {
      expect(message).toContain(
        `  - ${name} is missing: ${PRODUCTION_SETTINGS[name as keyof typeof PRODUCTION_SETTINGS]}`,
      );
    }
    expect(message).not.toContain('CHECKOUT_HOSTS');
  });

  it('builds with the app id from VITE_BASE44_APP_ID and every other value from the file', () => {
    const { variables, config } = productionBuild(filled, cli);
    expect(variables).toEqual({ ...filled, APP_ID: 'app_42', SITE_ENV: 'production' });
    expect(config.appId).toBe('app_42');
    expect(config.serverUrl).toBe('https://platform.example.com');
    expect(config.editorOrigins).toEqual(['https://editor.example.com', 'https://preview.example.com']);
    // Production: the platform's origin is not a checkout host (local builds add the emulator's payment page).
    expect(config.checkoutOrigins).toEqual(['https://checkout.stripe.com']);
  });

  it('takes nothing from the environment but the app id', () => {
    const { variables } = productionBuild(filled, {
      ...cli,
      APP_ID: 'local-app',
      PLATFORM_SERVER_URL: 'http://localhost:4400',
      SITE_ENV: 'development',
    });
    expect(variables.APP_ID).toBe('app_42');
    expect(variables.PLATFORM_SERVER_URL).toBe('https://platform.example.com');
    expect(variables.SITE_ENV).toBe('production');
  });

  it('stops without the app id, or with one the platform cannot have', () => {
    expect(stopMessage(filled, {})).toContain('VITE_BASE44_APP_ID is not set');
    expect(stopMessage(filled, { VITE_BASE44_APP_ID: '  ' })).toContain('VITE_BASE44_APP_ID is not set');
    expect(stopMessage(filled, { VITE_BASE44_APP_ID: '../etc' })).toContain('APP_ID must match');
  });

  it.each([
    ['PLATFORM_SERVER_URL', 'http://platform.example.com', 'must be https'],
    ['PLATFORM_SERVER_URL', 'https://localhost:4400', 'is a loopback address'],
    ['SITE_ORIGIN', 'https://127.0.0.1', 'is a loopback address'],
    ['SITE_ORIGIN', 'https://shop.localhost', 'is a loopback address'],
    ['EDITOR_ORIGINS', 'https://editor.example.com, https://[::1]:4400', 'is a loopback address'],
    ['EDITOR_ORIGINS', 'editor.example.com', 'is not an absolute URL'],
    ['SCHEDULING_URL', 'http://calendly.com/x', 'must be https'],
    ['CHECKOUT_HOSTS', 'checkout.stripe.com, localhost:4400', 'is a loopback host'],
    ['CONTACT_EMAIL', 'nobody', 'CONTACT_EMAIL must be an e-mail address'],
  ])('stops when %s is %j', (name, value, problem) => {
    expect(stopMessage({ ...filled, [name]: value })).toContain(problem);
  });

  it('names each missing setting at once, and settings that do not belong', () => {
    const { SITE_ORIGIN: _site, CONTACT_PHONE: _phone, ...rest } = filled;
    const message = stopMessage({
      ...rest,
      AGENCY_NAME: '   ',
      APP_ID: 'x',
      SITEORIGIN: 'https://a.example',
    });
    expect(message).toContain('The production build stops: 5 setting(s) missing or wrong');
    expect(message).toContain('SITE_ORIGIN is missing');
    expect(message).toContain('CONTACT_PHONE is missing');
    expect(message).toContain('AGENCY_NAME is missing');
    expect(message).toContain(
      'APP_ID: not a setting of this file (the app id comes from VITE_BASE44_APP_ID)',
    );
    expect(message).toContain('SITEORIGIN: not a setting');
    expect(stopMessage([filled])).toContain('must hold one JSON object of settings');
  });

  it('a broken file is a stop naming it', () => {
    expect(() => parseProductionSettings('{ "SITE_ORIGIN": ')).toThrow(/config\/site-production\.jsonc: /);
  });
});
