/**
 * The route that calls a backend function (`functions/function-routes.ts`): who may call it (a page of another origin
 * is refused before anything runs), which app and function it names (404s), what the function receives (method, path
 * and query, the platform's headers only, the body byte for byte, 1 MB at most) and what the caller gets back (the
 * function's status, type, body and Location, with headers that keep the answer inert in a browser), or the 500 / 504
 * when the function fails or does not answer in time (`function-errors.ts`).
 */
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN } from '../../../../../host-harness/src/emulator/auth/seeded-accounts.ts';
import {
  FunctionFailedError,
  FunctionTimeoutError,
} from '../../../../../host-harness/src/emulator/functions/function-errors.ts';
import { APP } from '../feature-app.ts';
import { OWN_HOST } from '../test-app.ts';
import {
  answerOf,
  type FunctionApp,
  functionApp,
  OWN_URL,
  REQUEST_TIMEOUT_MS,
  removeFolders,
  SITE_ORIGIN,
} from './function-app.ts';

const URL_OF = (name = 'hello', app = APP) => `/api/apps/${app}/functions/${name}`;
const INERT = {
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox",
};
const PLATFORM_HEADERS = {
  'Base44-App-Id': APP,
  'Base44-Api-Url': OWN_URL,
  'Base44-Service-Authorization': `Bearer ${SERVICE_TOKEN}`,
};

let open: FunctionApp | null = null;
async function start(names?: readonly string[]): Promise<FunctionApp> {
  open = await functionApp(names);
  return open;
}

afterEach(async () => {
  await open?.close();
  open = null;
  removeFolders();
});

