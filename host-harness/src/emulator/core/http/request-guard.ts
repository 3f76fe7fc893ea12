/**
 * Who may talk to the harness on :4400 (`host-harness/README.md`, "Control API"):
 * - every request, on every route (and the 404s), must be addressed to the harness's own loopback name and port;
 * - the control API (every route under `/__harness/`, however the URL spelled it) answers only tools (no `Origin`, no
 *   cross-site `Sec-Fetch-Site`) and the harness's own pages (the editor shell, the payment page's forms);
 * - the payment page itself and the pages' stylesheet are plain pages a site navigates to, so only the first rule
 *   applies to their GETs;
 * - a backend function answers tools and servers (no `Origin`, no cross-site `Sec-Fetch-Site`: the payment provider's
 *   webhook among them) and the pages of the harness, the site and the editor (`functionCallRefusal`).
 * The checks are pure functions over headers; `registerRequestGuard` wires them into Fastify, and the realtime server
 * calls `socketHandshakeRefusal` from socket.io's `allowRequest` (its handshake never reaches Fastify).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ownOrigins, withLoopbackAliases } from '../../../serving/loopback-host.ts';
import { controlRefusal, FIRST_PARTY_FETCH, hostRefusal } from '../../../serving/request-origin.ts';
import { ForbiddenError } from '../errors.ts';

export { controlRefusal, hostRefusal };

/** Routes under this prefix are the control API (`/__harness/...`). */
const CONTROL_PREFIX = '/__harness';
/** Control routes whose GET is a page any site may navigate to (the payment page, the pages' stylesheet). */
const PAGE_PREFIXES = ['/__harness/pay/', '/__harness/assets/'];

/**
 * Why a socket.io handshake is refused, or null: its `Host` must name the harness, and its `Origin`, when there is one,
 * must be the harness's own or one of `allowedOrigins` (the site, the editor origins; loopback aliases included).
 */
export function socketHandshakeRefusal(
  headers: IncomingHttpHeaders,
  port: number | undefined,
  allowedOrigins: readonly string[],
): string | null {
  const host = hostRefusal(headers, port);
  if (host) return host;
  const origin = headers.origin;
  if (origin === undefined) return null;
  const allowed = new Set([
    // A listener that does not know its port has refused every Host above (isOwnHost): the port is known here.
    ...ownOrigins(port as number),
    ...allowedOrigins.flatMap(withLoopbackAliases),
  ]);
  if (allowed.has(origin)) return null;
  return `Realtime accepts sockets only from tools (no Origin), the harness, the site and the editor (${[...allowed].join(', ')}); Origin ${JSON.stringify(origin.slice(0, 200))} was refused`;
}

/**
 * Why a call of a backend function is refused, or null. Allowed: no `Origin` with a `Sec-Fetch-Site` that is absent,
 * `none` or `same-origin` (a tool, a server such as the payment provider delivering its webhook), or an `Origin` that
 * is the harness's own or one of `allowedOrigins` (the site, the editor; loopback aliases included). Any other page's
 * request is refused before the function runs, a `no-cors` post a browser sends without a preflight included.
 */
export function functionCallRefusal(
  headers: IncomingHttpHeaders,
  port: number | undefined,
  allowedOrigins: readonly string[],
): string | null {
  const allowed = new Set([
    ...(port ? ownOrigins(port) : []),
    ...allowedOrigins.flatMap(withLoopbackAliases),
  ]);
  const who = `tools and servers (no Origin) and the pages of the harness, the site and the editor (${[...allowed].join(', ')})`;
  const origin = headers.origin;
  if (origin !== undefined) {
    if (allowed.has(origin)) return null;
    return `A backend function answers only ${who}; a request from Origin ${JSON.stringify(origin.slice(0, 200))} was refused`;
  }
  const site = headers['sec-fetch-site'];
  if (site !== undefined && !FIRST_PARTY_FETCH.has(site)) {
    return `A backend function answers only ${who}; a request a page sent from another origin (Sec-Fetch-Site: ${String(site).slice(0, 40)}) was refused`;
  }
  return null;
}

const localPort = (request: FastifyRequest) => request.socket.localPort;

/** True for a GET or HEAD of a control route that is a public page (`routeUrl` is the route as declared). */
function isPageRequest(routeUrl: string, method: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') && PAGE_PREFIXES.some((prefix) => routeUrl.startsWith(prefix))
  );
}

/**
 * Registers the guards on the harness's Fastify app. Call it before any route is declared: the control guard is
 * attached to each `/__harness/` route as it is declared (an `onRoute` hook), so it runs for whatever spelling of the
 * URL the router sends to that handler (`%5F%5Fharness`, `%6Futbox`, ...), and for routes other modules add later.
 */
export function registerRequestGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const problem = hostRefusal(request.headers, localPort(request));
    if (problem) throw new ForbiddenError(problem, 'foreign_host');
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.toLowerCase().startsWith(CONTROL_PREFIX)) return;
    const routeUrl = route.url;
    const guard: onRequestHookHandler = async (request) => {
      if (isPageRequest(routeUrl, request.method)) return;
      const problem = controlRefusal(request.headers, localPort(request));
      if (problem) throw new ForbiddenError(problem, 'foreign_origin');
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
}
