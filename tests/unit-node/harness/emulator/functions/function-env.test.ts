/**
 * What a function's runtime is given: its secrets, built from scratch (the payment double's keys and address, the
 * site's origin, the agency's address), and for a Deno process only what Deno itself needs from the harness's
 * environment, with the harness's own address kept away from any proxy.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PROVIDER_SECRET_KEY,
  WEBHOOK_SECRET,
} from '../../../../../host-harness/payments/account/provider-config.ts';
import {
  denoProcessEnv,
  functionSecrets,
} from '../../../../../host-harness/src/emulator/functions/function-env.ts';

/** What Deno needs from the harness's environment, as the tests set it (each with a value of its own). */
const DENO_NEEDS: Record<string, string> = {
  PATH: '/usr/local/bin:/usr/bin',
  HOME: '/home/dev',
  TMPDIR: '/tmp/dev',
  DENO_DIR: '/home/dev/.cache/deno',
  XDG_CACHE_HOME: '/home/dev/.cache',
  NPM_CONFIG_REGISTRY: 'https://registry.npmjs.org/',
  HTTP_PROXY: 'http://proxy:3128',
  HTTPS_PROXY: 'http://proxy:3129',
  NO_PROXY: 'intranet',
  http_proxy: 'http://proxy:3130',
  https_proxy: 'http://proxy:3131',
  no_proxy: 'intranet.local',
  DENO_CERT: '/etc/ssl/dev.pem',
  DENO_TLS_CA_STORE: 'system',
  SSL_CERT_FILE: '/etc/ssl/certs.pem',
};

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The harness's environment: what Deno needs (but `unset`), and secrets of the harness's own. */
function stubEnvironment(unset: string[] = []): void {
  for (const [name, value] of Object.entries(DENO_NEEDS))
    vi.stubEnv(name, unset.includes(name) ? undefined : value);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'never passed');
  vi.stubEnv('HARNESS_CALL_KEY', 'never passed');
}

describe('functionSecrets', () => {
  it('the checkout contract’s variables, pointing the provider SDK at the provider’s stand-in', () => {
    expect(
      functionSecrets({
        providerUrl: 'http://127.0.0.1:4400/',
        siteOrigin: 'http://localhost:4401',
        agencyEmail: 'hello@example.co.uk',
      }),
    ).toStrictEqual({
      STRIPE_SECRET_KEY: PROVIDER_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '4400',
      STRIPE_API_PROTOCOL: 'http',
      SITE_ORIGIN: 'http://localhost:4401',
      AGENCY_EMAIL: 'hello@example.co.uk',
    });
  });

  it('port 80 when the address names none; extra variables win', () => {
    const secrets = functionSecrets({
      providerUrl: 'http://localhost',
      siteOrigin: 'http://localhost:4401',
      agencyEmail: 'hello@example.co.uk',
      extra: { STRIPE_API_PORT: '9', EXTRA: 'x' },
    });
    expect(secrets).toMatchObject({ STRIPE_API_HOST: 'localhost', STRIPE_API_PORT: '9', EXTRA: 'x' });
    expect(
      functionSecrets({ providerUrl: 'http://localhost', siteOrigin: 'x', agencyEmail: 'y' }).STRIPE_API_PORT,
    ).toBe('80');
  });
});

describe('denoProcessEnv', () => {
  it('only what Deno needs, the loopback names added to the proxy exceptions, the secrets and this start’s call key', () => {
    stubEnvironment();
    expect(denoProcessEnv({ SITE_ORIGIN: 'http://localhost:4401' }, 'key-1')).toStrictEqual({
      ...DENO_NEEDS,
      NO_PROXY: 'intranet,127.0.0.1,localhost,::1',
      no_proxy: 'intranet.local,127.0.0.1,localhost,::1',
      NO_COLOR: '1',
      DENO_NO_UPDATE_CHECK: '1',
      SITE_ORIGIN: 'http://localhost:4401',
      HARNESS_CALL_KEY: 'key-1',
    });
  });

  it('leaves out what is unset, adds no proxy exceptions where there are none, and lets the secrets win', () => {
    stubEnvironment(Object.keys(DENO_NEEDS).filter((name) => name !== 'PATH'));
    vi.stubEnv('NO_PROXY', '');
    expect(denoProcessEnv({ PATH: '/secret/bin', NO_COLOR: '0' }, 'key-2')).toStrictEqual({
      PATH: '/secret/bin',
      NO_PROXY: '',
      NO_COLOR: '0',
      DENO_NO_UPDATE_CHECK: '1',
      HARNESS_CALL_KEY: 'key-2',
    });
  });

  it('hands the shim the runner’s call key as HARNESS_CALL_KEY, over the harness’s own and a secret of that name', () => {
    stubEnvironment();
    expect(denoProcessEnv({ HARNESS_CALL_KEY: 'a secret' }, 'key-3').HARNESS_CALL_KEY).toBe('key-3');
  });
});
