import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenStore, TOKEN_STORAGE_KEYS } from '../../../src/platform/index.ts';
import { type StorageLike, saveToken } from '../../../src/platform/token-store.ts';

afterEach(() => vi.unstubAllGlobals());

describe('token store', () => {
  it('writes and removes both contract keys in localStorage by default', () => {
    const store = createTokenStore();
    store.save('abc');
    expect(TOKEN_STORAGE_KEYS).toEqual(['base44_access_token', 'token']);
    expect(localStorage.getItem('base44_access_token')).toBe('abc');
    expect(localStorage.getItem('token')).toBe('abc');
    expect(store.get()).toBe('abc');
    store.clear();
    expect(localStorage.getItem('base44_access_token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.get()).toBeNull();
  });

  it('falls back to the compat key', () => {
    localStorage.setItem('token', 'legacy');
    expect(createTokenStore().get()).toBe('legacy');
  });

  it('does not throw when localStorage is missing or its getter throws', () => {
    vi.stubGlobal('localStorage', undefined);
    const missing = createTokenStore();
    expect(() => missing.save('x')).not.toThrow();
    expect(missing.get()).toBeNull();
    vi.unstubAllGlobals();
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      const blocked = createTokenStore();
      expect(() => blocked.save('x')).not.toThrow();
      expect(() => blocked.clear()).not.toThrow();
      expect(blocked.get()).toBeNull();
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor);
    }
  });

  it('uses memory only when storage is null', () => {
    const store = createTokenStore(null);
    store.save('x');
    expect(store.get()).toBeNull();
    expect(localStorage.getItem('base44_access_token')).toBeNull();
  });
});

describe("saveToken (the launch token's one write)", () => {
  it("writes both contract keys, in the browser's storage by default", () => {
    saveToken('launch');
    expect(TOKEN_STORAGE_KEYS.map((key) => localStorage.getItem(key))).toEqual(['launch', 'launch']);
    localStorage.clear();
  });

  it('does nothing, and does not throw, where storage is missing, null or blocked', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(() => saveToken('x')).not.toThrow();
    vi.unstubAllGlobals();
    expect(() => saveToken('x', null)).not.toThrow();
    expect(localStorage.getItem('base44_access_token')).toBeNull();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => saveToken('x', full)).not.toThrow();
  });
});

describe('a storage that refuses', () => {
  const refusing = (): StorageLike => ({
    getItem: () => {
      throw new DOMException('blocked', 'SecurityError');
    },
    setItem: () => {
      throw new DOMException('quota', 'QuotaExceededError');
    },
    removeItem: () => {
      throw new DOMException('blocked', 'SecurityError');
    },
  });

  it('reads as no token (null, not undefined) and takes writes without throwing', () => {
    const store = createTokenStore(refusing());
    expect(store.get()).toBeNull();
    expect(() => store.save('x')).not.toThrow();
    expect(() => store.clear()).not.toThrow();
  });

  it('saveToken writes nothing and throws nothing without storage', () => {
    expect(() => saveToken('x', null)).not.toThrow();
    expect(() => saveToken(null, null)).not.toThrow();
    expect(localStorage.getItem('base44_access_token')).toBeNull();
  });
});
