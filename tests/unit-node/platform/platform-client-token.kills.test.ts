/**
 * The platform client (src/platform/platform-client.ts) hands every token change to its realtime socket: the next
 * handshake socket.io makes (its `io.opts.query`) carries the new token, or none after logout.
 */
import type { Socket } from 'socket.io-client';
import { afterEach, expect, it } from 'vitest';
import { createPlatformClient, type IoFactory, type PlatformClient } from '../../../src/platform/index.ts';

let client: PlatformClient | undefined;
afterEach(() => {
  client?.cleanup();
  client = undefined;
});

/** A socket.io socket that never connects: its manager's `opts` are what the next handshake sends. */
function socketDouble() {
  const socket = {
    io: { opts: { query: {} as Record<string, string> }, on() {} },
    active: true,
    connected: false,
    on() {
      return socket;
    },
    emit() {
      return socket;
    },
    connect() {
      return socket;
    },
    disconnect() {
      socket.active = false;
      return socket;
    },
  };
  const io: IoFactory = (_uri, options) => {
    socket.io.opts.query = { ...(options.query as Record<string, string>) };
    return socket as unknown as Socket;
  };
  return { socket, io };
}

it('a token set after the socket exists is the one its next handshake sends; none once it is cleared', async () => {
  const { socket, io } = socketDouble();
  client = createPlatformClient({
    appId: 'local-app',
    serverUrl: 'http://127.0.0.1:9',
    storage: null,
    location: null,
    token: 'first',
    logger: { error() {} },
    io,
  });
  await client.realtime.connect();
  expect(socket.io.opts.query).toEqual({ app_id: 'local-app', token: 'first' });
  client.setToken('second');
  expect(socket.io.opts.query).toEqual({ app_id: 'local-app', token: 'second' });
  client.auth.setToken('', false);
  expect(socket.io.opts.query).toEqual({ app_id: 'local-app' });
});
