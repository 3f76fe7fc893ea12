/**
 * A small HTTP proxy between the functions and the payment provider's stand-in, as a network between them would be:
 * it records each call (method, path, status) and can answer the next matching calls itself (a status and body) or
 * drop their connection, so a test sees how a function meets a failing provider without the stand-in pretending.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProviderCall {
  method: string;
  path: string;
  /** The status the function got; null when the connection was dropped. */
  status: number | null;
}

export interface ProxyFault {
  method?: string;
  path: string;
  status?: number;
  body?: unknown;
  drop?: boolean;
  times: number;
}

export async function startProviderProxy(targetUrl: () => string) {
  const calls: ProviderCall[] = [];
  const faults: ProxyFault[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const method = request.method ?? 'GET';
      const path = (request.url ?? '/').split('?')[0]!;
      const fault = faults.find(
        (f) => f.times > 0 && path.startsWith(f.path) && (f.method === undefined || f.method === method),
      );
      if (fault) {
        fault.times--;
        calls.push({ method, path, status: fault.drop ? null : (fault.status ?? 500) });
        if (fault.drop) return request.socket.destroy();
        response.writeHead(fault.status ?? 500, { 'content-type': 'application/json' });
        return response.end(JSON.stringify(fault.body ?? {}));
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
          headers[name] = value;
      const answer = await fetch(`${targetUrl()}${request.url}`, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? null : Buffer.concat(chunks),
      });
      calls.push({ method, path, status: answer.status });
      const passed: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
          passed[name] = value;
      });
      response.writeHead(answer.status, passed);
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    calls,
    /** The next `times` calls whose path starts with `path` (and whose method matches) meet the fault. */
    fault: (fault: ProxyFault) => void faults.push({ ...fault }),
    reset() {
      calls.length = 0;
      faults.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ProviderProxy = Awaited<ReturnType<typeof startProviderProxy>>;
