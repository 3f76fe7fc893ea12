/**
 * HTTP the way an attacker's browser or script sends it: any `Host` (or none), any `Origin` and `Sec-Fetch-Site`.
 * `fetch` cannot set `Host`, so these helpers use `node:http`, and raw TCP for what `node:http` will not send.
 */
import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Parsed JSON body, or undefined. */
  // biome-ignore lint/suspicious/noExplicitAny: free-form JSON, each test checks the shape it needs
  body: any;
  ms: number;
}

export interface RawRequest {
  method?: string;
  path: string;
  /** Sent as given; `host: null` sends no Host header at all. */
  headers?: Record<string, string | null>;
  body?: string;
}

/** Sends one request to `base` (`http://127.0.0.1:port`) with exactly the given headers. */
export function request(
  base: string,
  { method = 'GET', path, headers = {}, body }: RawRequest,
): Promise<RawAnswer> {
  const url = new URL(base);
  const started = performance.now();
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== null) sent[name] = value;
  const omitHost = headers.host === null;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: sent,
        setHost: !omitHost && sent.host === undefined,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            body: parsed,
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Writes raw bytes (ending with `Connection: close`) to a fresh connection; the status of the answer, 0 for none. */
export function rawStatus(base: string, bytes: string): Promise<{ status: number; text: string }> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let text = '';
    const done = () => {
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), text });
    };
    socket.setTimeout(5_000, done);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes, 'latin1');
  });
}
