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
    // Where there is no `localStorage` at all (Node, a worker), naming it throws a ReferenceError: the same null.
    return localStorage ?? null;
  } /* Stryker disable next-line BlockStatement: an empty catch returns undefined, which every caller here takes as no storage, as null. */ catch {
    return null;
  }
}

/**
 * Keeps `token` under both keys in `storage` (the browser's by default), or removes both keys when `token` is null, and
 * does nothing where storage is missing or blocked: the launch token's one write, and `clear_access_token=true`'s
 * removal (`launch-token/take-launch-token.ts`), which open the browser's storage only when there is a token to keep
 * or forget (opening it costs about a millisecond, and a page's boot script runs before the first paint). One
 * function for both, as the boot script carries it into every page.
 */
export function saveToken(token: string | null, storage: StorageLike | null = defaultStorage()): void {
  try {
    // No storage (null) throws here too, into the same nothing.
    for (const key of TOKEN_STORAGE_KEYS)
      token === null
        ? (storage as StorageLike).removeItem(key)
        : (storage as StorageLike).setItem(key, token);
  } catch {
    // Blocked or missing storage: the token lives in memory only, and there is nothing stored to forget.
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
    clear: () => saveToken(null, target),
  };
}
