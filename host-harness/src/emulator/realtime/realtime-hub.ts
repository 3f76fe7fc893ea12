import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { withLoopbackAliases } from '../../serving/loopback-host.ts';
import { LOCAL_ORIGIN } from '../core/http/cors.ts';
import { socketHandshakeRefusal } from '../core/http/request-guard.ts';

/** The socket.io path of the contract. */
const REALTIME_PATH = '/ws-user-apps/socket.io/';

export interface SocketIdentity {
  appId: string;
  service: boolean;
  accountId: string | null;
  anonymousId: string | null;
}

/**
 * Who a handshake is and which rooms a socket may join, decided by the features that own them: auth reads the
 * handshake's token, entities and agents each rule on their own rooms.
 */
export interface RealtimeAccess {
  /** The identity of a handshake's query (`app_id`, `token`, `anonymous_id`), or why it is refused. */
  identify(query: Record<string, unknown>): SocketIdentity | string;
  /** Whether a socket may join a room (a room no feature knows is refused). */
  mayJoin(who: SocketIdentity, room: string): boolean;
}

/**
 * The realtime server: authenticates each handshake, lets sockets join and leave rooms they may read, and broadcasts
 * `update_model` `{room, data: <JSON string>}`. Before `attach` (no HTTP server yet) publishing is a no-op.
 */
export class RealtimeHub {
  private io: Server | null = null;
  private refuseUntil = 0;

  constructor(private readonly access: RealtimeAccess) {}

  /** `pageOrigins`: origins besides the harness's own whose pages may open a socket (the site, the editors). */
  attach(server: HttpServer, pageOrigins: readonly string[] = []): void {
    const readable = new Set(pageOrigins.flatMap(withLoopbackAliases));
    const io = new Server(server, {
      path: REALTIME_PATH,
      transports: ['websocket', 'polling'],
      // Which pages may read polling answers; an editor on another host needs its origin here too.
      cors: {
        origin: (origin, cb) => cb(null, !origin || LOCAL_ORIGIN.test(origin) || readable.has(origin)),
      },
      // The handshake (polling or a direct WebSocket upgrade) never reaches Fastify's hooks: the Host and Origin rules
      // are applied here, before a socket exists, so a refused page never joins a room.
      allowRequest: (req, answer) => {
        const problem = socketHandshakeRefusal(req.headers, req.socket.localPort, pageOrigins);
        answer(problem, problem === null);
      },
      serveClient: false,
    });
    io.use((socket, next) => {
      if (Date.now() < this.refuseUntil)
        return next(new Error('Realtime is refusing connections (harness drop)'));
      const identity = this.access.identify(socket.handshake.query);
      if (typeof identity === 'string') return next(new Error(identity));
      socket.data = identity;
      next();
    });
    io.on('connection', (socket) => {
      socket.on('join', (room: unknown) => {
        if (typeof room === 'string' && this.access.mayJoin(socket.data as SocketIdentity, room))
          void socket.join(room);
        else socket.emit('error', { message: `Cannot join room ${String(room).slice(0, 200)}` });
      });
      socket.on('leave', (room: unknown) => {
        if (typeof room === 'string') void socket.leave(room);
      });
    });
    this.io = io;
  }

  /**
   * Emits `update_model` to a room; `data` is sent as a JSON string, as the platform does. With `audience` (declared
   * entities: RLS), each socket in the room gets the event only if its identity passes.
   */
  publish(room: string, data: unknown, audience?: (who: SocketIdentity) => boolean): void {
    const io = this.io;
    if (!io) return;
    const message = { room, data: JSON.stringify(data) };
    if (!audience) {
      io.to(room).emit('update_model', message);
      return;
    }
    for (const id of io.sockets.adapter.rooms.get(room) ?? []) {
      const socket = io.sockets.sockets.get(id);
      if (socket && audience(socket.data as SocketIdentity)) socket.emit('update_model', message);
    }
  }

  /** Disconnects every socket and refuses new handshakes for `refuseMs`. */
  drop(refuseMs: number): number {
    this.refuseUntil = Date.now() + refuseMs;
    const count = this.io?.of('/').sockets.size ?? 0;
    this.io?.disconnectSockets(true);
    return count;
  }

  clearRefusal(): void {
    this.refuseUntil = 0;
  }

  async close(): Promise<void> {
    const io = this.io;
    this.io = null;
    if (!io) return;
    io.disconnectSockets(true);
    // Closing the engine only: the HTTP server is Fastify's to close.
    io.engine.close();
    await new Promise<void>((resolve) => {
      io.sockets.removeAllListeners();
      resolve();
    });
  }
}
