import { LAUNCH_PARAMS } from '../constants.ts';

/**
 * One parse of an address for the launch token (docs/security.md, "Token and bridge"). Reading the token and removing
 * it are the same pass over the same segments, so whatever is read as the token is exactly what leaves the address: a name is compared
 * after decoding (`access%5Ftoken`, `%61ccess_token`, any mix of hex case), as `URLSearchParams` decodes it, and every
 * copy goes. `clear_access_token` (the request to forget the stored token) is read and removed in the same pass, the
 * same way. Everything else is kept byte-for-byte and in order.
 */
export interface AccessTokenSplit {
  /**
   * The value read as the token: the FIRST `access_token` of the query, else the first of the hash (a platform link
   * carries one; a crafted link cannot bring in a second by appending it). Null when there is none, or it is empty.
   */
  token: string | null;
  /**
   * True when a `clear_access_token` (any copy, query or hash) is `true`: the stored token is to be forgotten. Absent
   * when the address holds neither parameter (a few bytes less in every page's boot script).
   */
  clear?: boolean;
  /**
   * How many parameters were read (`access_token` and `clear_access_token`, query and hash); every one of them is
   * gone from `href`.
   */
  removed: number;
  /** The address without them. When nothing was removed, the input unchanged. */
  href: string;
}

/** `text` cut at the first `mark`: what comes before, and what comes after (null when there is no `mark`). */
function cut(text: string, mark: string): [string, string | null] {
  const at = text.indexOf(mark);
  return at === -1 ? [text, null] : [text.slice(0, at), text.slice(at + 1)];
}

/** The launch parameters taken out of the address: the token, and the request to forget the stored one. */
const TAKEN: readonly string[] = [LAUNCH_PARAMS.accessToken, LAUNCH_PARAMS.clearAccessToken];

/**
 * `name=value&…` without the segments whose name, decoded exactly as `URLSearchParams` decodes a query (`+`, `%XX`,
 * UTF-8), is one of `TAKEN`; their decoded `[name, value]` go to `found`. The leading `&` keeps a segment starting with
 * `?` whole.
 */
function withoutToken(text: string, found: [string, string][]): string {
  return text
    .split('&')
    .filter((segment) => {
      const entry = [...new URLSearchParams(`&${segment}`)][0];
      // Only an empty segment parses to no entry.
      if (!entry || !TAKEN.includes(entry[0])) return true;
      found.push(entry);
      return false;
    })
    .join('&');
}

/** Reads the launch token from `href` and removes every copy of it; see {@link AccessTokenSplit}. */
export function splitAccessToken(href: string): AccessTokenSplit {
  let full: string;
  try {
    full = new URL(href).href;
  } catch {
    return { token: null, removed: 0, href };
  }
  // In a serialised URL the first `#` starts the fragment and the first `?` before it the query: every earlier part
  // (user-info, path) has them percent-encoded.
  const [beforeHash, fragment] = cut(full, '#');
  const [base, query] = cut(beforeHash, '?');
  const found: [string, string][] = [];
  // Stryker disable next-line StringLiteral: without a query this value is not used (nor `params`, `rest` below).
  const query2 = query === null ? '' : withoutToken(query, found);
  const fromQuery = found.length;
  // The hash is read like a query: `#access_token=…&x=1`, or after a `?` in it (`#/route?access_token=…`, as a hash
  // router writes it); what comes before that `?` is kept as it is, and the `?` too while a parameter follows it.
  const head = fragment === null ? 0 : fragment.indexOf('?') + 1;
  // Stryker disable next-line StringLiteral: without a hash this value is not used.
  const params = fragment === null ? '' : withoutToken(fragment.slice(head), found);
  const removed = found.length;
  if (removed === 0) return { token: null, removed: 0, href };
  // Stryker disable next-line StringLiteral: without a hash this value is not used.
  const rest = fragment ?? '';
  const hash = params ? rest.slice(0, head) + params : rest.slice(0, Math.max(head - 1, 0));
  // A part that lost parameters is dropped when nothing is left of it; a part that lost none stays as it was.
  const part = (mark: string, original: string | null, kept: string, lost: boolean) =>
    original === null ? '' : !lost ? mark + original : kept ? mark + kept : '';
  return {
    token: found.find(([name]) => name === LAUNCH_PARAMS.accessToken)?.[1] || null,
    clear: found.some(([name, value]) => name === LAUNCH_PARAMS.clearAccessToken && value === 'true'),
    removed,
    href: base + part('?', query, query2, fromQuery > 0) + part('#', fragment, hash, removed > fromQuery),
  };
}

/**
 * Returns `href` without any `access_token` (or `clear_access_token`) parameter, however its name is spelled (path,
 * other parameters and `#hash` kept byte-for-byte), so that no URL the site sends or shows carries the token
 * (docs/security.md, "Token and bridge"). Unparseable input is returned unchanged.
 */
export function stripAccessToken(href: string): string {
  return splitAccessToken(href).href;
}
