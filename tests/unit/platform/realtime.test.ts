/**
 * The realtime client's socket (src/platform/realtime.ts) as socket.io-client makes it in the page: the contract's
 * options read back from the socket, the token of each handshake, and the states it reports. No server answers: the
 * socket never connects. The client against a real socket.io server: tests/unit-node/platform/realtime.*.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECTION_STATE, createRealtimeClient, type RealtimeClient } from '../../../src/platform/index.ts';

let client: RealtimeClient | undefined;
afterEach(() => client?.disconnect());

const quiet = { error: () => {} };

describe('realtime socket options', () => {
  it('creates the socket with the contract options, read back from the socket itself', async () => {
    client = createRealtimeClient({
      appId: 'local-app',
      serverUrl: 'http://127.0.0.1:9',
      getToken: () => 'tok',
      logger: quiet,
    });
    expect(client.getState()).toBe(CONNECTION_STATE.idle);
    const socket = await client.connect();
    const manager = socket.io;
    expect(manager.timeout()).toBe(20000);
    expect(manager.reconnection()).toBe(true);
    expect(manager.reconnectionAttempts()).toBe(Number.POSITIVE_INFINITY);
    expect(manager.reconnectionDelay()).toBe(1000);
    expect(manager.reconnectionDelayMax()).toBe(5000);
    expect(manager.randomizationFactor()).toBe(0.5);
    expect(manager.opts.path).toBe('/ws-user-apps/socket.io/');
    expect(manager.opts.transports).toEqual(['websocket']);
    expect(manager.opts.query).toEqual({ app_id: 'local-app', token: 'tok' });
    expect(client.getState()).toBe(CONNECTION_STATE.connecting);
  });

  it('re-reads the current token for the next handshake', async () => {
    let token: string | null = 'first';
    client = createRealtimeClient({
      appId: 'local-app',
      serverUrl: 'http://127.0.0.1:9',
      getToken: () => token,
      logger: quiet,
    });
    const socket = await client.connect();
    token = 'second';
    client.refreshToken();
    expect(socket.io.opts.query).toEqual({ app_id: 'local-app', token: 'second' });
    token = null;
    client.refreshToken();
    expect(socket.io.opts.query).toEqual({ app_id: 'local-app' });
  });

  it('reports state changes and ends disconnected', async () => {
    client = createRealtimeClient({
      appId: 'local-app',
      serverUrl: 'http://127.0.0.1:9',
      getToken: () => null,
      logger: quiet,
    });
    const seen: string[] = [];
    client.onStateChange((state) => seen.push(state));
    await client.connect();
    client.disconnect();
    expect(seen).toEqual(['connecting', 'disconnected']);
  });
});
