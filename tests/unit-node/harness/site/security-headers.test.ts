/**
 * The security headers of the site server (`site/security-headers.ts`): its Content-Security-Policy (the platform's API
 * and socket, the editors that may frame it, a prerendered page's inline hashes) and the headers beside it.
 */
import { describe, expect, it } from 'vitest';
import { defaultSiteConfig } from '../../../../config/site-config.ts';
import { securityHeaders } from '../../../../host-harness/src/site/security-headers.ts';
import type { SiteConfig } from '../../../../src/site-config-types.ts';
import { directives } from '../csp-directives.ts';

/** A `'sha256-…'` source as the build writes it (43 base64 characters and `=`). */
const hash = (fill: string) => `'sha256-${fill.repeat(43).slice(0, 43)}='`;

function config(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return { ...defaultSiteConfig, ...overrides };
}

describe('securityHeaders (the site)', () => {
  it('same-origin everything, the platform’s API and socket, framed by itself and the editors', () => {
    const headers = securityHeaders(
      config({
        serverUrl: 'https://api.example.com',
        editorOrigins: ['https://editor.example.com', 'https://app.example.com'],
      }),
    );
    expect(headers).toStrictEqual({
      'Content-Security-Policy':
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' https://api.example.com wss://api.example.com; frame-src 'none'; frame-ancestors 'self' https://editor.example.com https://app.example.com; form-action 'self'; base-uri 'none'; object-src 'none'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    });
  });

  it('a plain http platform gets a ws: socket source', () => {
    const policy = directives(
      securityHeaders(config({ serverUrl: 'http://localhost:4400' }))['Content-Security-Policy'],
    );
    expect(policy['connect-src']).toStrictEqual(["'self'", 'http://localhost:4400', 'ws://localhost:4400']);
  });

  it('a prerendered page’s inline script and styles are allowed by their hashes, each in its own directive', () => {
    const script = hash('A');
    const style = hash('b+/9');
    const policy = directives(
      securityHeaders(config(), { 'script-src': [script], 'style-src': [style] })['Content-Security-Policy'],
    );
    expect(policy['script-src']).toStrictEqual(["'self'", script]);
    expect(policy['style-src']).toStrictEqual(["'self'", style]);
    expect(policy['default-src']).toStrictEqual(["'self'"]);
  });

  it('takes nothing but sha256 hash strings from the build’s list: never a keyword, a host, a malformed hash or a hash wrapped in another value', () => {
    const good = hash('Z');
    const bad = [
      "'unsafe-inline'",
      "'unsafe-eval'",
      '*',
      'https://evil.example',
      `${good} https://evil.example`,
      `x${good}`,
      `${good}x`,
      hash('A').replace("'sha256-", "'sha384-"),
      hash('A').replace("'sha256-", 'sha256-'),
      `'sha256-${'A'.repeat(42)}='`,
      `'sha256-${'A'.repeat(44)}='`,
      `'sha256-${'A'.repeat(42)}-='`,
      `'sha256-${'A'.repeat(43)}'`,
      `'sha256-${'A'.repeat(43)}=`,
      `'sha256-${'A'.repeat(43)}=='`,
      '',
    ];
    const policy = directives(
      securityHeaders(config(), {
        'script-src': [...bad, good, 7 as unknown as string],
        'style-src': 'not a list' as unknown as string[],
      })['Content-Security-Policy'],
    );
    expect(policy['script-src']).toStrictEqual(["'self'", good]);
    expect(policy['style-src']).toStrictEqual(["'self'"]);
    // A hash wrapped in an array, or in anything else that reads as one, is not a source.
    const wrapped = directives(
      securityHeaders(defaultSiteConfig, {
        'script-src': [hash('A'), [hash('B')], { toString: () => hash('C') }, 7] as unknown as string[],
      })['Content-Security-Policy'],
    );
    expect(wrapped['script-src']).toStrictEqual(["'self'", hash('A')]);
  });

  it('without a page’s list (none given, null, or empty) allows no inline element', () => {
    const plain = securityHeaders(config())['Content-Security-Policy'];
    expect(directives(plain)['script-src']).toStrictEqual(["'self'"]);
    expect(securityHeaders(config(), null)['Content-Security-Policy']).toBe(plain);
    expect(securityHeaders(config(), undefined)['Content-Security-Policy']).toBe(plain);
    expect(securityHeaders(config(), {})['Content-Security-Policy']).toBe(plain);
  });
});
