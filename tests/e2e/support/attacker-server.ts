/**
 * A hostile local server for attacker-level tests: any program on the machine can listen on another loopback port
 * (or address) and serve pages and scripts from there. It answers each path with what the test gave it, and records
 * every request it received.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Served {
  type: string;
  body: string;
}

export interface AttackerServer {
  /** `http://<host>:<port>`. */
  origin: string;
  /** Paths requested so far, in order (with their query). */
  requested: string[];
  close(): Promise<void>;
}

/** Listens on `host` (default 127.0.0.1, another address than the harness's `localhost`) and an ephemeral port. */
export async function startAttackerServer(
  routes: Record<string, Served>,
  host = '127.0.0.1',
): Promise<AttackerServer> {
  const requested: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '/';
    requested.push(url);
    const served = routes[new URL(url, 'http://x').pathname];
    if (!served) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    // As permissive as a hostile server would be: any page may load or read it.
    response
      .writeHead(200, {
        'content-type': served.type,
        'access-control-allow-origin': '*',
        'cache-control': 'no-store',
      })
      .end(served.body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
