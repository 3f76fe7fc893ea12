/**
 * How the emulator's errors leave it (`core/http/error-handler.ts`): the platform's error body with its status, for
 * errors the routes throw, for what Fastify refuses, for an unknown route, and for what Node's HTTP parser refuses.
 */
import { Duplex } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForbiddenError } from '../../../../../../host-harness/src/emulator/core/errors.ts';
import {
  answerClientError,
  answerFrameworkError,
  MAX_PARAM_LENGTH,
  registerErrorHandlers,
} from '../../../../../../host-harness/src/emulator/core/http/error-handler.ts';
import { OWN_HOST, PORT, testApp } from '../../test-app.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('registerErrorHandlers', () => {
  function erroringApp(quiet = true) {
    const app = testApp({ bodyLimit: 10 });
    registerErrorHandlers(app, quiet);
    app.get('/api/api-error', async () => {
      throw new ForbiddenError('not yours', 'not_owner');
    });
    app.get('/api/client-error', async () => {
      throw Object.assign(new Error('wrong'), { statusCode: 422, code: 'FST_SOMETHING' });
    });
    app.get('/api/client-error-uncoded', async () => {
      throw Object.assign(new Error('teapot'), { statusCode: 499 });
    });
    app.get('/api/server-error', async () => {
      throw Object.assign(new Error('secret detail'), { statusCode: 503 });
    });
    app.get('/api/status-400', async () => {
      throw Object.assign(new Error('low'), { statusCode: 400 });
    });
    app.get('/api/status-399', async () => {
      throw Object.assign(new Error('below'), { statusCode: 399 });
    });
    app.get('/api/status-500', async () => {
      throw Object.assign(new Error('high'), { statusCode: 500 });
    });
    app.get('/api/crash', async () => {
      throw new Error('unexpected');
    });
    app.post('/api/body', async () => ({ ok: true }));
    return app;
  }

  it('answers an ApiError with its status and body', async () => {
    const response = await erroringApp().inject({ url: '/api/api-error' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toStrictEqual({ message: 'not yours', code: 'not_owner' });
  });

  it('answers a 4xx from Fastify with its message and code, bad_request when it has none', async () => {
    const app = erroringApp();
    const coded = await app.inject({ url: '/api/client-error' });
    expect(coded.statusCode).toBe(422);
    expect(coded.json()).toStrictEqual({ message: 'wrong', code: 'FST_SOMETHING' });
    const uncoded = await app.inject({ url: '/api/client-error-uncoded' });
    expect(uncoded.statusCode).toBe(499);
    expect(uncoded.json()).toStrictEqual({ message: 'teapot', code: 'bad_request' });
    const low = await app.inject({ url: '/api/status-400' });
    expect(low.statusCode).toBe(400);
    expect(low.json()).toStrictEqual({ message: 'low', code: 'bad_request' });
  });

  it('says a 413 is about the body’s size', async () => {
    const response = await erroringApp().inject({
      method: 'POST',
      url: '/api/body',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(100) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toStrictEqual({
      message: 'The request body is too large: Request body is too large',
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
  });

  it('answers anything else 500 without its detail, and logs it unless quiet', async () => {
    const print = vi.spyOn(console, 'error').mockImplementation(() => {});
    const quiet = erroringApp(true);
    for (const url of ['/api/crash', '/api/server-error', '/api/status-500', '/api/status-399']) {
      const response = await quiet.inject({ url });
      expect(response.statusCode, url).toBe(500);
      expect(response.json(), url).toStrictEqual({
        message: 'The emulator failed to handle this request',
        code: 'internal_error',
      });
    }
    expect(print).not.toHaveBeenCalled();
    await erroringApp(false).inject({ url: '/api/crash?x=1' });
    expect(print).toHaveBeenCalledTimes(1);
    expect(print.mock.calls[0]?.[0]).toBe('emulator: GET /api/crash?x=1 failed');
    expect(print.mock.calls[0]?.[1]).toMatchObject({ message: 'unexpected' });
  });

  it('answers an unknown route 404 naming the method and at most 200 characters of the path, never the query', async () => {
    const app = erroringApp();
    const response = await app.inject({ method: 'DELETE', url: '/no/such?token=secret' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toStrictEqual({
      message: 'No such endpoint: DELETE /no/such',
      code: 'not_found',
    });
    const long = `/${'p'.repeat(300)}`;
    expect((await app.inject({ url: long })).json()).toStrictEqual({
      message: `No such endpoint: GET ${long.slice(0, 200)}`,
      code: 'not_found',
    });
  });
});

describe('answerFrameworkError', () => {
  function routedApp() {
    const app = testApp({
      routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
      frameworkErrors: answerFrameworkError,
    });
    app.get('/api/entities/:name', async () => ({ ok: true }));
    return app;
  }

  it('a parameter over the limit is a 414 that does not repeat the address', async () => {
    const app = routedApp();
    expect(
      (
        await app.inject({
          url: `/api/entities/${'n'.repeat(MAX_PARAM_LENGTH)}`,
          headers: { host: OWN_HOST },
        })
      ).statusCode,
    ).toBe(200);
    const response = await app.inject({
      url: `/api/entities/${'n'.repeat(MAX_PARAM_LENGTH + 1)}`,
      headers: { host: OWN_HOST },
    });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toStrictEqual({
      message: 'A URL parameter is longer than 500 characters',
      code: 'param_too_long',
    });
  });

  it('a malformed parameter is a 400', async () => {
    const response = await routedApp().inject({ url: '/api/entities/%E0%A4%A', headers: { host: OWN_HOST } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toStrictEqual({
      message: 'The address is not valid: a URL parameter is malformed',
      code: 'bad_url',
    });
  });

  it('applies the Host rule first', async () => {
    const app = routedApp();
    for (const url of ['/api/entities/%E0%A4%A', `/api/entities/${'n'.repeat(MAX_PARAM_LENGTH + 1)}`]) {
      const response = await app.inject({ url, headers: { host: 'rebound.example:4400' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toStrictEqual({
        message: `This local server answers only requests addressed to localhost:${PORT}, 127.0.0.1:${PORT}, [::1]:${PORT}; Host "rebound.example:4400" was refused (protection against DNS rebinding)`,
        code: 'foreign_host',
      });
    }
  });
});

describe('answerClientError', () => {
  /** A socket that records what is written to it and whether it was destroyed. */
  function socket(writable = true) {
    const written: string[] = [];
    const stream = new Duplex({
      read() {},
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    if (!writable) stream.end();
    return { stream, written };
  }

  function answer(code: string | undefined) {
    const { stream, written } = socket();
    answerClientError(Object.assign(new Error('parse'), code === undefined ? {} : { code }), stream as never);
    expect(stream.destroyed).toBe(true);
    return written.join('');
  }

  function expected(status: string, message: string, code: string) {
    const body = JSON.stringify({ message, code });
    return `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  }

  it('headers over the limit: 431', () => {
    expect(answer('HPE_HEADER_OVERFLOW')).toBe(
      expected(
        '431 Request Header Fields Too Large',
        'The request headers are too large (16 KB at most)',
        'headers_too_large',
      ),
    );
  });

  it('a request that took too long: 408', () => {
    expect(answer('ERR_HTTP_REQUEST_TIMEOUT')).toBe(
      expected('408 Request Timeout', 'The request took too long to arrive', 'request_timeout'),
    );
  });

  it('anything else the parser refused: 400', () => {
    for (const code of ['HPE_INVALID_METHOD', undefined]) {
      expect(answer(code)).toBe(expected('400 Bad Request', 'The request is not valid HTTP', 'bad_request'));
    }
  });

  it('writes nothing to a reset, destroyed or closed socket', () => {
    const reset = socket();
    answerClientError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), reset.stream as never);
    expect(reset.written).toStrictEqual([]);
    expect(reset.stream.destroyed).toBe(false);
    const gone = socket();
    gone.stream.destroy();
    answerClientError(new Error('late'), gone.stream as never);
    expect(gone.written).toStrictEqual([]);
    const closed = socket(false);
    answerClientError(new Error('closed'), closed.stream as never);
    expect(closed.written).toStrictEqual([]);
    expect(closed.stream.destroyed).toBe(true);
  });
});
