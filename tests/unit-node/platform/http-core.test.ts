import { getEventListeners } from 'node:events';
import { createServer } from 'node:net';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { resolveLocation } from '../../../src/platform/http-core.ts';
import {
  createFunctionsClient,
  createHttpCore,
  isPlatformAbortError,
  isPlatformError,
  isPlatformHttpError,
  isPlatformNetworkError,
  isPlatformParseError,
  isPlatformTimeoutError,
  MAX_ORIGIN_URL_LENGTH,
  originUrlHeader,
  PlatformError,
  PlatformHttpError,
} from '../../../src/platform/index.ts';
import { json, recordingServerPerFile } from '../../support/recording-server.ts';

const server = recordingServerPerFile();

const core = (extra: Partial<Parameters<typeof createHttpCore>[0]> = {}) =>
  createHttpCore({ appId: 'local-app', serverUrl: server.url, ...extra });

/** Resolves the rejection of `promise` (fails when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    return error as PlatformError;
  }
  throw new Error('expected a rejection');
}

/** The error `run` throws (fails when it returns). */
function thrownBy(run: () => unknown): PlatformError {
  try {
    run();
  } catch (error) {
    return error as PlatformError;
  }
  throw new Error('expected a throw');
}

describe('HTTP core: URLs and headers', () => {
  it('sends the contract headers, the bearer token and X-Origin-URL without the access token', async () => {
    const location = { href: 'https://site.example/Pricing?access_token=secret&x=1#faq' };
    await core({ token: 'user-token', location }).request('/apps/local-app/entities/Lead');
    const { headers, url, method } = server.last();
    expect(method).toBe('GET');
    expect(url).toBe('/api/apps/local-app/entities/Lead');
    expect(headers['x-app-id']).toBe('local-app');
    expect(headers.accept).toBe('application/json');
    expect(headers.authorization).toBe('Bearer user-token');
    expect(headers['x-origin-url']).toBe('https://site.example/Pricing?x=1#faq');
    expect(headers['content-type']).toBeUndefined();
    expect(headers['base44-functions-version']).toBeUndefined();
  });

  it('caps X-Origin-URL: a page reached by a 40 KB link sends its path, or its origin, not a header servers refuse', async () => {
    const longQuery = { href: `https://site.example/PaymentSuccess?session_id=${'x'.repeat(40_000)}#top` };
    await core({ location: longQuery }).request('/x');
    expect(server.last().headers['x-origin-url']).toBe('https://site.example/PaymentSuccess');
    const longPath = { href: `https://site.example/${'p'.repeat(40_000)}` };
    await core({ location: longPath }).request('/x');
    expect(server.last().headers['x-origin-url']).toBe('https://site.example');
    const edge = `https://site.example/${'e'.repeat(MAX_ORIGIN_URL_LENGTH - 'https://site.example/'.length)}`;
    expect(originUrlHeader(edge)).toBe(edge);
    expect(originUrlHeader(`${edge}?q=1`)).toBe(edge);
  });

  it('omits Authorization and X-Origin-URL when there is no token and no browser location', async () => {
    await core({ location: null }).request('/x', { method: 'POST', body: { a: 1 } });
    const { headers, body } = server.last();
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-origin-url']).toBeUndefined();
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(body.toString())).toEqual({ a: 1 });
  });

  it('adds Base44-Functions-Version on function calls only', async () => {
    const c = core({ functionsVersion: 'v7' });
    await createFunctionsClient(c).invoke('createCheckout', { packageName: 'gold' });
    expect(server.last().headers['base44-functions-version']).toBe('v7');
    expect(server.last().url).toBe('/api/apps/local-app/functions/createCheckout');
    await c.request('/apps/local-app/entities/User/me');
    expect(server.last().headers['base44-functions-version']).toBeUndefined();
  });

  it('encodes the query once: unset values dropped, arrays joined by commas, spaces as +', async () => {
    const c = core();
    expect(
      c.url('/a', { q: JSON.stringify({ name: 'a b' }), limit: 5, skip: undefined, fields: ['x', 'y'] }),
    ).toBe(`${server.url}/api/a?q=%7B%22name%22%3A%22a+b%22%7D&limit=5&fields=x%2Cy`);
    expect(c.url('/a', { gone: null, where: { name: 'a b' }, page: 2 })).toBe(
      `${server.url}/api/a?where=%7B%22name%22%3A%22a+b%22%7D&page=2`,
    );
    expect(createHttpCore({ appId: 'local-app' }).url('/b')).toBe('/api/b');
    expect(createHttpCore({ appId: 'local-app', serverUrl: 'https://x.example/' }).url('/b')).toBe(
      'https://x.example/api/b',
    );
  });

  it('validates serverUrl and appId once, at creation', () => {
    expect(() => createHttpCore({ appId: 'local-app', serverUrl: 'javascript:alert(1)' })).toThrow(
      PlatformError,
    );
    expect(() => createHttpCore({ appId: 'local-app', serverUrl: 'not a url' })).toThrow(/Invalid serverUrl/);
    for (const appId of ['../x', '%2e%2e%2f', 'a?b', 'a#b', '', 'x'.repeat(65)]) {
      expect(() => createHttpCore({ appId })).toThrow(/Invalid appId/);
    }
  });

  it('names what was refused, with a code: a serverUrl that is not a URL, not http(s), and a bad appId', () => {
    const notUrl = thrownBy(() => createHttpCore({ appId: 'local-app', serverUrl: 'not a url' }));
    expect(notUrl.message).toBe('Invalid serverUrl: not a url');
    expect(notUrl.code).toBe('invalid_server_url');
    const notHttp = thrownBy(() => createHttpCore({ appId: 'local-app', serverUrl: 'ftp://files.example' }));
    expect(notHttp).toBeInstanceOf(PlatformError);
    expect(notHttp.message).toBe('Invalid serverUrl: ftp://files.example');
    expect(notHttp.code).toBe('invalid_server_url');
    const appId = thrownBy(() => createHttpCore({ appId: '../x' }));
    expect(appId).toBeInstanceOf(PlatformError);
    expect(appId.message).toBe('Invalid appId: "../x"');
    expect(appId.code).toBe('invalid_app_id');
  });

  it('keeps a serverUrl path without its trailing slashes', () => {
    const base = (serverUrl: string) => createHttpCore({ appId: 'local-app', serverUrl });
    expect(base('https://x.example/base/').serverUrl).toBe('https://x.example/base');
    expect(base('https://x.example/base/').url('/b')).toBe('https://x.example/base/api/b');
    expect(base('https://x.example/base//').serverUrl).toBe('https://x.example/base');
    expect(base('https://x.example//').serverUrl).toBe('https://x.example');
    expect(base('http://x.example:8080').serverUrl).toBe('http://x.example:8080');
  });

  it('uses the given location, or none: outside a browser there is no window.location to fall back on', () => {
    const location = { href: 'https://site.example/' };
    expect(resolveLocation(location)).toBe(location);
    expect(resolveLocation(null)).toBeNull();
    expect(resolveLocation(undefined)).toBeNull();
  });

  it('keeps an X-Origin-URL of exactly the cap whole, query included; drops a long address that is not a URL', () => {
    const head = 'https://site.example/Pricing?q=';
    const edge = `${head}${'e'.repeat(MAX_ORIGIN_URL_LENGTH - head.length)}`;
    expect(edge).toHaveLength(MAX_ORIGIN_URL_LENGTH);
    expect(originUrlHeader(edge)).toBe(edge);
    expect(originUrlHeader(`${edge}e`)).toBe('https://site.example/Pricing');
    expect(originUrlHeader(`not a url ${'x'.repeat(MAX_ORIGIN_URL_LENGTH)}`)).toBeNull();
    expect(originUrlHeader('not a url')).toBe('not a url');
  });

  it('tells a service-role core from a user one', () => {
    const user = core({ token: 'user-token' });
    expect(user.isServiceRole).toBe(false);
    expect(user.withServiceRole('service-token').isServiceRole).toBe(true);
  });

  it('sends a FormData body as multipart, without the JSON content type', async () => {
    const form = new FormData();
    form.append('note', 'hello form');
    await core().request('/upload', { method: 'POST', body: form });
    const { headers, body, method } = server.last();
    expect(method).toBe('POST');
    expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(body.toString()).toContain('name="note"');
    expect(body.toString()).toContain('hello form');
  });

  it('sends the service token with the user token on-behalf-of, sharing token changes', async () => {
    const user = core({ token: 'user-token' });
    const service = user.withServiceRole('service-token');
    await service.request('/x');
    expect(server.last().headers.authorization).toBe('Bearer service-token');
    expect(server.last().headers['on-behalf-of']).toBe('Bearer user-token');
    user.setToken(null);
    await service.request('/x');
    expect(server.last().headers['on-behalf-of']).toBeUndefined();
  });
});

