/**
 * The editor shell's `?remote=` (docs/security.md, "Servers of the harness and the backend functions"): followed only
 * when it names one of the configured origins (the site's, and those given to the harness), refused with a reason
 * otherwise; the configured list itself holds exact http(s) origins only.
 */
import { describe, expect, it } from 'vitest';
import {
  exactOrigin,
  parseRemoteOverride,
  remoteOrigins,
} from '../../../../host-harness/shell/src/remote-override.ts';

const SITE = 'http://localhost:4401';
const ALLOWED = [SITE, 'http://localhost:5173'];
const ONLY = 'the federated view loads remotes only from http://localhost:4401, http://localhost:5173';

describe('parseRemoteOverride', () => {
  it('is nothing when the query has no remote', () => {
    expect(parseRemoteOverride(null, ALLOWED)).toEqual({ kind: 'none' });
    expect(parseRemoteOverride(undefined, ALLOWED)).toEqual({ kind: 'none' });
    expect(parseRemoteOverride('', ALLOWED)).toEqual({ kind: 'none' });
  });

  it('follows a manifest or remote entry on a configured origin, dead paths included', () => {
    for (const value of [
      `${SITE}/mf-manifest.json`,
      `${SITE}/no-such/mf-manifest.json`,
      'http://localhost:5173/remoteEntry.js',
      'HTTP://LOCALHOST:4401/mf-manifest.json',
    ]) {
      const parsed = parseRemoteOverride(value, ALLOWED);
      expect(parsed.kind, value).toBe('accepted');
      expect(parsed.kind === 'accepted' && parsed.url.href, value).toBe(new URL(value).href);
    }
  });

  it('refuses every other origin, another port or loopback name of this machine included', () => {
    for (const value of [
      'http://localhost:5555/remoteEntry.js',
      'http://localhost:4400/remoteEntry.js',
      'http://127.0.0.1:4401/mf-manifest.json',
      'http://[::1]:4401/mf-manifest.json',
      'https://localhost:4401/mf-manifest.json',
      'https://evil.example/mf-manifest.json',
      'http://localhost.evil.example:4401/mf-manifest.json',
      'data:text/javascript,alert(1)',
      'javascript:alert(1)',
    ]) {
      expect(parseRemoteOverride(value, ALLOWED), value).toEqual({
        kind: 'refused',
        given: value,
        reason: ONLY,
      });
    }
  });

  it('refuses user-info, relative and overlong values, saying why and quoting at most 200 characters', () => {
    expect(parseRemoteOverride('http://user:pw@localhost:4401/mf-manifest.json', ALLOWED)).toEqual({
      kind: 'refused',
      given: 'http://user:pw@localhost:4401/mf-manifest.json',
      reason: `it carries a user name or password, and ${ONLY}`,
    });
    expect(parseRemoteOverride('/mf-manifest.json', ALLOWED)).toEqual({
      kind: 'refused',
      given: '/mf-manifest.json',
      reason: `it is not an absolute URL, and ${ONLY}`,
    });
    const long = `${SITE}/${'a'.repeat(600)}`;
    expect(parseRemoteOverride(long, ALLOWED)).toEqual({
      kind: 'refused',
      given: long.slice(0, 200),
      reason: 'it is longer than 512 characters',
    });
    expect(parseRemoteOverride(`${SITE}/${'a'.repeat(512 - SITE.length - 1)}`, ALLOWED).kind).toBe(
      'accepted',
    );
  });
});

describe('remoteOrigins', () => {
  it("is the site's origin, then the given ones, each once, in the URL parser's spelling", () => {
    expect(remoteOrigins(SITE)).toEqual([SITE]);
    expect(remoteOrigins(SITE, ['HTTP://LocalHost:5173/', SITE, ' https://remote.example '])).toEqual([
      SITE,
      'http://localhost:5173',
      'https://remote.example',
    ]);
  });

  it('throws, naming the value, for anything that is not an exact http(s) origin', () => {
    for (const bad of [
      '',
      '*',
      'localhost:5173',
      'http://x.example/path',
      'http://x.example?q',
      'ws://x.example',
    ]) {
      expect(() => remoteOrigins(SITE, [bad]), bad).toThrow(
        `Not an origin a remote may come from: ${JSON.stringify(bad)} (write scheme://host[:port], nothing after it)`,
      );
    }
  });
});

describe('exactOrigin', () => {
  it('is the origin of a value that names nothing more', () => {
    expect(exactOrigin('http://localhost:4401')).toBe(SITE);
    expect(exactOrigin('http://localhost:4401/')).toBe(SITE);
    expect(exactOrigin('http://localhost:4401/.')).toBeNull();
    expect(exactOrigin('http://localhost:4401#x')).toBeNull();
    expect(exactOrigin('http://u:p@localhost:4401')).toBeNull();
    expect(exactOrigin('not a url')).toBeNull();
  });
});
