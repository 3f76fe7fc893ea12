import { MAX_LAUNCH_PARAM_LENGTH } from './constants.ts';
import { type LaunchWindowLike, readLaunchTokenFromUrl } from './launch-params.ts';
import { saveToken, type TokenStore } from './token-store.ts';

/**
 * docs/security.md rule 2 as one step: reads the launch token from the address (the first copy, the query's before a
 * query-like `#hash`'s), removes every copy from the address bar and keeps it in the token store (both storage keys),
 * so that whatever happens next (a link followed, a reload, the tab closed) the visitor stays signed in and no history
 * entry holds the token. The first script a page runs calls it (`src/hydration/boot.ts`); the bridge calls it again
 * (it finds nothing left then), and is the first to read the address where no boot script runs (`./App` in a host).
 * `clear_access_token=true` (the platform's newer app templates) is the same step: the stored token is forgotten (both
 * keys) before a token of the same address is kept, and the parameter leaves the address bar too.
 * Returns the token, or null when there is none, it is empty, or it is longer than any platform token (then it is
 * removed but not kept).
 */
export function takeLaunchToken(
  win: LaunchWindowLike,
  // Not `createTokenStore()`: the browser's storage is opened only when there is a token to keep or forget.
  store: Pick<TokenStore, 'save' | 'clear'> = {
    save: (token) => saveToken(token),
    clear: () => saveToken(null),
  },
): string | null {
  const { token, clear } = readLaunchTokenFromUrl(win);
  if (clear) store.clear();
  if (!token || token.length > MAX_LAUNCH_PARAM_LENGTH) return null;
  store.save(token);
  return token;
}
