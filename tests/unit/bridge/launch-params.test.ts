import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeLaunchParams } from '../../../src/bridge/launch-params.ts';
import { takeLaunchToken } from '../../../src/platform/launch-token/index.ts';

const allow = ['http://localhost:4400'];

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('takeLaunchParams', () => {
  it('takes access_token out of the address bar, keeping path, the rest of the query and the hash', () => {
    window.history.replaceState(null, '', '/Pricing?access_token=secret-123&app_id=local-app&x=1#faq');
    const params = takeLaunchParams(window, allow);
    expect(params.accessToken).toBe('secret-123');
    expect(params.appId).toBe('local-app');
    expect(window.location.pathname).toBe('/Pricing');
    expect(window.location.search).toBe('?app_id=local-app&x=1');
    expect(window.location.hash).toBe('#faq');
    expect(window.location.href).not.toContain('secret-123');
  });

  it.each([
    [
      'an encoded name',
      '/Pricing?access%5Ftoken=Zone&app_id=local-app&x=%2B+#faq',
      '?app_id=local-app&x=%2B+',
      '#faq',
    ],
    [
      'a repeated token',
      '/Pricing?access_token=Zone&x=1&%61ccess_token=Ztwo&access%5ftoken=Zthree',
      '?x=1',
      '',
    ],
    ['the hash', '/Pricing?x=1#faq&access_token=Zone', '?x=1', '#faq'],
  ])(
    'takes the token in %s out of the address bar (the first copy wins)',
    (_label, address, search, hash) => {
      window.history.replaceState(null, '', address);
      const params = takeLaunchParams(window, allow);
      expect(params.accessToken).toBe('Zone');
      expect(window.location.pathname + window.location.search + window.location.hash).toBe(
        `/Pricing${search}${hash}`,
      );
      expect(window.location.href).not.toMatch(/Z(one|two|three)/);
    },
  );

  it('honours server_url only on the allow-list', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.history.replaceState(null, '', '/?server_url=http://localhost:4400/api');
    expect(takeLaunchParams(window, allow).serverUrl).toBe('http://localhost:4400');
    for (const bad of [
      'https://evil.com',
      'http://localhost:4400@evil.com',
      'javascript:alert(1)',
      '//evil.com',
    ]) {
      window.history.replaceState(null, '', `/?server_url=${encodeURIComponent(bad)}`);
      expect(takeLaunchParams(window, allow).serverUrl).toBeNull();
    }
  });

  it('ignores app_id and functions_version that are not plain ids', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const bad of ['../x', '%2e%2e%2f', 'a?b', 'a#b', 'x'.repeat(65), 'a b']) {
      window.history.replaceState(
        null,
        '',
        `/?app_id=${encodeURIComponent(bad)}&functions_version=${encodeURIComponent(bad)}`,
      );
      const params = takeLaunchParams(window, allow);
      expect(params.appId).toBeNull();
      expect(params.functionsVersion).toBeNull();
    }
    expect(warn).toHaveBeenCalled();
    window.history.replaceState(null, '', '/?functions_version=v2-beta_1');
    expect(takeLaunchParams(window, allow).functionsVersion).toBe('v2-beta_1');
  });

  it('survives a malformed query', () => {
    window.history.replaceState(null, '', '/?%E0%A4%A=1&access_token=%ZZ');
    expect(() => takeLaunchParams(window, allow)).not.toThrow();
    expect(window.location.search).not.toContain('access_token');
  });
});

