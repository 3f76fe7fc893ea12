/**
 * A webhook endpoint for the dispatcher's tests: a real HTTP server on an ephemeral loopback port (port 0, so any
 * number of these run side by side), recording each request it receives and answering as the test tells it.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the endpoint answers one request: a status and body, or never (until the server closes). */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface EndpointServer {
  url: string;
  received: Received[];
  /** The answer to each next request (the last one repeats). */
  answers: Answer[];
  /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function endpointServer(answers: Answer[] = [{ status: 200, body: '{"received":true}' }]) {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  let waiters: (() => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = state.answers[Math.min(received.length - 1, state.answers.length - 1)] ?? {
        status: 200,
      };
      for (const wake of waiters) wake();
      if (answer === 'hang') {
        hanging.push(response);
        return;
      }
      response.writeHead(answer.status, answer.headers ?? {});
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const state: EndpointServer = {
    url: `http://127.0.0.1:${port}`,
    received,
    answers,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return false;
          waiters = waiters.filter((wake) => wake !== check);
          clearTimeout(timer);
          resolve(received.slice(0, count));
          return true;
        };
        const timer = setTimeout(() => {
          waiters = waiters.filter((wake) => wake !== check);
          reject(new Error(`expected ${count} requests, got ${received.length}`));
        }, timeoutMs);
        if (!check()) waiters.push(check);
      });
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
