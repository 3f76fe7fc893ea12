/**
 * Taking the launch token (src/platform/launch-token/take-launch-token.ts), as the page sees it: the address bar, the
 * browser's storage (both keys) and what every later call on the page answers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEYS } from '../../../../src/platform/constants.ts';
import { takeLaunchToken } from '../../../../src/platform/launch-token/index.ts';

function fakeWindow(href: string, state: unknown = null) {
  const replaced: string[] = [];
  const win = {
    location: { href },
    history: {
      state,
      replaceState(_data: unknown, _unused: string, url?: string | URL | null) {
        replaced.push(String(url));
        win.location.href = String(url);
      },
    },
  };
  return { win, replaced };
}

const stored = () => TOKEN_STORAGE_KEYS.map((key) => localStorage.getItem(key));
const storeOld = () => {
  for (const key of TOKEN_STORAGE_KEYS) localStorage.setItem(key, 'Zold');
};

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('takeLaunchToken: read, keep and remove in one step', () => {
  it('reads the first copy, stores it under both keys and takes every copy out of the address', () => {
    const { win, replaced } = fakeWindow(
      'https://site.example/Pricing?plan=gold&access%5Ftoken=Zone&x=%2B+y&access_token=Ztwo#faq&access_token=Zthree',
    );
    expect(takeLaunchToken(win)).toBe('Zone');
    expect(replaced).toEqual(['https://site.example/Pricing?plan=gold&x=%2B+y#faq']);
    expect(stored()).toEqual(['Zone', 'Zone']);
  });

  it('decodes the token, and keeps the path, the other parameters and the hash', () => {
    const { win, replaced } = fakeWindow('https://site.example/Pricing?a=1&access_token=tok%2Fen&b=2#faq');
    expect(takeLaunchToken(win)).toBe('tok/en');
    expect(replaced).toEqual(['https://site.example/Pricing?a=1&b=2#faq']);
    expect(win.location.href).not.toContain('access_token');
  });

  it('leaves the address and storage alone when there is no token', () => {
    for (const href of [
      'https://site.example/Process?ACCESS_TOKEN=x&access_tokens=y#faq',
      'https://site.example/?a=1#x',
    ]) {
      const { win, replaced } = fakeWindow(href);
      expect(takeLaunchToken(win)).toBeNull();
      expect(replaced).toEqual([]);
      expect(localStorage.length).toBe(0);
    }
  });

  it('removes an empty or over-long token but keeps neither', () => {
    for (const value of ['', 'Z'.repeat(2049)]) {
      const { win, replaced } = fakeWindow(`https://site.example/?access_token=${value}&a=1`);
      expect(takeLaunchToken(win)).toBeNull();
      expect(replaced).toEqual(['https://site.example/?a=1']);
      expect(localStorage.length).toBe(0);
    }
    const { win, replaced } = fakeWindow('https://site.example/?access_token=');
    expect(takeLaunchToken(win)).toBeNull();
    expect(replaced).toEqual(['https://site.example/']);
    const longest = fakeWindow(`https://site.example/?access_token=${'Z'.repeat(2048)}`);
    expect(takeLaunchToken(longest.win)).toHaveLength(2048);
  });

  it('still takes the token out of the address and returns it when storage is blocked', () => {
    // A sandboxed frame: naming `localStorage` throws.
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const sandboxed = fakeWindow('https://site.example/?access_token=Zblocked');
    expect(takeLaunchToken(sandboxed.win)).toBe('Zblocked');
    expect(sandboxed.replaced).toEqual(['https://site.example/']);
    vi.restoreAllMocks();
    // Storage that refuses every write (a full or a blocked one).
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'QuotaExceededError');
    });
    const refusing = fakeWindow('https://site.example/?access_token=Zrefused');
    expect(takeLaunchToken(refusing.win)).toBe('Zrefused');
    expect(refusing.replaced).toEqual(['https://site.example/']);
  });

  it('clear_access_token=true forgets the stored token (both keys) and leaves the address', () => {
    storeOld();
    const { win, replaced } = fakeWindow(
      'https://site.example/Pricing?clear_access_token=true&plan=gold#faq',
    );
    expect(takeLaunchToken(win)).toBeNull();
    expect(replaced).toEqual(['https://site.example/Pricing?plan=gold#faq']);
    expect(localStorage.length).toBe(0);
  });

  it('with a token beside it, the old one is forgotten and the new one kept', () => {
    storeOld();
    const { win, replaced } = fakeWindow('https://site.example/?access_token=Znew&clear_access_token=true');
    expect(takeLaunchToken(win)).toBe('Znew');
    expect(replaced).toEqual(['https://site.example/']);
    expect(stored()).toEqual(['Znew', 'Znew']);
  });

  it('clear_access_token with another value forgets nothing, and leaves the address', () => {
    storeOld();
    const { win, replaced } = fakeWindow('https://site.example/?clear_access_token=false');
    expect(takeLaunchToken(win)).toBeNull();
    expect(replaced).toEqual(['https://site.example/']);
    expect(stored()).toEqual(['Zold', 'Zold']);
  });
});

describe('takeLaunchToken: the page remembers the token it took', () => {
  it('a later call returns the token the first one took, though the address and storage no longer have it', () => {
    const { win, replaced } = fakeWindow('https://site.example/Pricing?access_token=Zboot');
    expect(takeLaunchToken(win)).toBe('Zboot');
    localStorage.clear();
    expect(takeLaunchToken(win)).toBe('Zboot');
    expect(replaced).toEqual(['https://site.example/Pricing']);
    expect(localStorage.length).toBe(0);
  });

  it('a page that took none answers null on every call', () => {
    const { win } = fakeWindow('https://site.example/Pricing');
    expect(takeLaunchToken(win)).toBeNull();
    expect(takeLaunchToken(win)).toBeNull();
  });

  it('a later link that brings a new token: it is taken, stored and remembered instead', () => {
    const { win } = fakeWindow('https://site.example/?access_token=Zfirst');
    takeLaunchToken(win);
    win.location.href = 'https://site.example/Results?access_token=Zsecond';
    expect(takeLaunchToken(win)).toBe('Zsecond');
    expect(stored()).toEqual(['Zsecond', 'Zsecond']);
    expect(takeLaunchToken(win)).toBe('Zsecond');
  });

  it('a later token that is not kept (over-long) does not replace the remembered one', () => {
    const { win } = fakeWindow('https://site.example/?access_token=Zfirst');
    takeLaunchToken(win);
    win.location.href = `https://site.example/?access_token=${'Z'.repeat(2049)}`;
    expect(takeLaunchToken(win)).toBe('Zfirst');
    expect(win.location.href).toBe('https://site.example/');
  });

  it('each page remembers its own', () => {
    const first = fakeWindow('https://site.example/?access_token=Zone');
    takeLaunchToken(first.win);
    expect(takeLaunchToken(fakeWindow('https://site.example/').win)).toBeNull();
  });
});

describe('takeLaunchToken: the history entry', () => {
  it('keeps the entry’s state (a router’s) when it rewrites the address', () => {
    const state = { key: 'k1', scroll: 120 };
    const states: unknown[] = [];
    const win = {
      location: { href: 'https://site.example/?access_token=Zt' },
      history: { state, replaceState: (data: unknown) => states.push(data) },
    };
    expect(takeLaunchToken(win)).toBe('Zt');
    expect(states).toEqual([state]);
  });

  it('a window without history: the token, and no warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(takeLaunchToken({ location: { href: 'https://site.example/?access_token=Zt' } })).toBe('Zt');
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
    expect(takeLaunchToken(win)).toBe('Zt');
    expect(warn).toHaveBeenCalledWith('[launch] could not take access_token out of the address bar');
  });
});

describe("takeLaunchToken: the test environment's own window", () => {
  it('takes the token out of the address bar, keeping the path, the other parameters and the hash', () => {
    window.history.replaceState(null, '', '/Results?access_token=abc&z=9#top');
    expect(takeLaunchToken(window)).toBe('abc');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/Results?z=9#top');
    expect(stored()).toEqual(['abc', 'abc']);
  });

  it('forgets the token in the browser’s storage for clear_access_token=true', () => {
    storeOld();
    window.history.replaceState(null, '', '/Results?clear_access_token=true');
    expect(takeLaunchToken(window)).toBeNull();
    expect(window.location.search).toBe('');
    expect(stored()).toEqual([null, null]);
  });

  it('does not open the browser’s storage on a page opened without a token', () => {
    window.history.replaceState(null, '', '/Results?plan=gold');
    const storageOpened = vi.spyOn(window, 'localStorage', 'get');
    expect(takeLaunchToken(window)).toBeNull();
    expect(storageOpened).not.toHaveBeenCalled();
  });
});
