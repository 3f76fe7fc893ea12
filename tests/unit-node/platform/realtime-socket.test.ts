import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Socket as TcpSocket } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRealtimeClient,
  type RealtimeClient,
  type RealtimeError,
  SOCKET_PATH,
} from '../../../src/platform/index.ts';
import { waitFor } from './support/emulator.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A bare socket.io server on the platform path, to send what the emulator never sends. */
async function startSocketServer() {
  const http = createHttpServer();
  const server = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
  const joins: string[] = [];
  const handshakes: Record<string, unknown>[] = [];
  server.on('connection', (socket) => {
    handshakes.push(socket.handshake.query as Record<string, unknown>);
    socket.on('join', (room: string) => {
      joins.push(room);
      void socket.join(room);
    });
    socket.on('leave', (room: string) => void socket.leave(room));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  );
  return { server, url, joins, handshakes };
}

function track(client: RealtimeClient) {
  cleanups.push(() => client.disconnect());
  const errors: RealtimeError[] = [];
  client.onError((error) => errors.push(error));
  return errors;
}

/** An anonymous client of the server at `url`, tracked (disconnected after the test), with its errors collected. */
function anonymousClient(url: string) {
  const client = createRealtimeClient({
    appId: 'local-app',
    serverUrl: url,
    getToken: () => null,
    logger: { error() {} },
  });
  return { client, errors: track(client) };
}

describe('realtime client against a bare socket.io server', () => {
  it('dispatches update_model by room, parses data, and passes malformed JSON to listeners without throwing', async () => {
    const { server, url, joins, handshakes } = await startSocketServer();
    const logged: unknown[] = [];
    const client = createRealtimeClient({
      appId: 'local-app',
      serverUrl: url,
      getToken: () => 'tok',
      logger: { error: (...args: unknown[]) => logged.push(args) },
    });
    const errors = track(client);
    const updates: unknown[] = [];
    const roomErrors: Error[] = [];
    const other: unknown[] = [];
    client.subscribe('entities:local-app:Lead', {
      update: (data) => updates.push(data),
      error: (e) => roomErrors.push(e),
    });
    client.subscribe('entities:local-app:Other', { update: (data) => other.push(data) });
    await waitFor(() => joins.length === 2, 5000, 'joins');
    expect(handshakes[0]).toMatchObject({ app_id: 'local-app', token: 'tok' });
    server.to('entities:local-app:Lead').emit('update_model', {
      room: 'entities:local-app:Lead',
      data: JSON.stringify({ type: 'create', id: '1', data: { id: '1' } }),
    });
    server
      .to('entities:local-app:Lead')
      .emit('update_model', { room: 'entities:local-app:Lead', data: '{not json' });
    await waitFor(() => updates.length === 1 && roomErrors.length === 1, 5000, 'update and error');
    expect(updates).toEqual([{ type: 'create', id: '1', data: { id: '1' } }]);
    expect(roomErrors[0]?.name).toBe('RealtimeError');
    expect((roomErrors[0] as RealtimeError).code).toBe('invalid_message');
    expect(errors.map((e) => e.code)).toContain('invalid_message');
    expect(other).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain('tok');
  });

  it('leaves a room when its last listener unsubscribes', async () => {
    const { server, url, joins } = await startSocketServer();
    const { client } = anonymousClient(url);
    const off = client.subscribe('r', {});
    await waitFor(
      () => joins.includes('r') && server.sockets.adapter.rooms.get('r')?.size === 1,
      5000,
      'join',
    );
    off();
    await waitFor(() => server.sockets.adapter.rooms.get('r') === undefined, 5000, 'room emptied');
  });

  it("reports 'operation has timed out' when the handshake never answers", async () => {
    // Accepts TCP connections and never answers: the connect attempt times out.
    const sockets: TcpSocket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => silent.close(resolve));
    });
    const client = createRealtimeClient({
      appId: 'local-app',
      serverUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      getToken: () => null,
      // The contract's 20 s connect timeout, shortened for this test only.
      io: (uri, options) => io(uri, { ...options, timeout: 200 }),
      logger: { error() {} },
    });
    const errors = track(client);
    const roomErrors: Error[] = [];
    client.subscribe('r', { error: (e) => roomErrors.push(e) });
    await waitFor(() => errors.length > 0, 5000, 'timeout error');
    expect(errors[0]?.message).toBe('operation has timed out');
    expect(errors[0]?.code).toBe('realtime_timeout');
    expect(roomErrors[0]?.message).toBe('operation has timed out');
  });

  it("reports 'socket has been disconnected' and reconnects after a server-side disconnect", async () => {
    const { server, url, joins } = await startSocketServer();
    const { client, errors } = anonymousClient(url);
    const states: string[] = [];
    client.onStateChange((s) => states.push(s));
    client.subscribe('r', {});
    await waitFor(() => joins.length === 1, 5000, 'first join');
    server.disconnectSockets(); // namespace-level disconnect: socket.io would not reconnect by itself
    await waitFor(() => joins.length === 2, 5000, 're-join after reconnect');
    expect(errors.map((e) => e.message)).toContain('socket has been disconnected');
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    expect(client.getState()).toBe('connected');
  });
});