describe('takeLaunchParams: what it says about a parameter it ignores', () => {
  it('says nothing of app_id, functions_version or server_url when they are absent or empty', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.history.replaceState(null, '', '/Pricing?x=1');
    expect(takeLaunchParams(window, allow)).toEqual({
      accessToken: null,
      appId: null,
      serverUrl: null,
      functionsVersion: null,
      fromUrl: null,
    });
    window.history.replaceState(null, '', '/Pricing?app_id=&functions_version=');
    const params = takeLaunchParams(window, allow);
    expect([params.appId, params.functionsVersion]).toEqual([null, null]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('names the id parameter it ignored and the form it must have', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.history.replaceState(null, '', '/?app_id=..%2Fx');
    takeLaunchParams(window, allow);
    expect(warn.mock.calls).toEqual([
      ['[bridge] ignored the launch parameter app_id: it must match ^[A-Za-z0-9_-]{1,64}$'],
    ]);
    warn.mockClear();
    window.history.replaceState(null, '', '/?functions_version=a%20b');
    takeLaunchParams(window, allow);
    expect(warn.mock.calls).toEqual([
      ['[bridge] ignored the launch parameter functions_version: it must match ^[A-Za-z0-9_-]{1,64}$'],
    ]);
  });

  it('says why it ignored server_url, and says nothing of one it honours', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.history.replaceState(null, '', '/?server_url=http://localhost:4400');
    expect(takeLaunchParams(window, allow).serverUrl).toBe('http://localhost:4400');
    expect(warn).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/?server_url=');
    expect(takeLaunchParams(window, allow).serverUrl).toBeNull();
    expect(warn.mock.calls).toEqual([
      ['[bridge] ignored the launch parameter server_url: its origin is not on the allow-list'],
    ]);
  });

  it('ignores a server_url on the allow-list when it is longer than any launch parameter (2,048 characters)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const base = 'http://localhost:4400/';
    const at = (length: number) => `${base}${'a'.repeat(length - base.length)}`;
    window.history.replaceState(null, '', `/?server_url=${encodeURIComponent(at(2048))}`);
    expect(takeLaunchParams(window, allow).serverUrl).toBe('http://localhost:4400');
    window.history.replaceState(null, '', `/?server_url=${encodeURIComponent(at(2049))}`);
    expect(takeLaunchParams(window, allow).serverUrl).toBeNull();
  });

  it('reads from_url up to 2,048 characters, and no longer', () => {
    const at = (length: number) => `https://app.example/${'p'.repeat(length - 20)}`;
    window.history.replaceState(null, '', `/?from_url=${encodeURIComponent(at(2048))}`);
    expect(takeLaunchParams(window, allow).fromUrl).toBe(at(2048));
    window.history.replaceState(null, '', `/?from_url=${encodeURIComponent(at(2049))}`);
    expect(takeLaunchParams(window, allow).fromUrl).toBeNull();
    window.history.replaceState(null, '', '/?from_url=');
    expect(takeLaunchParams(window, allow).fromUrl).toBeNull();
  });

  it('hands on the token the first script took when the address has none left, whole', () => {
    const longest = 't'.repeat(2048);
    window.history.replaceState(null, '', `/Pricing?access_token=${longest}&app_id=local-app`);
    // The boot script takes it first.
    expect(takeLaunchToken(window)).toBe(longest);
    expect(window.location.search).toBe('?app_id=local-app');
    const params = takeLaunchParams(window, allow);
    expect(params.accessToken).toBe(longest);
    expect(params.appId).toBe('local-app');
  });

  it('prefers a token in the address (taken and stored now) over the one the first script took', () => {
    window.history.replaceState(null, '', '/?access_token=Zearlier');
    takeLaunchToken(window);
    window.history.replaceState(null, '', '/Pricing?access_token=Znow');
    expect(takeLaunchParams(window, allow).accessToken).toBe('Znow');
    expect(window.location.search).toBe('');
    expect(localStorage.getItem('base44_access_token')).toBe('Znow');
  });

  it('hands on no token longer than any launch parameter (2,048 characters), even one the first script found', () => {
    window.history.replaceState(null, '', `/Pricing?access_token=${'Z'.repeat(2049)}`);
    expect(takeLaunchToken(window)).toBeNull();
    expect(takeLaunchParams(window, allow).accessToken).toBeNull();
    expect(window.location.search).toBe('');
  });
});
