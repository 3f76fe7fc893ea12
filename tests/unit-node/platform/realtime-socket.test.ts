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
import { waitFor } from '../../support/wait-for.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A bare socket.io server on the platform path, to send what the emulator never sends. */
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
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  );
  return { server, url, joins, leaves, handshakes };
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

/** A client of the server at `url` with its own logger and token, tracked, with its errors and states collected. */
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

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

describe('realtime client: rooms', () => {
  it('joins every room on connect, tells their listeners, and joins a room added later at once', async () => {
    const { url, joins } = await startSocketServer();
    const { client, states } = watchedClient(url);
    const connected: string[] = [];
    client.subscribe('a', { connect: () => connected.push('a') });
    client.subscribe('a', { connect: () => connected.push('a again') });
    client.subscribe('b', {
      connect: () => {
        throw new Error('a broken listener');
      },
    });
    await waitFor(() => joins.length === 2, 5000, 'joins');
    expect(joins).toEqual(['a', 'b']);
    expect(connected).toEqual(['a', 'a again']);
    expect(states).toEqual(['connecting', 'connected']);
    client.subscribe('c', {});
    client.subscribe('a', {});
    await waitFor(() => joins.length === 3, 5000, 'late join');
    await settle();
    expect(joins).toEqual(['a', 'b', 'c']);
  });

  it('leaves a room once its last listener is gone, once, and never a room it shares', async () => {
    const { url, joins, leaves } = await startSocketServer();
    const { client } = watchedClient(url);
    const first = client.subscribe('r', {});
    const second = client.subscribe('r', {});
    const other = client.subscribe('s', {});
    await waitFor(() => joins.length === 2, 5000, 'joins');
    first();
    first();
    await settle();
    expect(leaves).toEqual([]);
    second();
    await waitFor(() => leaves.length === 1, 5000, 'leave');
    // A new listener of the room joins it again.
    const again = client.subscribe('r', {});
    await waitFor(() => joins.length === 3, 5000, 'join again');
    second();
    await settle();
    expect(leaves).toEqual(['r']);
    again();
    other();
    await waitFor(() => leaves.length === 3, 5000, 'leaves');
    expect(leaves).toEqual(['r', 'r', 's']);
  });

  it('leaves nothing and joins nothing through a socket that is not connected', async () => {
    const { url, joins, leaves } = await startSocketServer();
    const { client } = watchedClient(url);
    const off = client.subscribe('r', {});
    off();
    await settle(300);
    expect(joins).toEqual([]);
    expect(leaves).toEqual([]);
    client.disconnect();
  });

  it('passes updates to the listeners of their room only, objects as they are, text parsed', async () => {
    const { server, url, joins } = await startSocketServer();
    const { client, errors, logged } = watchedClient(url, () => 'tok');
    const updates: unknown[] = [];
    const otherErrors: Error[] = [];
    client.subscribe('r', {
      update: (data) => updates.push(data),
      error: () => {
        throw new Error('a broken error listener');
      },
    });
    client.subscribe('r', {
      update: () => {
        throw new Error('a broken update listener');
      },
    });
    client.subscribe('other', { error: (error) => otherErrors.push(error) });
    await waitFor(() => joins.length === 2, 5000, 'joins');
    server.emit('update_model', { room: 'r', data: { already: 'parsed' } });
    server.emit('update_model', { room: 'nobody', data: '{}' });
    server.emit('update_model', null);
    server.emit('update_model', { room: 'r', data: '{broken' });
    server.emit('update_model', { room: 'r', data: '[1,2]' });
    await waitFor(() => updates.length === 2, 5000, 'updates');
    expect(updates).toEqual([{ already: 'parsed' }, [1, 2]]);
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['invalid_message', 'Malformed update for room r'],
    ]);
    // The other room's listeners are not told of this room's bad update.
    expect(otherErrors).toEqual([]);
    expect(logged).toContainEqual(['[platform realtime]', 'Malformed update for room r']);
    const broken = logged.filter(([first]) => first === '[platform realtime] listener failed:');
    expect(broken.map(([, error]) => (error as Error).message)).toEqual([
      'a broken update listener',
      'a broken error listener',
      'a broken update listener',
    ]);
  });

  it("reports the server's error events to every room and every error listener, until it unsubscribes", async () => {
    const { server, url, joins } = await startSocketServer();
    const { client, errors } = watchedClient(url);
    const roomErrors: string[] = [];
    client.subscribe('r', { error: (error) => roomErrors.push(`r: ${error.message}`) });
    client.subscribe('s', { error: (error) => roomErrors.push(`s: ${error.message}`) });
    const late: string[] = [];
    const stop = client.onError((error) => late.push(error.message));
    await waitFor(() => joins.length === 2, 5000, 'joins');
    server.emit('error', 'Cannot join room x');
    server.emit('error', { message: 'Refused' });
    server.emit('error', { message: 42 });
    server.emit('error', {});
    await waitFor(() => errors.length === 4, 5000, 'errors');
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['realtime_error', 'Cannot join room x'],
      ['realtime_error', 'Refused'],
      ['realtime_error', '42'],
      ['realtime_error', 'Realtime error'],
    ]);
    expect(roomErrors).toEqual([
      'r: Cannot join room x',
      's: Cannot join room x',
      'r: Refused',
      's: Refused',
      'r: 42',
      's: 42',
      'r: Realtime error',
      's: Realtime error',
    ]);
    stop();
    server.emit('error', 'after');
    await waitFor(() => errors.length === 5, 5000, 'one more');
    expect(late).toEqual(['Cannot join room x', 'Refused', '42', 'Realtime error']);
  });

  it('reports a socket factory that fails as realtime being unavailable', async () => {
    const client = createRealtimeClient({
      appId: 'local-app',
      serverUrl: 'http://127.0.0.1:9',
      getToken: () => null,
      logger: { error() {} },
      io: () => {
        throw new Error('no sockets here');
      },
    });
    const errors = track(client);
    const roomErrors: Error[] = [];
    client.subscribe('r', { error: (error) => roomErrors.push(error) });
    await waitFor(() => errors.length === 1, 5000, 'error');
    expect(errors[0]?.code).toBe('realtime_unavailable');
    expect(errors[0]?.message).toBe('Error: no sockets here');
    expect(roomErrors).toEqual(errors);
  });
});

