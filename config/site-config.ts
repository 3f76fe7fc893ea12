/**
 * Build-time configuration of the site: read once from environment variables, validated, and injected into the bundle
 * as `__SITE_CONFIG__` (see `src/site-config.ts`). Every default lives here and is listed in the README.
 */
import type { SiteConfig } from '../src/site-config-types.ts';

export type { SiteConfig };

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Local defaults: the harness of `npm start` (app `local-app`, platform emulator on :4400, site on :4401). */
export const DEFAULTS = {
  APP_ID: 'local-app',
  PLATFORM_SERVER_URL: 'http://localhost:4400',
  EDITOR_ORIGINS: 'http://localhost:4400',
  CHECKOUT_HOSTS: 'checkout.stripe.com',
  SITE_ORIGIN: 'http://localhost:4401',
  AGENCY_NAME: 'Fieldstone Digital',
  CONTACT_EMAIL: 'hello@fieldstonedigital.co.uk',
  CONTACT_PHONE: '020 7946 0321',
  CONTACT_ADDRESS: 'London, United Kingdom',
  SCHEDULING_URL: 'https://calendly.com/fieldstone-digital/30min',
} as const;

export class SiteConfigError extends Error {
  override name = 'SiteConfigError';
}

function origin(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SiteConfigError(`${name} must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SiteConfigError(`${name} must use http or https, got ${JSON.stringify(value)}`);
  }
  if (url.username || url.password) throw new SiteConfigError(`${name} must not carry credentials`);
  return url.origin;
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function hostname(value: string, name: string): string {
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(value)) {
    throw new SiteConfigError(
      `${name} entries must be bare host names (host or host:port), got ${JSON.stringify(value)}`,
    );
  }
  return value.toLowerCase();
}

function email(value: string): string {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
    throw new SiteConfigError(`CONTACT_EMAIL must be an e-mail address, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Reads and validates the configuration. `local` (true unless `SITE_ENV=production`) adds the platform server's
 * origin to the checkout allow-list, so that the emulator's payment page is reachable in local builds.
 */
export function readSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const get = (key: keyof typeof DEFAULTS): string => {
    const value = env[key]?.trim();
    return value ? value : DEFAULTS[key];
  };
  const appId = get('APP_ID');
  if (!ID_PATTERN.test(appId))
    throw new SiteConfigError(`APP_ID must match ${ID_PATTERN}, got ${JSON.stringify(appId)}`);
  const serverUrl = origin(get('PLATFORM_SERVER_URL'), 'PLATFORM_SERVER_URL');
  const editorOrigins = list(get('EDITOR_ORIGINS')).map((o) => origin(o, 'EDITOR_ORIGINS'));
  const local = env.SITE_ENV !== 'production';
  const checkoutHosts = list(get('CHECKOUT_HOSTS')).map((h) => hostname(h, 'CHECKOUT_HOSTS'));
  const checkoutOrigins = checkoutHosts.map((host) => `https://${host}`);
  if (local && !checkoutOrigins.includes(serverUrl)) checkoutOrigins.push(serverUrl);
  const schedulingUrl = get('SCHEDULING_URL');
  if (!schedulingUrl.startsWith('https://')) throw new SiteConfigError('SCHEDULING_URL must be an https URL');
  origin(schedulingUrl, 'SCHEDULING_URL');
  return {
    appId,
    serverUrl,
    serverUrlAllowList: [serverUrl],
    editorOrigins,
    checkoutOrigins,
    siteOrigin: origin(get('SITE_ORIGIN'), 'SITE_ORIGIN'),
    agencyName: get('AGENCY_NAME'),
    contactEmail: email(get('CONTACT_EMAIL')),
    contactPhone: get('CONTACT_PHONE'),
    contactAddress: get('CONTACT_ADDRESS'),
    schedulingUrl,
  };
}

/** The configuration with no environment set: every local default (what `npm start` and the tests run with). */
export const defaultSiteConfig: SiteConfig = readSiteConfig({});
