/**
 * Who a local server answers, judged on a request's headers alone: its `Host` must be its own loopback name and port
 * (DNS rebinding), and its control routes answer only tools (no `Origin`, no cross-site `Sec-Fetch-Site`) and the
 * server's own pages. Shared by the platform emulator and the payment provider's stand-in.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { foreignHostMessage, isOwnHost, ownOrigins } from './loopback-host.ts';

/** `Sec-Fetch-Site` values of a request a page on another origin did not cause. */
export const FIRST_PARTY_FETCH: ReadonlySet<string> = new Set(['same-origin', 'none']);

/** Why a request's `Host` is refused, or null when it names this server (see `isOwnHost`). */
export function hostRefusal(headers: IncomingHttpHeaders, port: number | undefined): string | null {
  return isOwnHost(headers.host, port) ? null : foreignHostMessage(headers.host, port);
}

/**
 * Why a control-API request is refused, or null. Allowed: no `Origin` (or exactly one of the harness's own origins),
 * and a `Sec-Fetch-Site` that is absent, `none` or `same-origin`. `Origin: null` (a sandboxed frame, a page with
 * `Referrer-Policy: no-referrer`, a cross-site redirect) and `same-site` (another port of this machine) are refused.
 */
export function controlRefusal(
  headers: IncomingHttpHeaders,
  port: number | undefined,
  what = 'The control API',
): string | null {
  const origin = headers.origin;
  const own = port ? ownOrigins(port) : [];
  const who = `tools (no Origin) and the harness's own pages (${own.join(', ') || 'its own origin'})`;
  if (origin !== undefined && !own.includes(origin)) {
    return `${what} answers only ${who}; a request from Origin ${JSON.stringify(origin.slice(0, 200))} was refused`;
  }
  const site = headers['sec-fetch-site'];
  if (site !== undefined && !FIRST_PARTY_FETCH.has(site)) {
    return `${what} answers only ${who}; a request a page sent from another origin (Sec-Fetch-Site: ${String(site).slice(0, 40)}) was refused`;
  }
  return null;
}
