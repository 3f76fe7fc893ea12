import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeLaunchParams } from '../../../src/bridge/launch-params.ts';

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
