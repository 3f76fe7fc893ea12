/**
 * The `?remote=<manifest URL>` override of the shell page, used to point the federated view at another (or a dead)
 * remote. Shared by the shell's server (which widens its CSP to that origin) and its front-end. Only loopback http(s)
 * URLs are accepted, so a crafted link cannot make the editor run scripts from an arbitrary host.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const MAX_LENGTH = 512;

/** The override as an absolute URL when it is a loopback http(s) URL without credentials; otherwise null. */
export function parseRemoteOverride(value: string | null | undefined): URL | null {
  if (!value || value.length > MAX_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !LOOPBACK_HOSTS.has(url.hostname)) return null;
  return url;
}
