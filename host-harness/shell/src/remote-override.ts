/**
 * The `?remote=<manifest or remoteEntry URL>` override of the shell page, used to point the federated view at another
 * (or a dead) remote. The federated view runs the remote's code in the shell's own document, with the harness's origin,
 * which the control API trusts: so only the configured origins may serve it, the site's (and the ones given to the
 * harness with `--remote-origin` or `SHELL_REMOTE_ORIGINS`). Any other value is refused, and the shell says so; the
 * page's script policy lists exactly those origins and is never widened by the query (docs/security.md, "Servers of the
 * harness and the backend functions"). Shared by the shell's server (its policy) and its front-end (the override and
 * the refusal).
 */
const MAX_LENGTH = 512;

export type RemoteOverride =
  | { kind: 'none' }
  | { kind: 'accepted'; url: URL }
  | { kind: 'refused'; given: string; reason: string };

/**
 * The origin `value` names exactly (an http(s) origin: no path, query, fragment or user-info), or null. Compared in
 * the URL parser's own spelling, so `HTTP://LOCALHOST:4401` is `http://localhost:4401`.
 */
export function exactOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== '/' || !/^[a-z][a-z0-9+.-]*:\/\/[^/]+\/?$/i.test(value.trim())) return null;
  return url.origin;
}

/**
 * The origins a remote may come from, checked: the site's origin, then each extra one (an allow-list given on the
 * harness's command line or in its environment). A value that is not an exact http(s) origin stops the harness with an
 * error naming it.
 */
export function remoteOrigins(siteOrigin: string, extra: readonly string[] = []): string[] {
  const origins: string[] = [];
  for (const value of [siteOrigin, ...extra]) {
    const origin = exactOrigin(value);
    if (!origin) {
      throw new Error(
        `Not an origin a remote may come from: ${JSON.stringify(value.slice(0, 200))} (write scheme://host[:port], nothing after it)`,
      );
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** What `?remote=` asks for, judged against the allowed origins (`remoteOrigins`). */
export function parseRemoteOverride(
  value: string | null | undefined,
  allowedOrigins: readonly string[],
): RemoteOverride {
  if (value === null || value === undefined || value === '') return { kind: 'none' };
  const given = value.slice(0, 200);
  const allowed = `the federated view loads remotes only from ${allowedOrigins.join(', ')}`;
  if (value.length > MAX_LENGTH) {
    return { kind: 'refused', given, reason: `it is longer than ${MAX_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'refused', given, reason: `it is not an absolute URL, and ${allowed}` };
  }
  if (url.username || url.password) {
    return { kind: 'refused', given, reason: `it carries a user name or password, and ${allowed}` };
  }
  if (!allowedOrigins.includes(url.origin)) {
    return { kind: 'refused', given, reason: allowed };
  }
  return { kind: 'accepted', url };
}
