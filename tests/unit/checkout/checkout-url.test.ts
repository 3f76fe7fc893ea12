/** The checkout allow-list (docs/security.md, "Redirects and untrusted values"), decided in `isAllowedCheckoutUrl`. */
import { describe, expect, it } from 'vitest';
import { isAllowedCheckoutUrl } from '../../../src/checkout/checkout-url.ts';

const PRODUCTION = ['https://checkout.stripe.com'];
const LOCAL = ['https://checkout.stripe.com', 'http://localhost:4400'];

describe('isAllowedCheckoutUrl', () => {
  it.each([
    'https://checkout.stripe.com/c/pay/cs_test_a1b2c3',
    'https://checkout.stripe.com/c/pay/cs_test_a1b2c3?x=1#fragment',
    'https://CHECKOUT.Stripe.com/c/pay',
    'https://checkout.stripe.com:443/c/pay',
  ])('accepts the provider: %s', (url) => {
    expect(isAllowedCheckoutUrl(url, PRODUCTION)).toBe(true);
  });

  it('accepts the emulator origin only where it is configured', () => {
    expect(isAllowedCheckoutUrl('http://localhost:4400/__harness/pay/cs_test_1', LOCAL)).toBe(true);
    expect(isAllowedCheckoutUrl('http://localhost:4400/__harness/pay/cs_test_1', PRODUCTION)).toBe(false);
  });

  it.each([
    ['a look-alike suffix', 'https://checkout.stripe.com.evil.com/pay'],
    ['a look-alike prefix', 'https://evilcheckout.stripe.com/pay'],
    ['a sibling subdomain', 'https://pay.checkout.stripe.com/pay'],
    ['the parent domain', 'https://stripe.com/pay'],
    ['http', 'http://checkout.stripe.com/pay'],
    ['javascript:', 'javascript:alert(1)//https://checkout.stripe.com'],
    ['data:', 'data:text/html,https://checkout.stripe.com'],
    ['user-info (name)', 'https://checkout.stripe.com@evil.com/pay'],
    ['user-info on the provider', 'https://user@checkout.stripe.com/pay'],
    ['user-info (name and password)', 'https://a:b@checkout.stripe.com/pay'],
    ['a port', 'https://checkout.stripe.com:8443/pay'],
    ['a trailing dot', 'https://checkout.stripe.com./pay'],
    ['an IDN look-alike (Cyrillic с)', 'https://сheckout.stripe.com/pay'],
    ['its punycode', 'https://xn--heckout-8ng.stripe.com/pay'],
    ['an encoded dot', 'https://checkout%2Estripe.com.evil.com/pay'],
    ['a backslash trick', 'https://evil.com\\@checkout.stripe.com/pay'],
    ['a relative URL', '/c/pay'],
    ['a protocol-relative URL', '//checkout.stripe.com/pay'],
    ['an empty string', ''],
    ['not a string', { href: 'https://checkout.stripe.com/' }],
    ['a huge URL', `https://checkout.stripe.com/${'a'.repeat(5000)}`],
    // A blob: URL's origin is the origin inside it: only the scheme tells it apart.
    ['a blob: URL of the provider', 'blob:https://checkout.stripe.com/0b5e0e68-5b4c-4bd8-9f7c-1c1f4f6a8e1f'],
  ])('refuses %s', (_label, url) => {
    expect(isAllowedCheckoutUrl(url, LOCAL)).toBe(false);
  });

  it('refuses the emulator origin over another scheme or port', () => {
    for (const url of [
      'https://localhost:4400/pay',
      'http://localhost:4401/pay',
      'http://127.0.0.1:4400/pay',
    ]) {
      expect(isAllowedCheckoutUrl(url, LOCAL)).toBe(false);
    }
  });
});

describe('isAllowedCheckoutUrl: length', () => {
  const provider = 'https://checkout.stripe.com/c/pay/';
  const ofLength = (length: number) => provider + 'a'.repeat(length - provider.length);

  it('accepts a URL of 4,096 characters and refuses one of 4,097', () => {
    expect(isAllowedCheckoutUrl(ofLength(4096), PRODUCTION)).toBe(true);
    expect(isAllowedCheckoutUrl(ofLength(4097), PRODUCTION)).toBe(false);
  });
});
