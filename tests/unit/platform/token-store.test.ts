import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenStore, TOKEN_STORAGE_KEYS } from '../../../src/platform/index.ts';

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
