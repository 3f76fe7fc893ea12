/**
 * The realtime client (src/platform/realtime.ts) against a bare socket.io server on the platform path: a token
 * refresh before any socket, handlers without an `update`, an error event without a payload, and a room shared by two
 * listeners. Also `mergeMessage` of the agents client (src/platform/agents.ts).
 */
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRealtimeClient,
  mergeMessage,
  type RealtimeClient,
  type RealtimeError,
  SOCKET_PATH,
} from '../../../src/platform/index.ts';
import { waitFor } from '../../support/wait-for.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A bare socket.io server on the platform path (a copy of the one in realtime-socket.test.ts). */
async function startSocketServer() {
  const http = createHttpServer();
  const server = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
  const joins: string[] = [];
  const leaves: string[] = [];
  server.on('connection', (socket) => {
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
  return { server, url, joins, leaves };
}

/** A client of `url` that collects its errors and what it logs, disconnected after the test. */
function watchedClient(url: string) {
  const logged: unknown[][] = [];
  const client: RealtimeClient = createRealtimeClient({
    appId: 'local-app',
    serverUrl: url,
    getToken: () => null,
    logger: { error: (...args: unknown[]) => logged.push(args) },
  });
  cleanups.push(() => client.disconnect());
  const errors: RealtimeError[] = [];
  client.onError((error) => errors.push(error));
  return { client, errors, logged };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('realtime client (kills)', () => {
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

  it('a room listener without an update handler is skipped, not reported as failed', async () => {
    const { server, url, joins } = await startSocketServer();
    const { client, logged } = watchedClient(url);
    const updates: unknown[] = [];
    client.subscribe('r', {});
    client.subscribe('r', { update: (data) => updates.push(data) });
    await waitFor(() => joins.includes('r'), 5000, 'join');
    server.to('r').emit('update_model', { room: 'r', data: '{"n":1}' });
    await waitFor(() => updates.length === 1, 5000, 'update');
    expect(updates).toEqual([{ n: 1 }]);
    expect(logged).toEqual([]);
  });

  it('an error event with a null payload is reported as "Realtime error"', async () => {
    const { server, url, joins } = await startSocketServer();
    const { client, errors } = watchedClient(url);
    client.subscribe('r', {});
    await waitFor(() => joins.length === 1, 5000, 'join');
    server.emit('error', null);
    await waitFor(() => errors.length === 1, 5000, 'error');
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['realtime_error', 'Realtime error'],
    ]);
  });

  it('a room stays joined while another listener of it remains', async () => {
    const { server, url, joins, leaves } = await startSocketServer();
    const { client } = watchedClient(url);
    const updates: unknown[] = [];
    const first = client.subscribe('r', {});
    client.subscribe('r', { update: (data) => updates.push(data) });
    await waitFor(() => joins.includes('r'), 5000, 'join');
    first();
    await pause(100);
    expect(leaves).toEqual([]);
    server.to('r').emit('update_model', { room: 'r', data: { n: 2 } });
    await waitFor(() => updates.length === 1, 5000, 'update');
    expect(updates).toEqual([{ n: 2 }]);
  });
});

describe('mergeMessage (kills)', () => {
  it('a conversation without messages gets the message as its only one', () => {
    const merged = mergeMessage({ id: 'c1' } as never, { id: 'm1', role: 'user', content: 'hi' } as never);
    expect(merged.messages).toEqual([{ id: 'm1', role: 'user', content: 'hi' }]);
  });
});
