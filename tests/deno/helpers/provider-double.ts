/**
 * A payment-provider double on an ephemeral port, speaking plain HTTP/1.1 over a raw socket so that a test can also
 * drop a connection without answering (which a `Deno.serve` handler cannot). It records every request as it arrived
 * and implements `POST /v1/checkout/sessions` like the provider: form-encoded body, `Idempotency-Key` replays the
 * first result, errors as `{ error: { type, message } }`.
 */

export interface ProviderRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
  form: URLSearchParams;
}

export interface CreatedSession {
  id: string;
  url: string;
  idempotencyKey: string | null;
}

/**
 * What the next request meets, consumed in order: an error answer, a connection closed before any answer (`drop`), or
 * one closed after the session was created (`drop-after-create`: the answer was lost, not the work).
 */
export type ProviderFault = 'drop' | 'drop-after-create' | { status: number; body: unknown };

export interface ProviderDouble {
  port: number;
  requests: ProviderRequest[];
  sessions: CreatedSession[];
  faults: ProviderFault[];
  /** Sessions answer without a `url` (a malformed answer). */
  omitUrl: boolean;
  close(): Promise<void>;
}

const HEADER_END = new TextEncoder().encode('\r\n\r\n');

export function startProviderDouble(): ProviderDouble {
  const listener = Deno.listen({ hostname: '127.0.0.1', port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const conns = new Set<Deno.Conn>();
  const handling = new Set<Promise<void>>();
  const byKey = new Map<string, Record<string, unknown>>();
  const double: ProviderDouble = {
    port,
    requests: [],
    sessions: [],
    faults: [],
    omitUrl: false,
    async close() {
      listener.close();
      for (const conn of conns) closeQuietly(conn);
      await accepting;
      await Promise.allSettled(handling);
    },
  };

  const serve = async (conn: Deno.Conn) => {
    const request = await readRequest(conn);
    if (!request) return;
    double.requests.push(request);
    const fault = double.faults.shift();
    if (fault === 'drop') return;
    if (fault && fault !== 'drop-after-create') return await respond(conn, fault.status, fault.body);
    if (request.method !== 'POST' || request.path !== '/v1/checkout/sessions') {
      return await respond(conn, 404, {
        error: { type: 'invalid_request_error', message: 'Unrecognized request URL' },
      });
    }
    const key = request.headers.get('idempotency-key');
    let session = key ? byKey.get(key) : undefined;
    if (!session) {
      const id = `cs_test_double_${double.sessions.length + 1}`;
      const url = `http://127.0.0.1:${port}/pay/${id}`;
      double.sessions.push({ id, url, idempotencyKey: key });
      session = { id, object: 'checkout.session', mode: request.form.get('mode'), status: 'open' };
      if (!double.omitUrl) session.url = url;
      if (key) byKey.set(key, session);
    }
    if (fault === 'drop-after-create') return;
    await respond(conn, 200, session);
  };

  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        conns.add(conn);
        const run = serve(conn)
          .catch(() => {})
          .finally(() => {
            conns.delete(conn);
            closeQuietly(conn);
            handling.delete(run);
          });
        handling.add(run);
      }
    } catch {
      // The listener was closed.
    }
  })();

  return double;
}

async function readRequest(conn: Deno.Conn): Promise<ProviderRequest | null> {
  let buffer = new Uint8Array(0);
  const chunk = new Uint8Array(16_384);
  let headerEnd = -1;
  let contentLength = 0;
  let head = '';
  while (true) {
    if (headerEnd < 0) {
      headerEnd = indexOf(buffer, HEADER_END);
      if (headerEnd >= 0) {
        head = new TextDecoder().decode(buffer.subarray(0, headerEnd));
        const match = /^content-length:\s*(\d+)/im.exec(head);
        contentLength = match ? Number(match[1]) : 0;
      }
    }
    if (headerEnd >= 0 && buffer.length >= headerEnd + 4 + contentLength) break;
    const read = await conn.read(chunk);
    if (read === null) return null;
    const next = new Uint8Array(buffer.length + read);
    next.set(buffer);
    next.set(chunk.subarray(0, read), buffer.length);
    buffer = next;
  }
  const [requestLine = '', ...headerLines] = head.split('\r\n');
  const [method = '', path = ''] = requestLine.split(' ');
  const headers = new Headers();
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const body = new TextDecoder().decode(buffer.subarray(headerEnd + 4, headerEnd + 4 + contentLength));
  return { method, path, headers, body, form: new URLSearchParams(body) };
}

async function respond(conn: Deno.Conn, status: number, body: unknown): Promise<void> {
  const payload = new TextEncoder().encode(JSON.stringify(body));
  const head = new TextEncoder().encode(
    `HTTP/1.1 ${status} ${status < 400 ? 'OK' : 'Error'}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
  );
  const message = new Uint8Array(head.length + payload.length);
  message.set(head);
  message.set(payload, head.length);
  let written = 0;
  while (written < message.length) written += await conn.write(message.subarray(written));
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch {
    // Already closed.
  }
}
