/**
 * The security headers of the site server (`site/security-headers.ts`) and of the editor shell
 * (`shell-server/shell-headers.ts`), and the serializer both use (`serving/content-security-policy.ts`).
 */
import { describe, expect, it } from 'vitest';
import { defaultSiteConfig } from '../../../../config/site-config.ts';
import { serializeCsp } from '../../../../host-harness/src/serving/content-security-policy.ts';
import { shellHeaders } from '../../../../host-harness/src/shell-server/shell-headers.ts';
import { securityHeaders } from '../../../../host-harness/src/site/security-headers.ts';
import type { SiteConfig } from '../../../../src/site-config-types.ts';

/** A `'sha256-…'` source as the build writes it (43 base64 characters and `=`). */
const hash = (fill: string) => `'sha256-${fill.repeat(43).slice(0, 43)}='`;

function config(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return { ...defaultSiteConfig, ...overrides };
}

/** The directives of a policy, by name. */
function directives(policy: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '').split('; ').map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      return [name, values];
    }),
  );
}

describe('serializeCsp', () => {
  it('writes each directive and its sources in order, separated as the header wants them', () => {
    expect(serializeCsp({ 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] })).toBe(
      "default-src 'self'; img-src 'self' data:",
    );
    expect(serializeCsp({})).toBe('');
  });

  it('drops repeated sources, keeping the first place of each', () => {
    expect(serializeCsp({ 'script-src': ['b', 'a', 'b', 'c', 'a'] })).toBe('script-src b a c');
  });
});

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

  it('takes nothing but sha256 hashes from the build’s list: never a keyword, a host or a malformed hash', () => {
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
  });

  it('without a page’s list (none given, null, or empty) allows no inline element', () => {
    const plain = securityHeaders(config())['Content-Security-Policy'];
    expect(directives(plain)['script-src']).toStrictEqual(["'self'"]);
    expect(securityHeaders(config(), null)['Content-Security-Policy']).toBe(plain);
    expect(securityHeaders(config(), undefined)['Content-Security-Policy']).toBe(plain);
    expect(securityHeaders(config(), {})['Content-Security-Policy']).toBe(plain);
  });
});

describe('shellHeaders (the editor shell)', () => {
  it('the site’s origin alone when no remote origins are given, framing only the site and the platform', () => {
    expect(
      shellHeaders({ siteOrigin: 'http://localhost:4401', serverUrl: 'http://localhost:4400' }),
    ).toStrictEqual({
      'Content-Security-Policy':
        "default-src 'self'; script-src 'self' http://localhost:4401; style-src 'self' http://localhost:4401; img-src 'self' data: http://localhost:4401; font-src 'self' http://localhost:4401; connect-src 'self' http://localhost:4401 http://localhost:4400 ws://localhost:4400; frame-src http://localhost:4401 http://localhost:4400; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'",
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  it('every remote origin given may serve scripts, styles, images, fonts and data; an empty list is the site’s', () => {
    const policy = directives(
      shellHeaders({
        siteOrigin: 'http://localhost:4401',
        serverUrl: 'https://api.example.com',
        remoteOrigins: ['http://localhost:4401', 'https://cdn.example.com'],
      })['Content-Security-Policy'],
    );
    const remote = ['http://localhost:4401', 'https://cdn.example.com'];
    expect(policy['script-src']).toStrictEqual(["'self'", ...remote]);
    expect(policy['style-src']).toStrictEqual(["'self'", ...remote]);
    expect(policy['img-src']).toStrictEqual(["'self'", 'data:', ...remote]);
    expect(policy['font-src']).toStrictEqual(["'self'", ...remote]);
    expect(policy['connect-src']).toStrictEqual([
      "'self'",
      ...remote,
      'https://api.example.com',
      'wss://api.example.com',
    ]);
    expect(policy['frame-src']).toStrictEqual(['http://localhost:4401', 'https://api.example.com']);
    const empty = shellHeaders({
      siteOrigin: 'http://localhost:4401',
      serverUrl: 'http://localhost:4400',
      remoteOrigins: [],
    });
    expect(directives(empty['Content-Security-Policy'])['script-src']).toStrictEqual([
      "'self'",
      'http://localhost:4401',
    ]);
  });
});
