/**
 * The realtime client's own reconnects (src/platform/realtime.ts) against a socket double given as `io`: when it
 * reconnects after a refused handshake or a server-side disconnect (and when socket.io is already retrying, it does
 * not), the backoff growing between attempts, the token put in the handshake before socket.io's own retries, and
 * connect errors without a payload.
 */
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRealtimeClient,
  type IoFactory,
  type RealtimeClient,
  type RealtimeError,
} from '../../../src/platform/index.ts';

type Listener = (...args: unknown[]) => void;

/** A socket.io socket as the client uses it: events it listens to, `active`/`connected`, calls to `connect`. */
class SocketDouble {
  readonly handlers = new Map<string, Listener[]>();
  readonly ioHandlers = new Map<string, Listener[]>();
  readonly io = {
    opts: { query: {} as Record<string, string> },
    on: (event: string, listener: Listener) => {
      this.ioHandlers.set(event, [...(this.ioHandlers.get(event) ?? []), listener]);
    },
  };
  active = true;
  connected = false;
  connects = 0;
  on(event: string, listener: Listener) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  emit() {
    return this;
  }
  connect() {
    this.connects += 1;
    this.active = true;
    return this;
  }
  disconnect() {
    this.active = false;
    this.connected = false;
    return this;
  }
  /** The server (or socket.io) raising `event` on the socket. */
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.handlers.get(event) ?? []) listener(...args);
  }
  fireManager(event: string, ...args: unknown[]) {
    for (const listener of this.ioHandlers.get(event) ?? []) listener(...args);
  }
}

let client: RealtimeClient | undefined;
afterEach(() => {
  client?.disconnect();
  client = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A client over a socket double, connected once; `token` is what getToken answers at each call. */
async function connected(token: { value: string | null } = { value: null }) {
  vi.useFakeTimers();
  // No jitter: the backoff is 1 s, 2 s, 4 s, then 5 s.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  const socket = new SocketDouble();
  // As socket.io's Manager does, the options given to io() become the manager's `opts`.
  const io: IoFactory = (_uri, options) => {
    socket.io.opts.query = { ...(options.query as Record<string, string>) };
    return socket as unknown as Socket;
  };
  const errors: RealtimeError[] = [];
  client = createRealtimeClient({
    appId: 'local-app',
    serverUrl: 'http://127.0.0.1:9',
    getToken: () => token.value,
    io,
    logger: { error() {} },
  });
  client.onError((error) => errors.push(error));
  await client.connect();
  socket.connected = true;
  socket.fire('connect');
  return { socket, errors, client };
}

/** The server refuses the handshake: socket.io gives up (`active` false). */
function refuse(socket: SocketDouble) {
  socket.connected = false;
  socket.active = false;
  socket.fire('connect_error', new Error('unauthorized'));
}

describe('realtime reconnects', () => {
  it('a refused handshake is retried after 1 s, then 2 s: the backoff grows while no connect succeeds', async () => {
    const { socket } = await connected();
    refuse(socket);
    vi.advanceTimersByTime(999);
    expect(socket.connects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.connects).toBe(1);
    refuse(socket);
    vi.advanceTimersByTime(1_999);
    expect(socket.connects).toBe(1);
    vi.advanceTimersByTime(1);
    expect(socket.connects).toBe(2);
  });

  it('a reconnect already started by connect() is not made again when the timer fires', async () => {
    const { socket, client } = await connected();
    refuse(socket);
    void client.connect();
    expect(socket.connects).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(socket.connects).toBe(1);
  });

  it('a server-side disconnect is reconnected by the client only when socket.io is not retrying itself', async () => {
    const { socket, errors } = await connected();
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(10_000);
    expect(socket.connects).toBe(0);
    socket.active = false;
    socket.fire('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(1_000);
    expect(socket.connects).toBe(1);
    expect(errors.map((error) => error.code)).toEqual(['realtime_disconnected', 'realtime_disconnected']);
  });

  it('a connect error while socket.io still retries leaves the retry to socket.io', async () => {
    const { socket, errors } = await connected();
    socket.connected = false;
    socket.fire('connect_error', new Error('xhr poll error'));
    vi.advanceTimersByTime(10_000);
    expect(socket.connects).toBe(0);
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['realtime_connect_error', 'xhr poll error'],
    ]);
    // Nor did it count as one of the client's attempts: the first refusal after it is retried after 1 s.
    refuse(socket);
    vi.advanceTimersByTime(1_000);
    expect(socket.connects).toBe(1);
  });

  it('after disconnect() a refused handshake is not retried', async () => {
    const { socket, client } = await connected();
    client.disconnect();
    socket.fire('connect_error', new Error('unauthorized'));
    vi.advanceTimersByTime(10_000);
    expect(socket.connects).toBe(0);
    expect(client.getState()).toBe('disconnected');
  });

  it('connect() while socket.io is reconnecting by itself starts no second connection', async () => {
    const { socket, client } = await connected();
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    await client.connect();
    expect(socket.connects).toBe(0);
    expect(client.getState()).toBe('reconnecting');
  });

  it('a connect error without an error object is reported as a lost connection', async () => {
    const { socket, errors } = await connected();
    socket.connected = false;
    expect(() => socket.fire('connect_error', undefined)).not.toThrow();
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['realtime_connect_error', 'socket has been disconnected'],
    ]);
  });

  it('socket.io’s own reconnect attempts carry the current token', async () => {
    const token = { value: 'first' as string | null };
    const { socket } = await connected(token);
    expect(socket.io.opts.query).toEqual({ app_id: 'local-app', token: 'first' });
    token.value = 'second';
    socket.fireManager('reconnect_attempt', 1);
    expect(socket.io.opts.query).toEqual({ app_id: 'local-app', token: 'second' });
  });
});
