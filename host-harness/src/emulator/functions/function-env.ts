import { CALL_KEY_VARIABLE } from './harness-call.ts';

/**
 * The payment provider's keys as the agency sets them among the functions' secrets (docs/deploy.md, "Set the
 * secrets"): the harness's account on the provider's stand-in has these.
 */
export const PROVIDER_SECRET_KEY = 'sk_test_harness_local';
export const WEBHOOK_SECRET = 'whsec_harness_local';

/** What Deno itself needs from the harness's environment (its cache, a proxy, certificates); nothing else passes. */
const PASSED_TO_DENO = [
  'PATH',
  'HOME',
  'TMPDIR',
  'DENO_DIR',
  'XDG_CACHE_HOME',
  'NPM_CONFIG_REGISTRY',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'SSL_CERT_FILE',
];

export interface FunctionEnvOptions {
  /** Where functions reach the payment provider (its stand-in's address). */
  providerUrl: string;
  siteOrigin: string;
  agencyEmail: string;
  /** More variables (tests); they win over the defaults. */
  extra?: Record<string, string>;
}

/**
 * A function's secrets, built from scratch: the variables docs/deploy.md lists under "2. Set the secrets" (the double's keys and address,
 * the site's origin, the agency's e-mail). In workerd they are the Worker's env bindings, all it sees.
 */
export function functionSecrets(opts: FunctionEnvOptions): Record<string, string> {
  const provider = new URL(opts.providerUrl);
  return {
    STRIPE_SECRET_KEY: PROVIDER_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: provider.hostname,
    STRIPE_API_PORT: provider.port || '80',
    STRIPE_API_PROTOCOL: 'http',
    SITE_ORIGIN: opts.siteOrigin,
    AGENCY_EMAIL: opts.agencyEmail,
    ...opts.extra,
  };
}

/**
 * The environment of a Deno process: the secrets, what Deno needs to run and fetch `npm:` packages, and the runner's
 * call key for this start (the shim takes it out before the function's code runs).
 */
export function denoProcessEnv(secrets: Record<string, string>, callKey: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of PASSED_TO_DENO) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  // A proxy must never see the calls between the function and the emulator.
  for (const key of ['NO_PROXY', 'no_proxy']) if (env[key]) env[key] = `${env[key]},127.0.0.1,localhost,::1`;
  return { ...env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', ...secrets, [CALL_KEY_VARIABLE]: callKey };
}
