/**
 * The return address the login page and logout redirect to (`core/http/local-url.ts`): only an absolute http(s) URL
 * on a loopback name, without credentials, or it would be an open redirect; and the token added to it.
 */
import { describe, expect, it } from 'vitest';
import {
  localHttpUrl,
  withAccessToken,
} from '../../../../../../host-harness/src/emulator/core/http/local-url.ts';

describe('localHttpUrl', () => {
  it('accepts an http or https URL on localhost, 127.0.0.1 or [::1], with any port, path, query and hash', () => {
    for (const raw of [
      'http://localhost:4401/account?tab=1#top',
      'https://localhost/',
      'http://127.0.0.1:8080/x',
      'http://[::1]:4401/',
      'HTTP://LOCALHOST:4401/Path',
    ])
      expect(localHttpUrl(raw)?.href, raw).toBe(new URL(raw).href);
  });

  it('refuses anything that is not text, or not a URL', () => {
    for (const raw of [
      undefined,
      null,
      5,
      ['http://localhost/'],
      { href: 'http://localhost/' },
      '',
      '/account',
      'localhost:4401',
    ])
      expect(localHttpUrl(raw), JSON.stringify(raw)).toBeNull();
  });

  it('refuses another scheme', () => {
    for (const raw of [
      'ftp://localhost/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ws://localhost:4400/',
    ])
      expect(localHttpUrl(raw), raw).toBeNull();
  });

  it('refuses credentials, a user name or a password alone', () => {
    for (const raw of ['http://user:pass@localhost/', 'http://user@localhost/', 'http://:pass@localhost/'])
      expect(localHttpUrl(raw), raw).toBeNull();
  });

  it('refuses any other host, however close to a local one', () => {
    for (const raw of [
      'https://example.com/',
      'http://localhost.example.com/',
      'http://evil-localhost/',
      'http://127.0.0.2/',
      'http://0.0.0.0/',
      'http://[::2]/',
      'http://example.com@evil.example/',
    ])
      expect(localHttpUrl(raw), raw).toBeNull();
  });

  it('takes an address of 4096 characters, not one more', () => {
    const base = 'http://localhost/';
    expect(localHttpUrl(base + 'a'.repeat(4096 - base.length))?.pathname).toHaveLength(
      4096 - base.length + 1,
    );
    expect(localHttpUrl(base + 'a'.repeat(4097 - base.length))).toBeNull();
  });
});

describe('withAccessToken', () => {
  it('adds the token as the query when there is none, before the hash', () => {
    expect(withAccessToken(new URL('http://localhost:4401/done#top'), 'tok')).toBe(
      'http://localhost:4401/done?access_token=tok#top',
    );
    expect(withAccessToken(new URL('http://localhost:4401/done?'), 'tok')).toBe(
      'http://localhost:4401/done?access_token=tok',
    );
  });

  it('adds it after the other parameters, leaving them byte for byte', () => {
    expect(withAccessToken(new URL('http://localhost/p?q=a+b%20c&x=%7E#h'), 'tok')).toBe(
      'http://localhost/p?q=a+b%20c&x=%7E&access_token=tok#h',
    );
  });

  it('encodes the token', () => {
    expect(withAccessToken(new URL('http://localhost/'), 'a b&c=d/é')).toBe(
      'http://localhost/?access_token=a%20b%26c%3Dd%2F%C3%A9',
    );
  });

  it('replaces a token already in the query (once, keeping the other parameters)', () => {
    expect(
      withAccessToken(new URL('http://localhost/p?a=1&access_token=old&b=2&access_token=old2#h'), 'new'),
    ).toBe('http://localhost/p?a=1&access_token=new&b=2#h');
  });

  it('leaves the URL it was given as it was', () => {
    const url = new URL('http://localhost/p?a=1');
    withAccessToken(url, 'tok');
    withAccessToken(new URL('http://localhost/p?access_token=x'), 'tok');
    expect(url.href).toBe('http://localhost/p?a=1');
  });
});
