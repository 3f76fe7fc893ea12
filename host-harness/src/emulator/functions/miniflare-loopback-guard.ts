import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Miniflare opens an HTTP server of its own in the harness process (its "loopback", which its workerd may call back)
 * on 127.0.0.1 and a random port. What it does there is decided (miniflare 4.20260730.0, `#handleLoopback` in
 * `dist/src/index.js`) on the headers `MF-Custom-Fetch-Service` / `MF-Custom-Node-Service` (a service binding run in
 * Node), then on the path of the URL in the `MF-Original-URL` header when there is one, else the request's own path:
 * `/core/log`, `/core/error` (an error page that reads source files named in the posted stack), `/core/store-temp-file`
 * (writes a file), `/core/do-storage/…` and `/core/workflow-storage/…` (lists and deletes files),
 * `/core/dev-registry`, `/core/public-url`, `/browser/launch` (downloads and starts a browser), `/browser/status`,
 * `/browser/close`, `/browser/sessionIds`; WebSocket upgrades too (live reload). A request that throws there is
 * answered 500 with the error's stack, absolute paths included. Guarding the path alone (as this guard first did) let
 * `/x` with `MF-Original-URL: http://localhost/browser/status` through.
 *
 * The harness's configuration uses none of it: no log is given to miniflare (its `NoOpLog`: the entry Worker never
 * posts its request log), the runner turns pretty error pages off on every call (`MF-Disable-Pretty-Error`,
 * workerd-runtime.ts), and there are no service bindings, outbound service, browser rendering, storage, dev registry
 * or live reload; every test of the function runner passes with no request reaching this server. Nor can a request
 * say it comes from miniflare's own workerd: a function's `fetch` to 127.0.0.1 leaves from that same workerd process
 * (miniflare lets Workers reach private addresses, loopback among them, to call local services) and may carry any
 * header. So nothing is let through: each loopback server is guarded as it starts listening, and every request and
 * upgrade is answered by the guard itself, 403 with a short JSON message (no stack, no path), before miniflare's
 * handler sees it. A start whose loopback could not be guarded fails (workerd-runtime.ts).
 */

/** How miniflare names its loopback server's request handler (a private field): how the server is recognised. */
const LOOPBACK_HANDLER = '#handleLoopback';
/** Node's tracing channel of `net.Server#listen`, published as a server starts listening. */
const LISTEN_CHANNEL = 'tracing:net.server.listen:asyncStart';

/** The one answer of a guarded loopback server. */
export const LOOPBACK_REFUSAL = {
  message:
    "Miniflare's loopback server answers nothing here: the harness's functions never need it, and neither a local program nor a function's own code may use it",
  code: 'forbidden',
} as const;
const REFUSAL_BODY = JSON.stringify(LOOPBACK_REFUSAL);

let guardedCount = 0;

function refuse(request: IncomingMessage, response: ServerResponse): void {
  // The body is not read: the connection closes after the answer, so whatever was sent is dropped with it.
  response.writeHead(403, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(REFUSAL_BODY),
    connection: 'close',
  });
  response.end(REFUSAL_BODY);
  request.resume();
}

function refuseUpgrade(socket: Duplex): void {
  socket.end(
    `HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(REFUSAL_BODY)}\r\nconnection: close\r\n\r\n${REFUSAL_BODY}`,
  );
}

/**
 * Guards `server` when it is an HTTP server that miniflare's loopback handler answers. Once guarded, its handler is
 * `refuse`, so a server that listens again is not guarded twice.
 */
function guard(server: unknown): void {
  if (!(server instanceof Server)) return;
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!handlers.some((handler) => handler.name === LOOPBACK_HANDLER)) return;
  guardedCount++;
  server.removeAllListeners('request');
  server.on('request', refuse);
  server.removeAllListeners('upgrade');
  server.on('upgrade', (_request: IncomingMessage, socket: Duplex) => refuseUpgrade(socket));
}

function onListen(message: unknown): void {
  guard((message as { server?: unknown }).server);
}

/** Guards every miniflare loopback server this process starts from now on (Node's `net.server.listen` channel). */
export function guardMiniflareLoopback(): void {
  // One subscription, however often a start asks for the guard.
  unsubscribe(LISTEN_CHANNEL, onListen);
  subscribe(LISTEN_CHANNEL, onListen);
}

/** How many miniflare loopback servers were guarded (a start checks that its own was). */
export function guardedLoopbacks(): number {
  return guardedCount;
}
