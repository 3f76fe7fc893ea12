/**
 * The security headers of the editor shell (`shell-server/shell-headers.ts`): the origins its Content-Security-Policy
 * lets serve the federated remote, and who may frame what.
 */
import { describe, expect, it } from 'vitest';
import { shellHeaders } from '../../../../host-harness/src/shell-server/shell-headers.ts';
import { directives } from '../csp-directives.ts';

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
