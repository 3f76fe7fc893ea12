import { MAX_LAUNCH_PARAM_LENGTH } from '../constants.ts';
import { saveToken } from '../token-store.ts';
import { splitAccessToken } from './split-access-token.ts';

/** The part of `window` taking the launch token touches; a test passes a plain object. */
export interface LaunchWindowLike {
  location: { href: string };
  history?: { state?: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void };
}

/**
 * Where a page remembers the token it took: on its window, because the boot script and the main bundle are separate
 * bundles, each with its own copy of this module (the bridge guards itself the same way).
 */
const TAKEN = Symbol.for('agency-site.launch-token');

type PageWindow = LaunchWindowLike & { [TAKEN]?: string };

/**
 * Takes the launch token, as one step (docs/security.md, "Token and bridge"): reads it from the address (the first
 * copy, the query's before a query-like `#hash`'s), removes every copy from the address bar with
 * `history.replaceState` (path, other parameters and the rest of the `#hash` kept, and the entry's state), keeps it
 * in the token store (both storage keys) and remembers it for the page. `clear_access_token=true` (the platform's
 * newer app templates) is part of the same step: the stored token is forgotten (both keys) before a token of the same
 * address is kept, and the parameter leaves the address bar too. The browser's storage is opened only when there is a
 * token to keep or forget.
 *
 * The first script a page runs calls it (the boot script), so that whatever happens next (a link followed, a reload,
 * the tab closed) the visitor stays signed in and no history entry holds the token. Every later call on the page
 * (the bridge's, or the first where no boot script ran: `./App` in a host) returns the token remembered, unless the
 * address brings a new one (a later link), which is taken the same way.
 *
 * Returns the token, or null when none was taken: none, an empty one, or one longer than any platform token (removed
 * from the address, but neither kept nor remembered).
 */
export function takeLaunchToken(win: LaunchWindowLike): string | null {
  const page = win as PageWindow;
  const { token, clear, removed, href } = splitAccessToken(win.location.href);
  if (removed) {
    try {
      // Stryker disable next-line StringLiteral: browsers ignore this argument (the title).
      win.history?.replaceState(win.history.state ?? null, '', href);
    } catch {
      // Every URL the site sends is stripped again (X-Origin-URL, from_url), so the token still goes nowhere.
      console.warn('[launch] could not take access_token out of the address bar');
    }
  }
  if (clear) saveToken(null);
  if (token && token.length <= MAX_LAUNCH_PARAM_LENGTH) {
    saveToken(token);
    page[TAKEN] = token;
  }
  return page[TAKEN] ?? null;
}