describe('who may call a function', () => {
  it('refuses a page of another origin with 403 foreign_origin, before the function runs', async () => {
    const f = await start();
    const refused = await f.call('POST', URL_OF(), {
      body: { a: 1 },
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('foreign_origin');
    expect(refused.body.message).toMatch(
      /^A backend function answers only tools and servers \(no Origin\) and the pages of the harness, the site and the editor \(.*\); a request from Origin "https:\/\/evil\.example" was refused$/,
    );
    expect(f.starts()).toBe(0);
    expect(f.sent).toStrictEqual([]);
  });

  it('refuses a cross-site fetch without Origin (Sec-Fetch-Site), also for an unknown function', async () => {
    const f = await start();
    const refused = await f.call('GET', URL_OF('nope'), { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('foreign_origin');
    expect(f.sent).toStrictEqual([]);
  });

  it('answers tools (no Origin), the harness own pages and the site pages', async () => {
    const f = await start();
    const callers: Record<string, string>[] = [
      {},
      { origin: 'http://127.0.0.1:4400' },
      { origin: SITE_ORIGIN },
    ];
    for (const headers of callers) {
      const answered = await f.call('GET', URL_OF(), { headers });
      expect(answered.status, JSON.stringify(headers)).toBe(200);
    }
    expect(f.sent).toHaveLength(3);
  });
});

describe('which app and function', () => {
  it('answers 404 app_not_found for an unknown app, before looking for the function', async () => {
    const f = await start();
    const answered = await f.call('POST', URL_OF('nope', 'other-app'));
    expect(answered.status).toBe(404);
    expect(answered.body).toStrictEqual({ message: 'App other-app not found', code: 'app_not_found' });
  });

  it('answers 404 function_not_found for a function the project does not have, its name cut to 64', async () => {
    const f = await start();
    const unknown = await f.call('POST', URL_OF('nope'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toStrictEqual({ message: 'Function nope not found', code: 'function_not_found' });
    const long = `${'a'.repeat(64)}bbb`;
    expect((await f.call('GET', URL_OF(long))).body).toStrictEqual({
      message: `Function ${'a'.repeat(64)} not found`,
      code: 'function_not_found',
    });
    expect(f.starts()).toBe(0);
  });

  it('answers GET, POST, PUT, PATCH and DELETE (and HEAD, as a GET), nothing else', async () => {
    const f = await start();
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const answered = await f.app.inject({ method, url: URL_OF(), headers: { host: OWN_HOST } });
      expect(answered.statusCode, method).toBe(200);
    }
    expect(f.sent.map((request) => request.method)).toStrictEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect((await f.app.inject({ method: 'HEAD', url: URL_OF() })).statusCode).toBe(200);
    const options = await f.app.inject({ method: 'OPTIONS', url: URL_OF() });
    expect(options.statusCode).toBe(404);
    expect(options.json()).toStrictEqual({
      message: `No such endpoint: OPTIONS ${URL_OF()}`,
      code: 'not_found',
    });
  });
});

describe('what the function receives', () => {
  it('the method, the path with its query, and only the platform headers', async () => {
    const f = await start();
    await f.call('DELETE', `${URL_OF()}?id=7&x=a%20b`, {
      token: 'caller-token',
      headers: {
        cookie: 'session=secret',
        'base44-functions-version': 'v3',
        'stripe-signature': 't=1,v1=abc',
        'x-other': 'dropped',
      },
    });
    expect(f.sent).toStrictEqual([
      {
        method: 'DELETE',
        url: `${URL_OF()}?id=7&x=a%20b`,
        headers: {
          ...PLATFORM_HEADERS,
          Authorization: 'Bearer caller-token',
          'Base44-Functions-Version': 'v3',
          'Stripe-Signature': 't=1,v1=abc',
        },
        body: null,
      },
    ]);
  });

  it('the body byte for byte, whatever its type, with that type', async () => {
    const f = await start();
    const json = '{ "b":2,\n  "a" : 1 }';
    await f.call('POST', URL_OF(), { payload: json, headers: { 'content-type': 'application/json' } });
    const binary = Buffer.from([0, 255, 1, 254, 10, 13]);
    await f.call('PUT', URL_OF(), {
      payload: binary,
      headers: { 'content-type': 'application/octet-stream' },
    });
    await f.call('POST', URL_OF(), {
      payload: 'a=1&b=%20',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(f.sent.map((request) => request.body?.toString('latin1'))).toStrictEqual([
      json,
      binary.toString('latin1'),
      'a=1&b=%20',
    ]);
    expect(Buffer.isBuffer(f.sent[1]?.body)).toBe(true);
    expect(f.sent.map((request) => request.headers['Content-Type'])).toStrictEqual([
      'application/json',
      'application/octet-stream',
      'application/x-www-form-urlencoded',
    ]);
  });

  it('a body of 1 MB is forwarded; one byte more is refused with 413 before the function runs', async () => {
    const f = await start();
    const limit = 1024 * 1024;
    const headers = { 'content-type': 'text/plain' };
    const fits = await f.call('POST', URL_OF(), { payload: 'x'.repeat(limit), headers });
    expect(fits.status).toBe(200);
    expect(f.sent[0]?.body?.length).toBe(limit);
    const over = await f.call('POST', URL_OF(), { payload: 'x'.repeat(limit + 1), headers });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('FST_ERR_CTP_BODY_TOO_LARGE');
    expect(over.body.message).toMatch(/^The request body is too large: /);
    expect(f.sent).toHaveLength(1);
  });
});

describe('what the caller gets back', () => {
  it('the function status, type and body, with the headers that keep it inert in a browser', async () => {
    const f = await start();
    f.answer = async () => answerOf(201, 'text/html; charset=utf-8', '<script>alert(1)</script>');
    const answered = await f.call('POST', URL_OF());
    expect(answered.status).toBe(201);
    expect(answered.text).toBe('<script>alert(1)</script>');
    expect(answered.headers).toMatchObject({ ...INERT, 'content-type': 'text/html; charset=utf-8' });
    expect(answered.headers.location).toBeUndefined();
  });

  it('the function Location, and none of its other headers', async () => {
    const f = await start();
    f.answer = async () =>
      answerOf(302, 'text/plain', 'moved', {
        location: 'https://example.com/next',
        'set-cookie': ['a=1'],
        'access-control-allow-origin': '*',
      });
    const answered = await f.call('GET', URL_OF());
    expect(answered.status).toBe(302);
    expect(answered.headers.location).toBe('https://example.com/next');
    expect(answered.headers['set-cookie']).toBeUndefined();
    expect(answered.headers['access-control-allow-origin']).toBeUndefined();
    expect(answered.headers).toMatchObject({ ...INERT, 'content-type': 'text/plain' });
  });

  it('no Location when the function answered none, or not as a single text', async () => {
    const f = await start();
    f.answer = async () => answerOf(200, 'text/plain', 'x', { location: ['/a', '/b'] });
    expect((await f.call('GET', URL_OF())).headers.location).toBeUndefined();
  });

  it('no body: an empty answer with the function status and no type of its own', async () => {
    const f = await start();
    f.answer = async () => answerOf(204, null, null);
    const answered = await f.call('DELETE', URL_OF());
    expect(answered.status).toBe(204);
    expect(answered.text).toBe('');
    expect(answered.headers).toMatchObject(INERT);
    expect(answered.headers.location).toBeUndefined();
    f.answer = async () => answerOf(200, null, null);
    const empty = await f.call('GET', URL_OF());
    expect([empty.status, empty.text, empty.headers['content-type']]).toStrictEqual([
      200,
      '',
      'text/plain; charset=utf-8',
    ]);
    f.answer = async () => answerOf(200, null, 'plain bytes');
    const untyped = await f.call('GET', URL_OF());
    expect(untyped.text).toBe('plain bytes');
    expect(untyped.headers['content-type']).toBeUndefined();
    expect(untyped.headers).toMatchObject(INERT);
  });

  it('a body stream that carries no headers: no Location', async () => {
    const f = await start();
    f.answer = async () => ({ status: 200, contentType: 'text/plain', body: Readable.from(['bare']) });
    const answered = await f.call('GET', URL_OF());
    expect([answered.status, answered.text, answered.headers.location]).toStrictEqual([
      200,
      'bare',
      undefined,
    ]);
  });

  it('a function that fails to start: 500 function_failed with the reason, never its output', async () => {
    const f = await start();
    f.failStart = (opts) => new FunctionFailedError(opts.fn.name, 'its bundle failed', ['secret stack']);
    const answered = await f.call('POST', URL_OF());
    expect(answered.status).toBe(500);
    expect(answered.body).toStrictEqual({
      message: 'Function hello failed: its bundle failed',
      code: 'function_failed',
    });
  });

  it('a function whose process exits while answering: 500 function_failed naming the exit', async () => {
    const f = await start();
    f.answer = async () => {
      await f.runner.stop('hello');
      return new Promise(() => {});
    };
    const answered = await f.call('POST', URL_OF());
    expect(answered.status).toBe(500);
    expect(answered.body).toStrictEqual({
      message: 'Function hello failed: its process was stopped',
      code: 'function_failed',
    });
  });

  it('a function that does not answer in time: 504 function_timeout', async () => {
    const f = await start();
    f.answer = (_request, signal) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    const answered = await f.call('GET', URL_OF());
    expect(answered.status).toBe(504);
    expect(answered.body).toStrictEqual({
      message: `Function hello did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`,
      code: 'function_timeout',
    });
  });
});

describe('function errors', () => {
  it('FunctionFailedError: a 500 function_failed naming the function and the reason, keeping its stderr', () => {
    const failed = new FunctionFailedError('hello', 'it exited', ['line 1', 'line 2']);
    expect([failed.status, failed.code, failed.message, failed.name]).toStrictEqual([
      500,
      'function_failed',
      'Function hello failed: it exited',
      'FunctionFailedError',
    ]);
    expect(failed.functionName).toBe('hello');
    expect(failed.stderr).toStrictEqual(['line 1', 'line 2']);
    expect(failed.toBody()).toStrictEqual({
      message: 'Function hello failed: it exited',
      code: 'function_failed',
    });
    expect(new FunctionFailedError('x', 'y').stderr).toStrictEqual([]);
  });

  it('FunctionTimeoutError: a 504 function_timeout with the bound in seconds', () => {
    const timeout = new FunctionTimeoutError('hello', 30_000);
    expect([timeout.status, timeout.code, timeout.message, timeout.name]).toStrictEqual([
      504,
      'function_timeout',
      'Function hello did not answer within 30 s',
      'FunctionTimeoutError',
    ]);
    expect(new FunctionTimeoutError('slow', 1_500).message).toBe('Function slow did not answer within 1.5 s');
  });
});
