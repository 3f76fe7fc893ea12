/** What the platform client's tests read of a recorded request, and a realtime subscriber that records its rooms. */
import type { RealtimeSubscriber, RoomHandlers } from '../../../../src/platform/index.ts';
import type { RecordedRequest } from '../../../support/recording-server.ts';

/** What the server saw of a request: method, URL (path and query, decoded) and JSON body. */
export function seenCall(request: RecordedRequest | undefined) {
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
