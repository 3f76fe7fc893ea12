import type { FastifyInstance } from 'fastify';

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  status: number;
  headers: string[];
  functions_version?: string;
  duration_ms: number;
  date: string;
}

const CAPACITY = 500;
// Query values that could carry a credential are masked; header values are never kept at all.
const SECRET_QUERY_KEYS = new Set(['token', 'access_token', 'password', 'reset_token']);
// Polled constantly by scripts and tests; logging them would push real traffic out of the buffer.
const UNLOGGED = new Set(['/__harness/health', '/__harness/requests']);

/** The last 500 requests (method, path, query, status, header names), newest last. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    // One entry at a time: dropping the oldest keeps the log at CAPACITY.
    if (this.entries.length > CAPACITY) this.entries.shift();
  }

  last(limit: number): LoggedRequest[] {
    return this.entries.slice(-limit);
  }

  clear(): void {
    this.entries = [];
  }
}

function splitUrl(url: string): { path: string; query: Record<string, string | string[]> } {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const query: Record<string, string | string[]> = {};
  if (at !== -1) {
    for (const [key, raw] of new URLSearchParams(url.slice(at + 1))) {
      const value = SECRET_QUERY_KEYS.has(key) ? '[redacted]' : raw;
      const prev = query[key];
      query[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
  }
  return { path, query };
}

/** Records every answered request, and prints one line per request unless `quiet`. */
export function registerRequestLog(app: FastifyInstance, log: RequestLog, quiet: boolean): void {
  app.addHook('onResponse', async (request, reply) => {
    const { path, query } = splitUrl(request.url);
    if (UNLOGGED.has(path)) return;
    const version = request.headers['base44-functions-version'];
    const entry: LoggedRequest = {
      method: request.method,
      path,
      query,
      status: reply.statusCode,
      headers: Object.keys(request.headers),
      ...(typeof version === 'string' ? { functions_version: version } : {}),
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      date: new Date().toISOString(),
    };
    log.add(entry);
    if (!quiet) console.log(`${entry.method} ${path} ${entry.status} ${entry.duration_ms}ms`);
  });
}
