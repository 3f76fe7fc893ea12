/**
 * What the platform client's tests stand on: a recording server for the file, an HTTP core of the client pointed at
 * it, what the server saw of a request, and a realtime subscriber that records its rooms.
 */
import {
  createHttpCore,
  type RealtimeSubscriber,
  type RoomHandlers,
} from '../../../../src/platform/index.ts';
import { type RecordedRequest, recordingServerPerFile } from '../../../support/recording-server.ts';

/** What the server saw of a request: method, URL (path and query, decoded) and JSON body. */
function seenCall(request: RecordedRequest | undefined) {
  if (!request) throw new Error('no request');
  const text = request.body.toString();
  return {
    call: `${request.method} ${decodeURIComponent(request.url)}`,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** The rooms joined through a subscriber, with their handlers, as the realtime client would hold them. */
export function recordingSubscriber() {
  const rooms: { room: string; handlers: RoomHandlers; left: boolean }[] = [];
  const subscriber: RealtimeSubscriber = {
    subscribe(room, handlers) {
      const entry = { room, handlers, left: false };
      rooms.push(entry);
      return () => {
        entry.left = true;
      };
    },
  };
  return { rooms, realtime: () => subscriber };
}

/**
 * Call once at the top of a test file: a recording server for the file, `core(token)` (an HTTP core of app
 * `local-app` on it, outside a browser) and `seen()` (what it saw of the last request, or of the one given).
 */
export function recordingPlatformPerFile() {
  const server = recordingServerPerFile();
  const core = (token: string | null = null) =>
    createHttpCore({ appId: 'local-app', serverUrl: server.url, location: null, token });
  const seen = (request: RecordedRequest | undefined = server.last()) => seenCall(request);
  return { server, core, seen };
}
