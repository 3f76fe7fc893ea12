import { LAUNCH_PARAMS } from './constants.ts';

/**
 * One parse of an address for the launch token (security rule 2). Reading the token and removing it are the same pass
 * over the same segments, so whatever is read as the token is exactly what leaves the address: a name is compared
 * after decoding (`access%5Ftoken`, `%61ccess_token`, any mix of hex case), as `URLSearchParams` decodes it, and every
 * copy goes. Everything else is kept byte-for-byte and in order.
 */
export interface AccessTokenSplit {
  /**
   * The value read as the token: the FIRST `access_token` of the query, else the first of the hash (a platform link
   * carries one; a crafted link cannot bring in a second by appending it). Null when there is none, or it is empty.
   */
  token: string | null;
  /** How many parameters were read as the token (query and hash); every one of them is gone from `href`. */
  removed: number;
  /** The address without them. When nothing was removed, the input unchanged. */
  href: string;
}

/**
 * One `name=value` segment decoded exactly as `URLSearchParams` decodes a query (`+` is a space, `%XX` a byte, UTF-8
 * with replacement characters). The leading `&` keeps a segment that starts with `?` from losing it.
 */
function decodeSegment(segment: string): [name: string, value: string] {
  for (const pair of new URLSearchParams(`&${segment}`)) return pair;
  return ['', ''];
}

interface ParamsSplit {
  /** The segments kept, in order, as they were. */
  kept: string[];
  /** The decoded values read as the token, in order. */
  values: string[];
}

/** Splits `name=value&…` text on `&` and sorts each segment by its decoded name. */
function splitParams(text: string): ParamsSplit {
  const kept: string[] = [];
  const values: string[] = [];
  for (const segment of text.split('&')) {
    const [name, value] = decodeSegment(segment);
    if (segment !== '' && name === LAUNCH_PARAMS.accessToken) values.push(value);
    else kept.push(segment);
  }
  return { kept, values };
}

/**
 * The hash is read like a query: `#access_token=…&x=1`, or after a `?` in it (`#/route?access_token=…`, as a hash
 * router writes it). What comes before that `?` is kept as it is.
 */
function splitHash(fragment: string): { head: string; params: ParamsSplit } {
  const question = fragment.indexOf('?');
  const head = question === -1 ? '' : fragment.slice(0, question + 1);
  return { head, params: splitParams(fragment.slice(head.length)) };
}

/** `?query` / `#hash` after removal: dropped when nothing is left of a part that lost parameters. */
function rebuild(mark: '?' | '#', original: string | null, kept: string, lost: number): string {
  if (original === null) return '';
  if (lost === 0) return `${mark}${original}`;
  return kept ? `${mark}${kept}` : '';
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
  const hashAt = full.indexOf('#');
  const beforeHash = hashAt === -1 ? full : full.slice(0, hashAt);
  const fragment = hashAt === -1 ? null : full.slice(hashAt + 1);
  const queryAt = beforeHash.indexOf('?');
  const base = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const queryRaw = queryAt === -1 ? null : beforeHash.slice(queryAt + 1);

  const query = splitParams(queryRaw ?? '');
  const hash = splitHash(fragment ?? '');
  const removed = query.values.length + hash.params.values.length;
  if (removed === 0) return { token: null, removed: 0, href };

  const hashParams = hash.params.kept.join('&');
  // A head ending in `?` (`#/route?`) loses it when no parameter follows.
  const hashText = hashParams ? `${hash.head}${hashParams}` : hash.head.replace(/\?$/, '');
  const first = [...query.values, ...hash.params.values][0];
  return {
    token: first ? first : null,
    removed,
    href:
      base +
      rebuild('?', queryRaw, query.kept.join('&'), query.values.length) +
      rebuild('#', fragment, hashText, hash.params.values.length),
  };
}