describe('HTTP core: answers and errors', () => {
  it('resolves data, status and headers', async () => {
    server.respond((_req, res) => json(res, 201, { id: '1' }, { 'x-extra': 'yes' }));
    const answer = await core().request('/x');
    expect(answer.data).toEqual({ id: '1' });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-extra')).toBe('yes');
  });

  it.each([
    [
      { error: { message: 'from error', code: 'E1' }, message: 'm', detail: 'd', code: 'C' },
      'from error',
      'E1',
    ],
    [{ message: 'from message', detail: 'd', code: 'C2' }, 'from message', 'C2'],
    [{ detail: 'from detail' }, 'from detail', 'connector'],
    [{ error: 'from a function', code: 'F1' }, 'from a function', 'F1'],
    [{ error: 'second to detail', detail: 'from detail' }, 'from detail', 'connector'],
    [{}, 'Request failed with status code 422', 'connector'],
  ])('derives message and code from %j', async (body, message, code) => {
    server.respond((_req, res) => json(res, 422, body, { 'x-base44-connector-error': 'connector' }));
    const error = await rejectionOf(core().request('/x'));
    expect(error).toBeInstanceOf(PlatformHttpError);
    expect(isPlatformHttpError(error)).toBe(true);
    expect(error.message).toBe(message);
    expect(error.code).toBe(code);
    expect(error.status).toBe(422);
    expect(error.data).toEqual(body);
  });

  it('keeps a non-JSON error body as text data, without a code', async () => {
    server.respond((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const error = await rejectionOf(core().request('/x'));
    expect(error.status).toBe(502);
    expect(error.data).toBe('<h1>Bad gateway</h1>');
    expect(error.message).toBe('Request failed with status code 502');
    expect(error.code).toBeUndefined();
  });

  it('reads an empty body as null, whatever its content type', async () => {
    server.respond((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    });
    expect((await core().request('/x')).data).toBeNull();
    server.respond((_req, res) => {
      res.writeHead(200);
      res.end();
    });
    expect((await core().request('/x')).data).toBeNull();
  });

  it('parses a body without a content type as JSON when it is JSON, else keeps its text', async () => {
    server.respond((_req, res) => {
      res.writeHead(200);
      res.end('{"a":1}');
    });
    const answer = await core().request('/x');
    expect(answer.headers.get('content-type')).toBeNull();
    expect(answer.data).toEqual({ a: 1 });
    server.respond((_req, res) => {
      res.writeHead(200);
      res.end('plain words');
    });
    expect((await core().request('/x')).data).toBe('plain words');
  });

  it('parses a +json content type, and keeps a text/plain body as text even when it looks like JSON', async () => {
    server.respond((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/problem+json; charset=utf-8' });
      res.end('{"b":2}');
    });
    expect((await core().request('/x')).data).toEqual({ b: 2 });
    server.respond((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('{"a":1}');
    });
    expect((await core().request('/x')).data).toBe('{"a":1}');
  });

  it('keeps the text of a failed answer whose JSON is malformed: an HTTP error, not a parse error', async () => {
    server.respond((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('upstream exploded');
    });
    const error = await rejectionOf(core().request('/x'));
    expect(error).toBeInstanceOf(PlatformHttpError);
    expect(isPlatformParseError(error)).toBe(false);
    expect(error.status).toBe(500);
    expect(error.data).toBe('upstream exploded');
  });

  it('turns a 200 with malformed JSON into a PlatformError with code invalid_json', async () => {
    server.respond((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"url": "https://x');
    });
    const error = await rejectionOf(core().request('/x'));
    expect(isPlatformParseError(error)).toBe(true);
    expect(error.code).toBe('invalid_json');
    expect(error.status).toBe(200);
    expect(error.data).toBe('{"url": "https://x');
  });

  it('rejects a refused connection with a network error that has no status', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const error = await rejectionOf(
      createHttpCore({ appId: 'local-app', serverUrl: `http://127.0.0.1:${port}` }).request('/x'),
    );
    expect(isPlatformNetworkError(error)).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.code).toBe('network_error');
  });

  it('has no default timeout, and honours a requested one', async () => {
    server.respond((_req, res) => setTimeout(() => json(res, 200, { slow: true }), 300));
    expect((await core().request('/x')).data).toEqual({ slow: true });
    const error = await rejectionOf(core().request('/x', { timeout: 50 }));
    expect(isPlatformTimeoutError(error)).toBe(true);
    expect(error.code).toBe('timeout');
  });

  it('rejects with an abort error when the caller aborts', async () => {
    server.respond((_req, res) => setTimeout(() => json(res, 200, {}), 300));
    const controller = new AbortController();
    const pending = core().request('/x', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await rejectionOf(pending);
    expect(isPlatformAbortError(error)).toBe(true);
    expect(error.status).toBeUndefined();
    const already = await rejectionOf(core().request('/x', { signal: AbortSignal.abort() }));
    expect(isPlatformAbortError(already)).toBe(true);
  });

  it("stops listening to the caller's signal once a request is over: a long-lived signal gathers no listeners", async () => {
    const controller = new AbortController();
    const c = core();
    await c.request('/x', { signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    server.respond((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('no');
    });
    await rejectionOf(c.request('/x', { signal: controller.signal, timeout: 10_000 }));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('recognises platform errors from another realm by name', () => {
    const foreign = runInNewContext(
      'class PlatformHttpError extends Error { constructor() { super("x"); this.name = "PlatformHttpError"; this.status = 500; } }; new PlatformHttpError()',
    );
    expect(foreign instanceof PlatformError).toBe(false);
    expect(isPlatformError(foreign)).toBe(true);
    expect(isPlatformHttpError(foreign)).toBe(true);
    expect(isPlatformNetworkError(foreign)).toBe(false);
    expect(isPlatformError(new Error('plain'))).toBe(false);
    expect(isPlatformError({ name: 'PlatformError' })).toBe(false);
  });
});
