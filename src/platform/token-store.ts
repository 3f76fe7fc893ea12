import { TOKEN_STORAGE_KEYS } from './constants.ts';

/** The part of `Storage` the token store uses; a test passes a `Map`-backed object. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Persists the user token under both contract keys. */
export interface TokenStore {
  /** The stored token (primary key first, then the compat key), or null. */
  get(): string | null;
  /** Writes the token under both keys. */
  save(token: string): void;
  /** Removes both keys. */
  clear(): void;
}

/** `localStorage` when reachable: reading it throws in sandboxed frames and with storage blocked. */
function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps `token` under both keys in `storage` (the browser's by default), and does nothing where storage is missing or
 * blocked: the launch token's one write (`take-launch-token.ts`), which opens the browser's storage only when there is
 * a token to keep (opening it costs about a millisecond, and a page's boot script runs before the first paint).
 */
export function saveToken(token: string, storage: StorageLike | null = defaultStorage()): void {
  try {
    for (const key of TOKEN_STORAGE_KEYS) storage?.setItem(key, token);
  } catch {
    // Blocked storage: the token lives in memory only.
  }
}

/**
 * Creates the token store; this module is the only one that touches `localStorage`. Missing or blocked storage is not an error:
 * the token then lives in memory only (in the HTTP core), and every method here is a no-op.
 */
export function createTokenStore(storage?: StorageLike | null): TokenStore {
  const target = storage === undefined ? defaultStorage() : storage;
  const attempt = <T>(action: (s: StorageLike) => T, fallback: T): T => {
    try {
      return target ? action(target) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get: () => attempt((s) => TOKEN_STORAGE_KEYS.map((key) => s.getItem(key)).find(Boolean) ?? null, null),
    save: (token) => saveToken(token, target),
    clear: () =>
      attempt((s) => {
        for (const key of TOKEN_STORAGE_KEYS) s.removeItem(key);
      }, undefined),
  };
}
