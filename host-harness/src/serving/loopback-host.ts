/**
 * Who the harness's servers (the emulator on :4400, the site on :4401) answer: only requests addressed to their own
 * loopback name and port. A page on another site can point its own DNS name at 127.0.0.1 (DNS rebinding) and then read
 * whatever the harness answers as if it were same-origin; its requests still carry that foreign name in `Host`.
 */

/** The names this machine is reached by; browsers send them lower-case, `[::1]` in brackets. */
export const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

// A loopback name, then an optional port without a leading zero. Anything else (a trailing dot, user-info, another
// name ending in `localhost`, a second port) does not match.
const HOST_HEADER = /^(localhost|127\.0\.0\.1|\[::1\])(?::([1-9][0-9]{0,4}))?$/;
const DEFAULT_HTTP_PORT = 80;

/**
 * True when `host` (a `Host` header) names this server: one of the loopback names, compared case-insensitively, with
 * the port the connection arrived on (`port`; no port means 80). A missing header or an unknown port is refused.
 */
export function isOwnHost(host: string | undefined, port: number | undefined): boolean {
  return !!port && loopbackHostPort(host) === port;
}

/**
 * The port a `Host` header names when its name is a loopback one (80 when it names no port), else null. For a listener
 * that does not know its own port (a function's runtime): the name is what DNS rebinding cannot fake.
 */
export function loopbackHostPort(host: string | undefined | null): number | null {
  // The pattern is anchored at both ends and matches at most 15 characters (`127.0.0.1:65535`), with no nested repetition: a long input fails at once, never slowly.
  if (typeof host !== 'string') return null;
  const match = HOST_HEADER.exec(host.toLowerCase());
  if (!match) return null;
  return match[2] === undefined ? DEFAULT_HTTP_PORT : Number(match[2]);
}

/** The origins of a server on `port`: one per loopback name (`http://localhost:4400`, ...). */
export function ownOrigins(port: number): string[] {
  return LOOPBACK_HOSTNAMES.map((name) => new URL(`http://${name}:${port}`).origin);
}

/**
 * An origin and, when it is a loopback origin, the same scheme and port under the other loopback names: a page of the
 * site is the same page whether it was opened as localhost or 127.0.0.1. Not a URL origin: returned as given.
 */
export function withLoopbackAliases(origin: string): string[] {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return [origin];
  }
  if (!(LOOPBACK_HOSTNAMES as readonly string[]).includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTNAMES.map((name) => new URL(`${url.protocol}//${name}:${url.port}`).origin);
}

/** The message a refused `Host` gets (the header is quoted, shortened, for the person debugging it). */
export function foreignHostMessage(host: string | undefined, port: number | undefined): string {
  const given = host === undefined ? 'no Host header' : `Host ${JSON.stringify(host.slice(0, 100))}`;
  const names = LOOPBACK_HOSTNAMES.map((name) => `${name}:${port ?? '<port>'}`).join(', ');
  return `This local server answers only requests addressed to ${names}; ${given} was refused (protection against DNS rebinding)`;
}
