/**
 * The production build's settings (`npm run build:production`, the platform CLI's `site.buildCommand`): the app id from
 * `VITE_BASE44_APP_ID` (the CLI sets it to the linked app's id, and adds nothing else to the environment), everything
 * else from ONE committed file, `config/site-production.jsonc`. Nothing falls back to the local defaults of
 * `site-config.ts`, and the environment's values of the same names are ignored, so that whatever shell the CLI runs
 * in, the build is either the production site or a stop that names every missing or wrong setting.
 */
import { readFileSync } from 'node:fs';
import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { DEFAULTS, readSiteConfig, type SiteConfig, SiteConfigError } from './site-config.ts';

/** The committed file, relative to the repository root. */
export const PRODUCTION_SETTINGS_FILE = 'config/site-production.jsonc';
/** The variable the platform's CLI sets to the linked app's id when it builds the site. */
export const APP_ID_VARIABLE = 'VITE_BASE44_APP_ID';

/** Every setting the file must give (all of site-config.ts's but the app id), with what it is for. */
export const PRODUCTION_SETTINGS = {
  PLATFORM_SERVER_URL: "the platform's https origin, where API calls and the realtime socket go",
  EDITOR_ORIGINS:
    "the platform editor's https origins, the only parents the site posts to and that may frame it",
  CHECKOUT_HOSTS: "the payment provider's hosts checkout may redirect to, Stripe's checkout.stripe.com",
  SITE_ORIGIN:
    "the public site's https origin, for canonical URLs and the sitemap (the functions' SITE_ORIGIN)",
  AGENCY_NAME: "the agency's name",
  CONTACT_EMAIL: "the agency's contact e-mail",
  CONTACT_PHONE: "the agency's contact phone number",
  CONTACT_ADDRESS: "the agency's address line",
  SCHEDULING_URL: 'the https page where a free 30-minute call is booked',
} as const satisfies Record<Exclude<keyof typeof DEFAULTS, 'APP_ID'>, string>;

type SettingName = keyof typeof PRODUCTION_SETTINGS;

/** Every variable `site-config.ts` reads: a production build takes none of them from the environment. */
export const SITE_VARIABLES = [...Object.keys(DEFAULTS), 'SITE_ENV'] as const;

const URL_SETTINGS: SettingName[] = [
  'PLATFORM_SERVER_URL',
  'EDITOR_ORIGINS',
  'SITE_ORIGIN',
  'SCHEDULING_URL',
];

/** A loopback or unspecified host (`localhost`, `*.localhost`, `127.x.y.z`, `[::1]`, `0.0.0.0`, `[::]`). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '0.0.0.0' ||
    host === '[::]' ||
    /^\[::ffff:(?:127\.|7f)/.test(host)
  );
}

/** What is wrong with one https URL of a production setting, or null. */
function urlProblem(name: string, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${name}: ${JSON.stringify(value)} is not an absolute URL`;
  }
  if (url.protocol !== 'https:') return `${name}: ${JSON.stringify(value)} must be https`;
  if (isLoopbackHost(url.hostname)) return `${name}: ${JSON.stringify(value)} is a loopback address`;
  return null;
}

export interface ProductionBuild {
  /** The variables the build runs with (replacing every one of `SITE_VARIABLES` in its environment). */
  variables: Record<string, string>;
  /** The configuration the site is built with, as `readSiteConfig` reads it from them. */
  config: SiteConfig;
}

/** Parses the committed file's text (JSONC); throws a SiteConfigError naming the file on a syntax error. */
export function parseProductionSettings(text: string): unknown {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true });
  const [first] = errors;
  if (first) {
    throw new SiteConfigError(
      `${PRODUCTION_SETTINGS_FILE}: ${printParseErrorCode(first.error)} at offset ${first.offset}`,
    );
  }
  return value;
}

/**
 * The production build's variables from the file's settings and the app id in `env`. Throws a SiteConfigError whose
 * message lists every problem, one a line: each missing setting by name with what it is, a setting that is not https
 * or names a loopback host, a setting the file should not have, a missing or malformed app id.
 */
export function productionBuild(settings: unknown, env: NodeJS.ProcessEnv): ProductionBuild {
  const problems: string[] = [];
  const appId = env[APP_ID_VARIABLE]?.trim() ?? '';
  if (!appId) {
    problems.push(
      `${APP_ID_VARIABLE} is not set: the platform app id, which the CLI sets (\`npx base44@0.1.18 build\`, \`deploy --build\`)`,
    );
  }
  const given: Record<string, unknown> =
    typeof settings === 'object' && settings !== null && !Array.isArray(settings)
      ? (settings as Record<string, unknown>)
      : {};
  if (given !== settings) problems.push(`${PRODUCTION_SETTINGS_FILE} must hold one JSON object of settings`);
  for (const name of Object.keys(given)) {
    if (!(name in PRODUCTION_SETTINGS)) {
      problems.push(
        name === 'APP_ID'
          ? `APP_ID: not a setting of this file (the app id comes from ${APP_ID_VARIABLE})`
          : `${name}: not a setting (${Object.keys(PRODUCTION_SETTINGS).join(', ')})`,
      );
    }
  }
  const variables: Record<string, string> = { APP_ID: appId, SITE_ENV: 'production' };
  for (const [name, meaning] of Object.entries(PRODUCTION_SETTINGS) as [SettingName, string][]) {
    const raw = given[name];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (!value) {
      problems.push(`${name} is missing: ${meaning}`);
      continue;
    }
    variables[name] = value;
    if (URL_SETTINGS.includes(name)) {
      for (const entry of name === 'EDITOR_ORIGINS' ? value.split(',').map((item) => item.trim()) : [value]) {
        const problem = urlProblem(name, entry);
        if (problem) problems.push(problem);
      }
    }
    if (name === 'CHECKOUT_HOSTS') {
      for (const host of value.split(',').map((item) => item.trim())) {
        if (isLoopbackHost(host.replace(/:\d+$/, ''))) problems.push(`${name}: ${host} is a loopback host`);
      }
    }
  }
  if (problems.length === 0) {
    try {
      return { variables, config: readSiteConfig(variables) };
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  throw new SiteConfigError(
    `The production build stops: ${problems.length} setting(s) missing or wrong\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
      `Settings come from ${PRODUCTION_SETTINGS_FILE} (documented there and in docs/deploy.md); the app id from ${APP_ID_VARIABLE}.`,
  );
}

/** Reads the committed file under `root` and returns the production build's variables (see {@link productionBuild}). */
export function readProductionBuild(root: string, env: NodeJS.ProcessEnv): ProductionBuild {
  let text: string;
  try {
    text = readFileSync(`${root}/${PRODUCTION_SETTINGS_FILE}`, 'utf8');
  } catch {
    throw new SiteConfigError(`The production build stops: ${PRODUCTION_SETTINGS_FILE} is missing`);
  }
  return productionBuild(parseProductionSettings(text), env);
}