describe('realtime client: connection', () => {
  it('connects once however often it is asked, and tells each state once', async () => {
    const { url, handshakes } = await startSocketServer();
    const { client, states } = watchedClient(url);
    const stopped: string[] = [];
    const stop = client.onStateChange((state) => stopped.push(state));
    const [first, second] = await Promise.all([client.connect(), client.connect()]);
    expect(second).toBe(first);
    await waitFor(() => client.getState() === 'connected', 5000, 'connected');
    expect(await client.connect()).toBe(first);
    stop();
    client.disconnect();
    expect(states).toEqual(['connecting', 'connected', 'disconnected']);
    expect(stopped).toEqual(['connecting', 'connected']);
    expect(handshakes).toHaveLength(1);
  });

  it('connects again, with the current token, after disconnect(), and not before', async () => {
    const { url, handshakes } = await startSocketServer();
    let token: string | null = 'first';
    const { client, states } = watchedClient(url, () => token);
    const socket = await client.connect();
    // The server sees the handshake before the client hears it was accepted: wait for the client's side.
    await waitFor(() => states.at(-1) === 'connected', 5000, 'first connection');
    expect(handshakes).toHaveLength(1);
    client.disconnect();
    token = 'second';
    await settle(300);
    expect(handshakes).toHaveLength(1);
    expect(await client.connect()).toBe(socket);
    await waitFor(() => states.length === 5, 5000, 'second connection');
    expect(handshakes.map((query) => query.token)).toEqual(['first', 'second']);
    expect(states).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected']);
  });

  it('stays idle when disconnected before it ever connected, and opens no socket when disconnected while loading', async () => {
    const { url, handshakes } = await startSocketServer();
    const idle = watchedClient(url);
    idle.client.disconnect();
    expect(idle.client.getState()).toBe('idle');
    expect(idle.states).toEqual([]);

    const { client, states } = watchedClient(url);
    const pending = client.connect();
    client.disconnect();
    const socket = await pending;
    await settle(300);
    expect(socket.connected).toBe(false);
    expect(handshakes).toEqual([]);
    expect(states).toEqual(['connecting', 'disconnected']);
  });

  it('told to disconnect, reports no error and stays disconnected', async () => {
    const { url, joins } = await startSocketServer();
    const { client, states, errors } = watchedClient(url);
    client.subscribe('r', {});
    await waitFor(() => joins.length === 1, 5000, 'join');
    client.disconnect();
    await settle(300);
    expect(joins).toEqual(['r']);
    expect(states).toEqual(['connecting', 'connected', 'disconnected']);
    expect(errors).toEqual([]);
  });

  it('retries a refused handshake with the token current at the retry', async () => {
    const { server, url, handshakes } = await startSocketServer();
    let refuse = 2;
    server.use((_socket, next) => {
      if (refuse > 0) {
        refuse -= 1;
        next(new Error('Token rejected'));
      } else next();
    });
    let token = 'stale';
    const { client, errors } = watchedClient(url, () => token);
    client.subscribe('r', {});
    await waitFor(() => errors.length === 1, 5000, 'first refusal');
    expect(errors[0]?.code).toBe('realtime_connect_error');
    expect(errors[0]?.message).toBe('Token rejected');
    token = 'fresh';
    await waitFor(() => client.getState() === 'connected', 8000, 'connected');
    expect(errors.map((error) => error.message)).toEqual(['Token rejected', 'Token rejected']);
    expect(handshakes.at(-1)?.token).toBe('fresh');
  });
});
