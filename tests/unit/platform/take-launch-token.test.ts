import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEYS } from '../../../src/platform/constants.ts';
import { takeLaunchToken } from '../../../src/platform/take-launch-token.ts';
import { createTokenStore, type StorageLike } from '../../../src/platform/token-store.ts';

function fakeWindow(href: string) {
  const replaced: string[] = [];
  const win = {
    location: { href },
    history: {
      state: null,
      replaceState(_data: unknown, _unused: string, url?: string | URL | null) {
        replaced.push(String(url));
        win.location.href = String(url);
      },
    },
  };
  return { win, replaced };
}

function memoryStorage(): StorageLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

describe('takeLaunchToken: read, keep and remove in one step', () => {
  it('reads the first copy, stores it under both keys and takes every copy out of the address', () => {
    const { win, replaced } = fakeWindow(
      'https://site.example/Pricing?plan=gold&access%5Ftoken=Zone&x=%2B+y&access_token=Ztwo#faq&access_token=Zthree',
    );
    const storage = memoryStorage();
    expect(takeLaunchToken(win, createTokenStore(storage))).toBe('Zone');
    expect(replaced).toEqual(['https://site.example/Pricing?plan=gold&x=%2B+y#faq']);
    expect(TOKEN_STORAGE_KEYS.map((key) => storage.entries.get(key))).toEqual(['Zone', 'Zone']);
  });

  it('leaves the address and storage alone when there is no token', () => {
    const { win, replaced } = fakeWindow('https://site.example/Process?ACCESS_TOKEN=x&access_tokens=y#faq');
    const storage = memoryStorage();
    expect(takeLaunchToken(win, createTokenStore(storage))).toBeNull();
    expect(replaced).toEqual([]);
    expect(storage.entries.size).toBe(0);
  });

  it('removes an empty or over-long token but keeps neither', () => {
    for (const value of ['', 'Z'.repeat(2049)]) {
      const { win, replaced } = fakeWindow(`https://site.example/?access_token=${value}&a=1`);
      const storage = memoryStorage();
      expect(takeLaunchToken(win, createTokenStore(storage))).toBeNull();
      expect(replaced).toEqual(['https://site.example/?a=1']);
      expect(storage.entries.size).toBe(0);
    }
    const { win } = fakeWindow(`https://site.example/?access_token=${'Z'.repeat(2048)}`);
    expect(takeLaunchToken(win, createTokenStore(memoryStorage()))).toHaveLength(2048);
  });

  it('still takes the token out of the address and returns it when storage is blocked', () => {
    const { win, replaced } = fakeWindow('https://site.example/?access_token=Zblocked');
    const blocked: StorageLike = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(takeLaunchToken(win, createTokenStore(blocked))).toBe('Zblocked');
    expect(replaced).toEqual(['https://site.example/']);
  });

  it('clear_access_token=true forgets the stored token (both keys) and leaves the address', () => {
    const { win, replaced } = fakeWindow(
      'https://site.example/Pricing?clear_access_token=true&plan=gold#faq',
    );
    const storage = memoryStorage();
    const store = createTokenStore(storage);
    store.save('Zold');
    expect(takeLaunchToken(win, store)).toBeNull();
    expect(replaced).toEqual(['https://site.example/Pricing?plan=gold#faq']);
    expect(storage.entries.size).toBe(0);
  });

  it('with a token beside it, the old one is forgotten and the new one kept', () => {
    const { win, replaced } = fakeWindow('https://site.example/?access_token=Znew&clear_access_token=true');
    const storage = memoryStorage();
    const store = createTokenStore(storage);
    store.save('Zold');
    expect(takeLaunchToken(win, store)).toBe('Znew');
    expect(replaced).toEqual(['https://site.example/']);
    expect(TOKEN_STORAGE_KEYS.map((key) => storage.entries.get(key))).toEqual(['Znew', 'Znew']);
  });

  it('clear_access_token with another value forgets nothing, and leaves the address', () => {
    const { win, replaced } = fakeWindow('https://site.example/?clear_access_token=false');
    const storage = memoryStorage();
    const store = createTokenStore(storage);
    store.save('Zold');
    expect(takeLaunchToken(win, store)).toBeNull();
    expect(replaced).toEqual(['https://site.example/']);
    expect(store.get()).toBe('Zold');
  });

  it("forgets the token in the browser's storage by default", () => {
    localStorage.setItem('base44_access_token', 'Zold');
    localStorage.setItem('token', 'Zold');
    window.history.replaceState(null, '', '/Results?clear_access_token=true');
    expect(takeLaunchToken(window)).toBeNull();
    expect(window.location.search).toBe('');
    expect([localStorage.getItem('base44_access_token'), localStorage.getItem('token')]).toEqual([
      null,
      null,
    ]);
  });

  it("does not open the browser's storage on a page opened without a token", () => {
    window.history.replaceState(null, '', '/Results?plan=gold');
    const storageOpened = vi.spyOn(window, 'localStorage', 'get');
    try {
      expect(takeLaunchToken(window)).toBeNull();
      expect(storageOpened).not.toHaveBeenCalled();
    } finally {
      storageOpened.mockRestore();
    }
  });

  it("uses the browser's storage by default", () => {
    window.history.replaceState(null, '', '/Results?access_token=Zdefault');
    expect(takeLaunchToken(window)).toBe('Zdefault');
    expect(window.location.search).toBe('');
    expect(localStorage.getItem('base44_access_token')).toBe('Zdefault');
    localStorage.clear();
  });
});
