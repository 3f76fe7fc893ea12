/** Calling a local server over real HTTP in tests: a JSON or raw body, a bearer token, the answer parsed when JSON. */

/** Answers and events are free-form JSON; each test checks the shape it needs. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Json = any;

export interface Answer<T = Json> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is (no JSON encoding). */
  raw?: BodyInit;
  headers?: Record<string, string>;
}

/** `call` of the server at `url` (redirects are not followed). */
export function callerOf(url: string) {
  return async <T = Json>(method: string, path: string, opts: CallOptions = {}): Promise<Answer<T>> => {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url + path, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  };
}
