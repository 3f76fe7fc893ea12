import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { withLoopbackAliases } from '../../http-shared/loopback-host.ts';
import { LOCAL_ORIGIN } from '../http/cors.ts';
import { socketHandshakeRefusal } from '../http/request-guard.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { SERVICE_TOKEN } from '../state/emulator-state.ts';

/** The socket.io path of the contract. */
const REALTIME_PATH = '/ws-user-apps/socket.io/';

export interface SocketIdentity {
  appId: string;
  service: boolean;
  accountId: string | null;
  anonymousId: string | null;
}

const ANONYMOUS_TOKENS = new Set(['', 'null', 'undefined']);

/**
 * The realtime server: authenticates each handshake, lets sockets join and leave rooms they may read, and broadcasts
 * `update_model` `{room, data: <JSON string>}`. Before `attach` (no HTTP server yet) publishing is a no-op.
 */
export class RealtimeHub {
  private io: Server | null = null;
  private refuseUntil = 0;

  constructor(private readonly state: EmulatorState) {}

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
      const identity = this.identify(socket.handshake.query);
      if (typeof identity === 'string') return next(new Error(identity));
      socket.data = identity;
      next();
    });
    io.on('connection', (socket) => {
      socket.on('join', (room: unknown) => {
        if (typeof room === 'string' && this.mayJoin(socket, room)) void socket.join(room);
        else socket.emit('error', { message: `Cannot join room ${String(room).slice(0, 200)}` });
      });
      socket.on('leave', (room: unknown) => {
        if (typeof room === 'string') void socket.leave(room);
      });
    });
    this.io = io;
  }

  private identify(query: Record<string, unknown>): SocketIdentity | string {
    const appId = query.app_id;
    if (typeof appId !== 'string' || !this.state.apps.get(appId)) return 'Unknown app_id';
    const token = typeof query.token === 'string' ? query.token : '';
    const anonymousId = typeof query.anonymous_id === 'string' ? query.anonymous_id.slice(0, 100) : null;
    if (ANONYMOUS_TOKENS.has(token)) return { appId, service: false, accountId: null, anonymousId };
    if (token === SERVICE_TOKEN) return { appId, service: true, accountId: null, anonymousId: null };
    const account = this.state.accounts.accountForToken(token);
    if (!account) return 'Invalid token';
    return { appId, service: false, accountId: account.id, anonymousId: null };
  }

  private mayJoin(socket: Socket, room: string): boolean {
    const who = socket.data as SocketIdentity;
    const entity = /^entities:([^:]+):([A-Za-z][A-Za-z0-9_]{0,63})$/.exec(room);
    if (entity) {
      if (entity[1] !== who.appId) return false;
      // User records carry e-mails: only admins and the service role may watch them.
      if (entity[2] === 'User') {
        return (
          who.service ||
          (who.accountId !== null && this.state.member(who.appId, who.accountId)?.role === 'admin')
        );
      }
      return true;
    }
    const conversation = /^\/agent-conversations\/([A-Za-z0-9_-]{1,64})$/.exec(room);
    if (!conversation) return false;
    try {
      const { owner } = this.state.conversations.get(who.appId, conversation[1]!);
      if (who.service) return true;
      if (who.accountId)
        return owner === who.accountId || this.state.member(who.appId, who.accountId)?.role === 'admin';
      return who.anonymousId !== null && owner === `anon:${who.anonymousId}`;
    } catch {
      return false;
    }
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
