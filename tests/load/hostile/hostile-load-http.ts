/** Sends one request of the hostile-load run over real HTTP (or raw TCP) and never throws: no answer is status 0. */
import http from 'node:http';
import net from 'node:net';
import type { HostileRequest } from './hostile-load-cases.ts';

/** What came back: the status (0 when nothing did), the body as text, and how long it took. */
export interface Answer {
  status: number;
  text: string;
  ms: number;
  error?: string;
}

const TIMEOUT_MS = 30_000;

type Sendable = Pick<HostileRequest, 'method' | 'path' | 'headers' | 'body' | 'raw' | 'drip'>;

/** Writes `raw` (then `drip`, slowly) to a fresh socket and reads the status line of the answer. */
function sendRaw(base: URL, raw: string, started: number, drip?: HostileRequest['drip']): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(base.port), base.hostname);
    let text = '';
    let ticker: NodeJS.Timeout | undefined;
    let giveUp: NodeJS.Timeout | undefined;
    const done = (answer: Omit<Answer, 'ms'>) => {
      clearInterval(ticker);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ ...answer, ms: performance.now() - started });
    };
    socket.setTimeout(TIMEOUT_MS, () => done({ status: 0, text, error: 'timeout' }));
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (status && text.includes('\r\n\r\n')) done({ status: Number(status[1]), text });
    });
    socket.on('error', (error) => done({ status: 0, text, error: error.message }));
    socket.on('close', () => done({ status: 0, text, error: 'closed without an answer' }));
    socket.write(raw, 'latin1');
    if (drip) {
      // Writing keeps the idle timeout from firing: a server that never cuts the request is caught here.
      giveUp = setTimeout(
        () => done({ status: 0, text, error: `still open after ${drip.giveUpMs} ms` }),
        drip.giveUpMs,
      );
      let dripped = 0;
      ticker = setInterval(() => {
        if (dripped < drip.bytes.length && socket.writable) socket.write(drip.bytes[dripped++]!, 'latin1');
      }, drip.everyMs);
    }
  });
}

/** Sends `request` to `baseUrl` with `agent` (keep-alive), reading the whole answer. */
export function send(baseUrl: string, agent: http.Agent, request: Sendable): Promise<Answer> {
  const base = new URL(baseUrl);
  const started = performance.now();
  if (request.raw !== undefined) return sendRaw(base, request.raw, started, request.drip);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, ms: performance.now() - started });
    };
    let req: http.ClientRequest;
    try {
      req = http.request({
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: request.headers,
        agent,
        timeout: TIMEOUT_MS,
      });
    } catch (error) {
      finish({ status: 0, text: '', error: `client refused to send: ${(error as Error).message}` });
      return;
    }
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        finish({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', (error) => finish({ status: res.statusCode ?? 0, text: '', error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    // The server may answer (413, 431) and close before a large body is fully written: the answer counts.
    req.on('error', (error) => finish({ status: 0, text: '', error: error.message }));
    req.end(request.body);
  });
}
