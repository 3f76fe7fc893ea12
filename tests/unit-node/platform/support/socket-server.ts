/**
 * What the realtime client's tests run against: a bare socket.io server on the platform's path (to send what the
 * emulator never sends), and clients that are disconnected, like the servers closed, after each test.
 */
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach } from 'vitest';
import {
  createRealtimeClient,
  type RealtimeClient,
  type RealtimeError,
  SOCKET_PATH,
} from '../../../../src/platform/index.ts';

/** Call once at the top of a test file: what it starts in a test is stopped after it, last started first. */
export function socketServerPerTest() {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A bare socket.io server on the platform path, recording the rooms joined and left and the handshakes' queries. */
  async function startSocketServer() {
    const http = createHttpServer();
    const server = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
    const joins: string[] = [];
    const leaves: string[] = [];
    const handshakes: Record<string, unknown>[] = [];
    server.on('connection', (socket) => {
      handshakes.push(socket.handshake.query as Record<string, unknown>);
      socket.on('join', (room: string) => {
        joins.push(room);
        void socket.join(room);
      });
      socket.on('leave', (room: string) => {
        leaves.push(room);
        void socket.leave(room);
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return { server, url, joins, leaves, handshakes };
  }

  /** Disconnects `client` after the test, and collects its errors. */
  function track(client: RealtimeClient) {
    cleanups.push(() => client.disconnect());
    const errors: RealtimeError[] = [];
    client.onError((error) => errors.push(error));
    return errors;
  }

  /** A client of the server at `url` with its own logger and token, tracked, with its errors, states and logs. */
  function watchedClient(url: string, getToken: () => string | null = () => null) {
    const logged: unknown[][] = [];
    const client = createRealtimeClient({
      appId: 'local-app',
      serverUrl: url,
      getToken,
      logger: { error: (...args: unknown[]) => logged.push(args) },
    });
    const states: string[] = [];
    client.onStateChange((state) => states.push(state));
    return { client, errors: track(client), states, logged };
  }

  return {
    startSocketServer,
    track,
    watchedClient,
    afterTest: (cleanup: () => unknown) => cleanups.push(cleanup),
  };
}

/** Lets the socket's pending events arrive. */
export const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));
