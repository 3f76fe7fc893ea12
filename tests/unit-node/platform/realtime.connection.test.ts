/**
 * The realtime client's connection (src/platform/realtime.ts) against a bare socket.io server on the platform path, or
 * one that never answers: when it connects and with which token, the states it reports, timeouts and disconnects.
 */
import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Socket as TcpSocket } from 'node:net';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { createRealtimeClient } from '../../../src/platform/index.ts';
import { waitFor } from '../../support/wait-for.ts';
import { settle, socketServerPerTest } from './support/socket-server.ts';

const { afterTest, startSocketServer, track, watchedClient } = socketServerPerTest();

describe('realtime client: connection', () => {
  it('refreshing the token before any socket exists does nothing and does not throw', () => {
    const client = createRealtimeClient({
      appId: 'local-app',
      serverUrl: 'http://127.0.0.1:9',
      getToken: () => 'tok',
      logger: { error() {} },
    });
    expect(() => client.refreshToken()).not.toThrow();
    expect(client.getState()).toBe('idle');
  });

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

  it("reports 'operation has timed out' when the handshake never answers", async () => {
    // Accepts TCP connections and never answers: the connect attempt times out.
    const sockets: TcpSocket[] = [];
    const silent = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    afterTest(() => {
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
    const { client, errors } = watchedClient(url);
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
