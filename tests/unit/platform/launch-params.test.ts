import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isValidId,
  normalizeServerUrl,
  readAccessTokenFromUrl,
  stripAccessToken,
} from '../../../src/platform/index.ts';

function fakeWindow(href: string) {
  const calls: (string | URL | null | undefined)[] = [];
  const win = {
    location: { href },
    history: {
      state: { keep: true },
      replaceState(_data: unknown, _unused: string, url?: string | URL | null) {
        calls.push(url);
        if (url) win.location.href = String(url);
      },
    },
  };
  return { win, calls };
}

describe('readAccessTokenFromUrl', () => {
  it('returns the token and removes it from the address bar, keeping path, other query and hash', () => {
    const { win, calls } = fakeWindow('https://site.example/Pricing?a=1&access_token=tok%2Fen&b=2#faq');
    expect(readAccessTokenFromUrl(win)).toBe('tok/en');
    expect(calls).toEqual(['https://site.example/Pricing?a=1&b=2#faq']);
    expect(win.location.href).not.toContain('access_token');
  });

  it('leaves the address alone when there is no token', () => {
    const { win, calls } = fakeWindow('https://site.example/?a=1#x');
    expect(readAccessTokenFromUrl(win)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('strips an empty token and returns null', () => {
    const { win, calls } = fakeWindow('https://site.example/?access_token=');
    expect(readAccessTokenFromUrl(win)).toBeNull();
    expect(calls).toEqual(['https://site.example/']);
  });

  it('works with the real window of the test environment', () => {
    window.history.replaceState(null, '', '/Results?access_token=abc&z=9#top');
    expect(readAccessTokenFromUrl(window)).toBe('abc');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/Results?z=9#top');
  });

  it('stripAccessToken keeps anything it cannot parse', () => {
    expect(stripAccessToken('not a url access_token')).toBe('not a url access_token');
    expect(stripAccessToken('https://a.example/?x=1')).toBe('https://a.example/?x=1');
  });
});

describe('normalizeServerUrl', () => {
  const allowList = ['https://api.example.com', 'http://127.0.0.1:4400/'];
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/some/path?x=1', 'https://api.example.com'],
    ['http://127.0.0.1:4400', 'http://127.0.0.1:4400'],
  ])('accepts %s', (value, expected) => {
    expect(normalizeServerUrl(value, allowList)).toBe(expected);
  });

  it.each([
    'https://evil.example',
    'https://api.example.com.evil.example',
    'https://api.example.com@evil.example',
    'http://api.example.com',
    'javascript:alert(1)',
    '//api.example.com',
    '',
    null,
    undefined,
    'not a url',
  ])('rejects %s', (value) => {
    expect(normalizeServerUrl(value, allowList)).toBeNull();
  });
});

describe('isValidId', () => {
  it.each(['local-app', 'A_b-9', 'x'.repeat(64), '69a0f1c2e3d4b5a6c7d8e9f0'])('accepts %s', (value) => {
    expect(isValidId(value)).toBe(true);
  });
  it.each(['', '../x', '%2e%2e%2f', 'a?b', 'a#b', 'a/b', 'a b', 'x'.repeat(65), 42, null])(
    'rejects %s',
    (value) => {
      expect(isValidId(value)).toBe(false);
    },
  );
});

describe('readAccessTokenFromUrl: the history entry', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps the entry’s state (a router’s) when it rewrites the address', () => {
    const states: unknown[] = [];
    const state = { key: 'k1', scroll: 120 };
    const win = {
      location: { href: 'https://site.example/?access_token=Zt' },
      history: { state, replaceState: (data: unknown) => states.push(data) },
    };
    expect(readAccessTokenFromUrl(win)).toBe('Zt');
    expect(states).toEqual([state]);
  });

  it('a window without history: the token, and no warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readAccessTokenFromUrl({ location: { href: 'https://site.example/?access_token=Zt' } })).toBe(
      'Zt',
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it('an address bar that refuses the rewrite: the token, and a warning that says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const win = {
      location: { href: 'https://site.example/?access_token=Zt' },
      history: {
        replaceState: () => {
          throw new DOMException('refused', 'SecurityError');
        },
      },
    };
    expect(readAccessTokenFromUrl(win)).toBe('Zt');
    expect(warn).toHaveBeenCalledWith('[launch] could not take access_token out of the address bar');
  });
});

describe('normalizeServerUrl: the edges', () => {
  it('an allow-list entry written with trailing slashes still names its origin', () => {
    expect(normalizeServerUrl('https://api.example.com/x', ['https://api.example.com//'])).toBe(
      'https://api.example.com',
    );
  });

  it('a blob: URL, whose origin is the one inside it, is refused by its scheme', () => {
    expect(
      normalizeServerUrl('blob:https://api.example.com/0b5e0e68', ['https://api.example.com']),
    ).toBeNull();
  });
});
