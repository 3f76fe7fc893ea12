/**
 * The guard on miniflare's loopback server (`functions/miniflare-loopback-guard.ts`): once asked for, every HTTP
 * server that starts listening with miniflare's loopback handler answers every request and every upgrade with the one
 * 403 (its JSON message, no stack, no path), and its own handlers never run; any other server is left alone. The
 * servers here are stand-ins with a handler named as miniflare names its own, on ephemeral ports.
 */
import { channel } from 'node:diagnostics_channel';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  guardedLoopbacks,
  guardMiniflareLoopback,
} from '../../../../../host-harness/src/emulator/functions/miniflare-loopback-guard.ts';

/** The refusal, byte for byte as a client reads it. */
const REFUSAL_BODY =
  '{"message":"Miniflare\'s loopback server answers nothing here: the harness\'s functions never need it, and neither a local program nor a function\'s own code may use it","code":"forbidden"}';
/** How long a test waits for an answer before it fails (an unguarded stand-in never answers some requests). */
const ANSWER_MS = 5_000;

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

beforeAll(() => {
  guardMiniflareLoopback();
});

/** What the stand-ins' own handlers were asked, in order. */
let ran: string[] = [];

/** A server answered as miniflare's loopback is: by a request handler named `#handleLoopback`, and an upgrade one. */
function loopbackLike(): http.Server {
  const handlers = {
    '#handleLoopback': (_request: http.IncomingMessage, response: http.ServerResponse) => {
      ran.push('request');
      response.end('miniflare answered');
    },
  };
  const server = http.createServer(handlers['#handleLoopback']);
  server.on('upgrade', (_request, socket: net.Socket) => {
    ran.push('upgrade');
    socket.end('HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\r\n');
  });
  return server;
}

async function listening(server: http.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

interface Answer {
  status: number | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Sends one request (a new connection) and answers what came back, failing after ANSWER_MS. */
function send(
  port: number,
  { method = 'GET', path = '/', headers = {}, body }: Partial<http.RequestOptions> & { body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path, headers, agent: false, timeout: ANSWER_MS },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: text }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${ANSWER_MS} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Sends a WebSocket upgrade over a raw socket and answers every byte that came back until the socket closed. */
function upgrade(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.setTimeout(ANSWER_MS, () => socket.destroy(new Error(`the socket stayed open ${ANSWER_MS} ms`)));
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', (failed) => {
      if (!failed) resolve(text);
    });
    socket.write(
      'GET /core/live-reload HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
  });
}

const refused = (answer: Answer) => ({
  status: answer.status,
  type: answer.headers['content-type'],
  length: answer.headers['content-length'],
  connection: answer.headers.connection,
  body: answer.body,
});
const REFUSED = {
  status: 403,
  type: 'application/json',
  length: String(Buffer.byteLength(REFUSAL_BODY)),
  connection: 'close',
  body: REFUSAL_BODY,
};

describe('a server answered by miniflare’s loopback handler', () => {
  it('answers every request 403 with the one JSON message, whatever its path, headers or body', async () => {
    ran = [];
    const before = guardedLoopbacks();
    const port = await listening(loopbackLike());
    expect(guardedLoopbacks()).toBe(before + 1);
    const requests: Parameters<typeof send>[1][] = [
      {},
      { method: 'POST', path: '/core/error', body: JSON.stringify({ stack: 'at /etc/passwd:1:1' }) },
      { method: 'POST', path: '/core/store-temp-file', body: 'x'.repeat(100_000) },
      { path: '/x', headers: { 'MF-Original-URL': 'http://localhost/browser/status' } },
      { path: '/', headers: { 'MF-Custom-Fetch-Service': 'svc', 'MF-Custom-Node-Service': 'svc' } },
    ];
    for (const request of requests) {
      expect(refused(await send(port, request)), JSON.stringify(request)).toStrictEqual(REFUSED);
    }
    expect(ran).toStrictEqual([]);
  });

  it('answers a WebSocket upgrade with the same 403, written on the socket, and closes it', async () => {
    ran = [];
    const port = await listening(loopbackLike());
    expect(await upgrade(port)).toBe(
      `HTTP/1.1 403 Forbidden\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(REFUSAL_BODY)}\r\nconnection: close\r\n\r\n${REFUSAL_BODY}`,
    );
    expect(ran).toStrictEqual([]);
  });

  it('is guarded once, however often the guard is asked for and the server listens again', async () => {
    ran = [];
    guardMiniflareLoopback();
    guardMiniflareLoopback();
    const before = guardedLoopbacks();
    const server = loopbackLike();
    await listening(server);
    expect(guardedLoopbacks()).toBe(before + 1);
    await new Promise((resolve) => server.close(resolve));
    const port = await listening(server);
    expect(guardedLoopbacks()).toBe(before + 1);
    expect(refused(await send(port))).toStrictEqual(REFUSED);
    expect(ran).toStrictEqual([]);
  });
});

describe('any other server', () => {
  it('answers with its own handlers, uncounted', async () => {
    const before = guardedLoopbacks();
    const handlers = {
      handleRequest: (_request: http.IncomingMessage, response: http.ServerResponse) => {
        response.end('its own answer');
      },
    };
    const port = await listening(http.createServer(handlers.handleRequest));
    const answer = await send(port);
    expect({ status: answer.status, body: answer.body }).toStrictEqual({
      status: 200,
      body: 'its own answer',
    });
    expect(guardedLoopbacks()).toBe(before);
  });

  it('keeps an HTTP server without a request handler as it is', async () => {
    const before = guardedLoopbacks();
    const server = http.createServer();
    await listening(server);
    expect(server.listeners('request')).toStrictEqual([]);
    expect(guardedLoopbacks()).toBe(before);
  });

  it('leaves alone anything announced on the listen channel that is not an HTTP server, even one that looks like the loopback', () => {
    const before = guardedLoopbacks();
    const touched: string[] = [];
    const lookalike = {
      listeners: () => [{ '#handleLoopback': () => {} }['#handleLoopback']],
      removeAllListeners: (event: string) => touched.push(`remove ${event}`),
      on: (event: string) => touched.push(`on ${event}`),
    };
    channel('tracing:net.server.listen:asyncStart').publish({ server: lookalike });
    expect(touched).toStrictEqual([]);
    expect(guardedLoopbacks()).toBe(before);
  });
});
