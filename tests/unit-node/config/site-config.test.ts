import { describe, expect, it } from 'vitest';
import { readSiteConfig, SiteConfigError } from '../../../config/site-config.ts';

describe('readSiteConfig', () => {
  it('has local defaults for the harness', () => {
    const config = readSiteConfig({});
    expect(config.appId).toBe('local-app');
    expect(config.serverUrl).toBe('http://localhost:4400');
    expect(config.editorOrigins).toEqual(['http://localhost:4400']);
    expect(config.checkoutOrigins).toEqual(['https://checkout.stripe.com', 'http://localhost:4400']);
  });

  it('drops the harness from the checkout allow-list in production builds', () => {
    const config = readSiteConfig({ SITE_ENV: 'production', PLATFORM_SERVER_URL: 'https://api.example.com' });
    expect(config.checkoutOrigins).toEqual(['https://checkout.stripe.com']);
    expect(config.serverUrl).toBe('https://api.example.com');
  });

  it('reads lists and normalises origins', () => {
    const config = readSiteConfig({
      EDITOR_ORIGINS: 'https://editor.example.com/path, http://localhost:4400',
    });
    expect(config.editorOrigins).toEqual(['https://editor.example.com', 'http://localhost:4400']);
  });

  it.each([
    [{ APP_ID: '../etc' }, /APP_ID/],
    [{ PLATFORM_SERVER_URL: 'javascript:alert(1)' }, /PLATFORM_SERVER_URL/],
    [{ PLATFORM_SERVER_URL: 'https://user:pw@example.com' }, /credentials/],
    [{ EDITOR_ORIGINS: 'not a url' }, /EDITOR_ORIGINS/],
    [{ CHECKOUT_HOSTS: 'https://checkout.stripe.com' }, /CHECKOUT_HOSTS/],
    [{ CONTACT_EMAIL: 'nobody' }, /CONTACT_EMAIL/],
    [{ SCHEDULING_URL: 'http://insecure.example.com' }, /SCHEDULING_URL/],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => readSiteConfig(env)).toThrow(SiteConfigError);
    expect(() => readSiteConfig(env)).toThrow(message);
  });
});
