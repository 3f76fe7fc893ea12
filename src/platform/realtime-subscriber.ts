import type { RealtimeUpdateMessage } from './types.ts';

/** Listeners of one realtime room. */
export interface RoomHandlers {
  /** An `update_model` for the room, with its `data` already parsed from JSON. */
  update?(data: unknown, message: RealtimeUpdateMessage): void;
  /** A socket error, or an update of this room whose `data` is not JSON. */
  error?(error: Error): void;
  /** The socket (re)connected and the room was joined again. */
  connect?(): void;
}

/** The part of the realtime client that entities and agents use, so they do not import socket.io. */
export interface RealtimeSubscriber {
  /** Joins `room` (again on every reconnect) until the returned function is called. */
  subscribe(room: string, handlers: RoomHandlers): () => void;
}
