import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { backoffDelay, guardManagerBackoff } from './backoff.ts';
import {
  CONNECTION_STATE,
  type ConnectionState,
  ERROR_CODES,
  REALTIME_MESSAGES,
  SOCKET_OPTIONS,
} from './constants.ts';
import { RealtimeError } from './errors/realtime-error.ts';
import type { RealtimeSubscriber, RoomHandlers } from './realtime-subscriber.ts';
import type { RealtimeUpdateMessage } from './types.ts';

/** socket.io's `io()`; injectable so a test can observe the created socket. */
export type IoFactory = (uri: string | undefined, options: Partial<ManagerOptions & SocketOptions>) => Socket;

/** Options of {@link createRealtimeClient}. */
export interface RealtimeOptions {
  appId: string;
  /** Platform origin; `''` means the page's own origin. */
  serverUrl: string;
  /** Read at every handshake, so a reconnect always uses the current token. */
  getToken: () => string | null;
  /** `io` to use; by default `socket.io-client` is loaded on first use, keeping it out of the startup bundle. */
  io?: IoFactory;
  /** Where errors are logged (never with the token); `console` by default. */
  logger?: Pick<Console, 'error'>;
}

/** The realtime client: rooms over one socket, with its connection state. */
export interface RealtimeClient extends RealtimeSubscriber {
  /** The current connection state. */
  getState(): ConnectionState;
  /** Calls `listener` on every state change; returns the unsubscribe function. */
  onStateChange(listener: (state: ConnectionState) => void): () => void;
  /** Calls `listener` with every realtime error; returns the unsubscribe function. */
  onError(listener: (error: RealtimeError) => void): () => void;
  /** Creates (or reconnects) the socket and resolves it once created, not once connected. */
  connect(): Promise<Socket>;
  /** Uses the current token for the next handshake (called after a login or `setToken`). */
  refreshToken(): void;
  /** Closes the socket and stops reconnecting; rooms stay registered for a later `connect()`. */
  disconnect(): void;
}

/**
 * Creates the realtime client, the only place that calls socket.io's `io()`, with the contract's options.
 * Rooms are re-joined on every `connect`. socket.io retries dropped transports itself; after a server-side
 * disconnect or a rejected handshake it does not, so this client reconnects with the same backoff and current token.
 */
