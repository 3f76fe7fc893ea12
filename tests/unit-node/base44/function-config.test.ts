/**
 * The functions' configuration: a missing or malformed variable is a ConfigError naming it (its message is safe to
 * show); values are trimmed; SITE_ORIGIN is a bare http(s) origin, since it becomes the provider's redirect URLs.
 */
import { describe, expect, it } from 'vitest';
import { readCheckoutConfig } from '../../../base44/functions/createCheckout/config.ts';
import { readWebhookConfig } from '../../../base44/functions/stripeWebhook/config.ts';
import { ConfigError, optionalVar, readProviderApi, requireVar } from '../../../base44/shared/env.ts';
import { testEnv } from '../../deno/helpers/test-env.ts';

/** What `fn` threw: the error's class name and message. */
function thrown(fn: () => unknown): { name: string; message: string; configError: boolean } {
  try {
    fn();
  } catch (error) {
    const { name, message } = error as Error;
    return { name, message, configError: error instanceof ConfigError };
  }
  throw new Error('nothing was thrown');
}

const configError = (message: string) => ({ name: 'ConfigError', message, configError: true });

describe('requireVar and optionalVar', () => {
  it('give the value without surrounding white space', () => {
    const env = testEnv({ A: '  sk_test_1\n', B: 'x' });
    expect(requireVar(env, 'A')).toBe('sk_test_1');
    expect(optionalVar(env, 'A')).toBe('sk_test_1');
    expect(optionalVar(env, 'B')).toBe('x');
  });

  it('a missing, empty or blank required variable is a ConfigError naming it', () => {
    for (const value of [undefined, '', '   ']) {
      expect(thrown(() => requireVar(testEnv({ STRIPE_SECRET_KEY: value }), 'STRIPE_SECRET_KEY'))).toEqual(
        configError('STRIPE_SECRET_KEY is not set'),
      );
    }
  });

  it('a missing, empty or blank optional variable is unset', () => {
    for (const value of [undefined, '', '  '])
      expect(optionalVar(testEnv({ A: value }), 'A')).toBeUndefined();
  });
});

describe('readProviderApi', () => {
  // Strictly: the object is spread into the provider SDK's options, where a key set to undefined is not a key left out.
  it('is empty when nothing is set (the provider’s own API)', () => {
    expect(readProviderApi(testEnv({}))).toStrictEqual({});
    expect(
      readProviderApi(testEnv({ STRIPE_API_HOST: ' ', STRIPE_API_PORT: '', STRIPE_API_PROTOCOL: '' })),
    ).toStrictEqual({});
  });

  it('reads the host, port and protocol of a local double', () => {
    expect(
      readProviderApi(
        testEnv({ STRIPE_API_HOST: ' 127.0.0.1 ', STRIPE_API_PORT: '4400', STRIPE_API_PROTOCOL: 'http' }),
      ),
    ).toEqual({ host: '127.0.0.1', port: 4400, protocol: 'http' });
    expect(readProviderApi(testEnv({ STRIPE_API_PROTOCOL: 'https' }))).toEqual({ protocol: 'https' });
  });

  it('accepts the ports 1 to 65535', () => {
    expect(readProviderApi(testEnv({ STRIPE_API_PORT: '1' }))).toEqual({ port: 1 });
    expect(readProviderApi(testEnv({ STRIPE_API_PORT: '65535' }))).toEqual({ port: 65_535 });
  });

  it('refuses a port that is not a whole number from 1 to 65535', () => {
    for (const port of ['0', '65536', '-1', '80.5', 'eighty', '8o']) {
      expect(
        thrown(() => readProviderApi(testEnv({ STRIPE_API_PORT: port }))),
        port,
      ).toEqual(configError('STRIPE_API_PORT must be a port number (1-65535)'));
    }
  });

  it('refuses a protocol but http or https', () => {
    for (const protocol of ['ftp', 'HTTP', 'https:']) {
      expect(
        thrown(() => readProviderApi(testEnv({ STRIPE_API_PROTOCOL: protocol }))),
        protocol,
      ).toEqual(configError('STRIPE_API_PROTOCOL must be http or https'));
    }
  });
});

