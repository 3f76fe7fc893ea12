import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { perFile } from './per-file.ts';

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Answers one request; the default answers `200 {"ok":true}`. */
export type Responder = (request: RecordedRequest, response: ServerResponse) => void;

/**
 * A tiny real HTTP server on an ephemeral 127.0.0.1 port that records every request and answers with the current
 * responder: the platform client is tested over real HTTP, never a mocked fetch.
 */
export async function startRecordingServer() {
  const requests: RecordedRequest[] = [];
  let responder: Responder = (_request, response) => json(response, 200, { ok: true });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      responder(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The last recorded request (fails the test when there is none). */
    last(): RecordedRequest {
      const request = requests.at(-1);
      if (!request) throw new Error('no request recorded');
      return request;
    },
    respond(next: Responder) {
      responder = next;
    },
    reset() {
      requests.length = 0;
      responder = (_request, response) => json(response, 200, { ok: true });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RecordingServer = Awaited<ReturnType<typeof startRecordingServer>>;

/**
 * A recording server for one test file (started before its tests, reset before each, closed after): the object
 * returned is filled in once the server listens, so tests read `server.url` and `server.requests` as usual.
 */
export function recordingServerPerFile(): RecordingServer {
  const server = {} as RecordingServer;
  perFile(startRecordingServer, (started) => Object.assign(server, started));
  return server;
}

/** Writes a JSON answer. */
export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** A `Storage`-like object backed by a Map, for token tests without globals. */
export function createMemoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

/** A `location`-like object that records navigations and reloads. */
export function createFakeLocation(href: string) {
  const location = {
    href,
    reloads: 0,
    reload() {
      location.reloads += 1;
    },
  };
  return location;
}
