import { LOOPBACK_HOSTNAMES } from '../../../serving/loopback-host.ts';

const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(LOOPBACK_HOSTNAMES);

/**
 * Parses a return address and accepts it only when it is an absolute http(s) URL on this machine without
 * credentials: the login page and logout redirect there, so anything else would be an open redirect.
 */
export function localHttpUrl(raw: unknown): URL | null {
  if (typeof raw !== 'string' || raw.length > 4096) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !LOCAL_HOSTNAMES.has(url.hostname)) return null;
  return url;
}

/** Adds `access_token` to a URL's query, keeping its path, other parameters (byte for byte) and `#hash`. */
export function withAccessToken(url: URL, token: string): string {
  const copy = new URL(url.href);
  if (copy.searchParams.has('access_token')) {
    copy.searchParams.set('access_token', token);
    return copy.href;
  }
  const param = `access_token=${encodeURIComponent(token)}`;
  copy.search = copy.search ? `${copy.search}&${param}` : `?${param}`;
  return copy.href;
}
