import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { loopbackHostPort } from '../../serving/loopback-host.ts';

/**
 * Miniflare opens an HTTP server of its own in the harness process (its "loopback", which its workerd calls back for
 * logs and error pages) on 127.0.0.1 and a random port. It answers any `Host`, and one of its paths, `/browser/launch`,
 * downloads and starts a browser (Cloudflare's browser rendering, which nothing here configures): a local program or a
 * DNS-rebinding page that found the port could have the harness do that. docs/security.md rule 21 wants every listener the
 * harness opens to refuse a foreign `Host`, so each such server is guarded as it starts listening: a request to a
 * foreign name, or to the browser paths, is refused before miniflare sees it.
 */

/** How miniflare names its loopback server's request handler (a private field): how the server is recognised. */
const LOOPBACK_HANDLER = '#handleLoopback';
/** Paths of browser rendering: never used here. */
const BROWSER_PATHS = /^\/browser(\/|$)/;

const guarded = new WeakSet<Server>();
let subscribed = false;
let guardedCount = 0;

function refusal(request: IncomingMessage): string | null {
  if (loopbackHostPort(request.headers.host) === null) return 'its Host is not a loopback name';
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (BROWSER_PATHS.test(path)) return 'browser rendering is not offered';
  return null;
}

function guard(server: Server): void {
  const [handler] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!handler || handler.name !== LOOPBACK_HANDLER || guarded.has(server)) return;
  guarded.add(server);
  guardedCount++;
  server.removeListener('request', handler);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const why = refusal(request);
    if (!why) return handler.call(server, request, response);
    response.writeHead(403, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        message: `The harness's workerd loopback refused this request: ${why}`,
        code: 'forbidden',
      }),
    );
  });
  const upgrades = server.listeners('upgrade') as ((
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (refusal(request)) return socket.destroy();
    for (const upgrade of upgrades) upgrade.call(server, request, socket, head);
  });
}

/** Guards every miniflare loopback server this process starts from now on (Node's `net.server.listen` channel). */
export function guardMiniflareLoopback(): void {
  if (subscribed) return;
  subscribed = true;
  subscribe('tracing:net.server.listen:asyncStart', (message) => {
    const server = (message as { server?: unknown }).server;
    if (server && typeof (server as Server).listeners === 'function') guard(server as Server);
  });
}

/** How many miniflare loopback servers were guarded (a start checks that its own was). */
export function guardedLoopbacks(): number {
  return guardedCount;
}
