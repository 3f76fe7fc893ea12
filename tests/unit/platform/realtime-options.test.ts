import { Manager } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { guardManagerBackoff } from '../../../src/platform/backoff.ts';
import {
  backoffDelay,
  CONNECTION_STATE,
  createRealtimeClient,
  type RealtimeClient,
  SOCKET_OPTIONS,
} from '../../../src/platform/index.ts';

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

describe('reconnection delays (docs/security.md rules 13 and 15)', () => {
  it('grow from 1000 ms to at most 5000 ms with ±0.5 jitter', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(1000);
    expect(backoffDelay(1, () => 0.5)).toBe(2000);
    expect(backoffDelay(2, () => 0.5)).toBe(4000);
    expect(backoffDelay(3, () => 0.5)).toBe(5000);
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 0.999999)).toBe(1500);
  });

  it('never collapse to 0 ms, however many attempts have failed', () => {
    for (const attempt of [0, 1, 10, 100, 1023, 1024, 5000, 1e9, Number.MAX_SAFE_INTEGER]) {
      for (const random of [0, 0.1, 0.5, 0.9, 0.999999]) {
        const delay = backoffDelay(attempt, () => random);
        expect(delay).toBeGreaterThanOrEqual(
          SOCKET_OPTIONS.reconnectionDelay * (1 - SOCKET_OPTIONS.randomizationFactor),
        );
        expect(delay).toBeLessThanOrEqual(SOCKET_OPTIONS.reconnectionDelayMax);
      }
    }
  });

  it("keep socket.io's own backoff from collapsing after ~1024 failed attempts", () => {
    const options = { ...SOCKET_OPTIONS, transports: ['websocket'], autoConnect: false };
    const raw = new Manager('http://127.0.0.1:9', options) as unknown as {
      backoff: { attempts: number; duration(): number };
    };
    raw.backoff.attempts = 1100;
    const unguarded = Array.from({ length: 20 }, () => raw.backoff.duration());
    expect(unguarded.some((delay) => delay === 0)).toBe(true);

    const guarded = new Manager('http://127.0.0.1:9', options);
    guardManagerBackoff(guarded);
    const backoff = (guarded as unknown as { backoff: { attempts: number; duration(): number } }).backoff;
    backoff.attempts = 1100;
    for (let i = 0; i < 50; i += 1) {
      const delay = backoff.duration();
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThanOrEqual(5000);
    }
  });
});

describe('guardManagerBackoff', () => {
  it('leaves a manager without a backoff counter (or with an unknown one) as it is', () => {
    const bare = {};
    expect(() => guardManagerBackoff(bare)).not.toThrow();
    expect(bare).toEqual({});
    const odd = { backoff: { attempts: 3 } };
    expect(() => guardManagerBackoff(odd)).not.toThrow();
    expect(odd).toEqual({ backoff: { attempts: 3 } });
  });
});