export function createRealtimeClient(options: RealtimeOptions): RealtimeClient {
  const logger = options.logger ?? console;
  const rooms = new Map<string, Set<RoomHandlers>>();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  const errorListeners = new Set<(error: RealtimeError) => void>();
  let state: ConnectionState = CONNECTION_STATE.idle;
  let socket: Socket | null = null;
  let loading: Promise<Socket> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryAttempt = 0;
  let wanted = false;

  const setState = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...stateListeners]) listener(next);
  };

  const handshakeQuery = (): Record<string, string> => {
    const token = options.getToken();
    return token ? { app_id: options.appId, token } : { app_id: options.appId };
  };

  const safely = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      logger.error('[platform realtime] listener failed:', error);
    }
  };

  const fail = (error: RealtimeError, only?: Set<RoomHandlers>) => {
    logger.error('[platform realtime]', error.message);
    for (const listener of [...errorListeners]) safely(() => listener(error));
    const targets = only ? [only] : [...rooms.values()];
    for (const handlers of targets) for (const h of [...handlers]) safely(() => h.error?.(error));
  };

  const refreshToken = () => {
    if (!socket) return;
    socket.io.opts.query = handshakeQuery();
  };

  /**
   * A reconnect socket.io will not make itself; the token is re-read when the timer fires. Only scheduled while the
   * socket is wanted, and `disconnect()` clears the timer: it fires only if nothing (socket.io, `connect()`) has
   * restarted the socket meanwhile.
   */
  const scheduleReconnect = (target: Socket) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (target.active) return;
      refreshToken();
      target.connect();
    }, backoffDelay(retryAttempt++));
  };

  const onUpdate = (message: RealtimeUpdateMessage) => {
    const handlers = rooms.get(message?.room);
    if (!handlers) return;
    let data: unknown = message.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch (cause) {
        fail(
          new RealtimeError(`Malformed update for room ${message.room}`, ERROR_CODES.realtimeMessage, cause),
          handlers,
        );
        return;
      }
    }
    for (const h of [...handlers]) safely(() => h.update?.(data, message));
  };

  const attach = (created: Socket) => {
    guardManagerBackoff(created.io);
    // Every automatic retry opens a new engine from `io.opts`: put the current token there first.
    created.io.on('reconnect_attempt', refreshToken);
    created.on('connect', () => {
      retryAttempt = 0;
      clearTimeout(retryTimer);
      setState(CONNECTION_STATE.connected);
      for (const [room, handlers] of rooms) {
        created.emit('join', room);
        for (const h of [...handlers]) safely(() => h.connect?.());
      }
    });
    created.on('update_model', onUpdate);
    // The server reports refused joins and the like as an `error` event.
    created.on('error', (payload: { message?: unknown } | string) => {
      const message = typeof payload === 'string' ? payload : String(payload?.message ?? 'Realtime error');
      fail(new RealtimeError(message, ERROR_CODES.realtimeServer, payload));
    });
    created.on('disconnect', (reason) => {
      if (!wanted) return setState(CONNECTION_STATE.disconnected);
      setState(CONNECTION_STATE.reconnecting);
      fail(new RealtimeError(REALTIME_MESSAGES.disconnected, ERROR_CODES.realtimeDisconnected, reason));
      if (!created.active) scheduleReconnect(created);
    });
    created.on('connect_error', (error) => {
      const timedOut = error?.message === 'timeout';
      fail(
        new RealtimeError(
          timedOut ? REALTIME_MESSAGES.timeout : error?.message || REALTIME_MESSAGES.disconnected,
          timedOut ? ERROR_CODES.realtimeTimeout : ERROR_CODES.realtimeConnect,
          error,
        ),
      );
      // `active` is false when the server refused the handshake: socket.io gives up, we do not.
      if (wanted && !created.active) scheduleReconnect(created);
    });
  };

  const loadIo = async (): Promise<IoFactory> => options.io ?? (await import('socket.io-client')).io;

  const connect = (): Promise<Socket> => {
    wanted = true;
    if (socket) {
      if (!socket.connected && !socket.active) {
        setState(CONNECTION_STATE.connecting);
        refreshToken();
        socket.connect();
      }
      return Promise.resolve(socket);
    }
    loading ??= loadIo().then((io) => {
      const created = io(options.serverUrl || undefined, {
        ...SOCKET_OPTIONS,
        transports: [...SOCKET_OPTIONS.transports],
        query: handshakeQuery(),
      });
      socket = created;
      attach(created);
      if (!wanted) created.disconnect();
      return created;
    });
    setState(CONNECTION_STATE.connecting);
    return loading;
  };

  return {
    getState: () => state,
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    connect,
    refreshToken,
    disconnect() {
      wanted = false;
      clearTimeout(retryTimer);
      socket?.disconnect();
      setState(socket || loading ? CONNECTION_STATE.disconnected : state);
    },
    subscribe(room, handlers) {
      const set = rooms.get(room) ?? new Set<RoomHandlers>();
      if (!rooms.has(room)) {
        rooms.set(room, set);
        if (socket?.connected) socket.emit('join', room);
      }
      set.add(handlers);
      connect().catch((error) =>
        fail(new RealtimeError(String(error), ERROR_CODES.realtimeUnavailable, error)),
      );
      // A set leaves `rooms` only once empty, and is never handed out again: it is still the room's while it has any.
      return () => {
        if (!set.delete(handlers) || set.size > 0) return;
        rooms.delete(room);
        if (socket?.connected) socket.emit('leave', room);
      };
    },
  };
}