describe('readCheckoutConfig', () => {
  const required = { STRIPE_SECRET_KEY: 'sk_test_1', SITE_ORIGIN: 'https://www.example.co.uk' };

  it('reads the key, the origin, no prices and the provider’s own API by default', () => {
    expect(readCheckoutConfig(testEnv(required))).toStrictEqual({
      secretKey: 'sk_test_1',
      siteOrigin: 'https://www.example.co.uk',
      prices: {},
      api: {},
    });
  });

  it('reads dashboard prices and a local provider when set', () => {
    const env = testEnv({
      ...required,
      STRIPE_PRICE_SETUP: 'price_setup',
      STRIPE_PRICE_MONTHLY: 'price_monthly',
      STRIPE_API_HOST: 'localhost',
      STRIPE_API_PORT: '4400',
    });
    expect(readCheckoutConfig(env)).toMatchObject({
      prices: { setup: 'price_setup', monthly: 'price_monthly' },
      api: { host: 'localhost', port: 4400 },
    });
    expect(
      readCheckoutConfig(testEnv({ ...required, STRIPE_PRICE_MONTHLY: 'price_m' })).prices,
    ).toStrictEqual({
      monthly: 'price_m',
    });
    expect(readCheckoutConfig(testEnv({ ...required, STRIPE_PRICE_SETUP: 'price_s' })).prices).toStrictEqual({
      setup: 'price_s',
    });
  });

  it('names the missing variable', () => {
    for (const name of ['STRIPE_SECRET_KEY', 'SITE_ORIGIN']) {
      expect(thrown(() => readCheckoutConfig(testEnv({ ...required, [name]: undefined })))).toEqual(
        configError(`${name} is not set`),
      );
    }
  });

  it('keeps a bare http(s) origin, without a trailing slash', () => {
    for (const [value, origin] of [
      ['http://localhost:4401/', 'http://localhost:4401'],
      ['http://localhost:4401', 'http://localhost:4401'],
      ['https://www.example.co.uk/', 'https://www.example.co.uk'],
    ]) {
      expect(readCheckoutConfig(testEnv({ ...required, SITE_ORIGIN: value })).siteOrigin, value).toBe(origin);
    }
  });

  it('refuses anything but a bare http(s) origin', () => {
    for (const value of [
      'www.example.co.uk',
      'javascript:alert(1)',
      'ftp://www.example.co.uk',
      'ws://www.example.co.uk',
      'https://www.example.co.uk/shop',
      'https://www.example.co.uk//',
      'https://www.example.co.uk/?x=1',
      'https://www.example.co.uk#top',
      'https://user:pw@www.example.co.uk',
    ]) {
      expect(
        thrown(() => readCheckoutConfig(testEnv({ ...required, SITE_ORIGIN: value }))),
        value,
      ).toEqual(configError('SITE_ORIGIN must be an http(s) origin such as https://example.co.uk'));
    }
  });
});

describe('readWebhookConfig', () => {
  const vars = {
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    AGENCY_EMAIL: 'hello@example.co.uk',
    STRIPE_SECRET_KEY: 'sk_test_1',
  };

  it('reads the signing secret, the agency’s address and the API key it reads subscriptions with', () => {
    expect(readWebhookConfig(testEnv(vars))).toStrictEqual({
      webhookSecret: 'whsec_1',
      agencyEmail: 'hello@example.co.uk',
      secretKey: 'sk_test_1',
      api: {},
    });
    expect(
      readWebhookConfig(testEnv({ ...vars, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: '4400' })).api,
    ).toStrictEqual({
      host: '127.0.0.1',
      port: 4400,
    });
  });

  it('names the missing variable', () => {
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'AGENCY_EMAIL', 'STRIPE_SECRET_KEY']) {
      expect(thrown(() => readWebhookConfig(testEnv({ ...vars, [name]: undefined })))).toEqual(
        configError(`${name} is not set`),
      );
    }
  });
});
