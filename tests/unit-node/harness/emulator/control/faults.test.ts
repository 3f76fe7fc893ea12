/**
 * Injected faults (`control/faults.ts`): what `POST /__harness/faults` accepts, which request a fault applies to and
 * how often, and what the request then gets (a delay, a dropped connection, a malformed body, a status and body).
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  FaultRegistry,
  parseFault,
  registerFaults,
} from '../../../../../host-harness/src/emulator/control/faults.ts';
import { ApiError } from '../../../../../host-harness/src/emulator/core/errors.ts';
import { testApp } from '../test-app.ts';

/** The message of the 400 `parseFault` throws for `body`. */
function refusal(body: unknown): string {
  try {
    parseFault(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'bad_request' });
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

describe('parseFault', () => {
  it('keeps what was given, the method upper-cased', () => {
    expect(parseFault({ path: '/api', status: 503 })).toStrictEqual({ path: '/api', status: 503 });
    expect(
      parseFault({
        path: '/api/apps',
        method: 'post',
        status: 100,
        body: { message: 'x' },
        delayMs: 0,
        malformed: true,
        drop: true,
        times: 1,
        extra: 'ignored',
      }),
    ).toStrictEqual({
      path: '/api/apps',
      method: 'POST',
      status: 100,
      body: { message: 'x' },
      delayMs: 0,
      malformed: true,
      drop: true,
      times: 1,
    });
    expect(parseFault({ path: '/', status: 599, body: null })).toStrictEqual({
      path: '/',
      status: 599,
      body: null,
    });
    expect(parseFault({ path: '/', delayMs: 120_000 })).toStrictEqual({ path: '/', delayMs: 120_000 });
    expect(parseFault({ path: '/', drop: true, times: 3 })).toStrictEqual({
      path: '/',
      drop: true,
      times: 3,
    });
    expect(parseFault({ path: '/', malformed: true, drop: false })).toStrictEqual({
      path: '/',
      malformed: true,
    });
    expect(parseFault({ path: '/', method: 'OPTIONS', status: 200 })).toMatchObject({ method: 'OPTIONS' });
  });

  it('refuses what is not an object', () => {
    for (const body of [null, undefined, [], 'x', 3]) {
      expect(refusal(body), JSON.stringify(body)).toBe('A fault must be a JSON object');
    }
  });

  it('needs a path starting with /, never under /__harness', () => {
    for (const path of [undefined, 3, '', 'api', ' /api']) {
      expect(refusal({ path, status: 500 }), String(path)).toBe('path must be a string starting with /');
    }
    for (const path of ['/__harness', '/__harness/reset', '/__harnessx']) {
      expect(refusal({ path, status: 500 })).toBe('Faults never apply to /__harness/*');
    }
  });

  it('a method of three to seven letters, in any case', () => {
    for (const method of [3, '', 'GE', 'GETTINGS', 'G3T', 'GET ', ' GET', 'PROPFINDX']) {
      expect(refusal({ path: '/', method, status: 500 }), String(method)).toBe(
        'method must be an HTTP method such as GET or POST',
      );
    }
    for (const method of ['GE', 'G3T', 'GET /', 'OPTIONSX', '', 7, null, ['GET']]) {
      expect(refusal({ path: '/api/thing', method }), JSON.stringify(method)).toBe(
        'method must be an HTTP method such as GET or POST',
      );
    }
    expect(parseFault({ path: '/', method: 'Connect', status: 500 }).method).toBe('CONNECT');
    for (const method of ['GET', 'post', 'OPTIONS']) {
      expect(parseFault({ path: '/api/thing', method, status: 500 }).method, method).toBe(
        method.toUpperCase(),
      );
    }
  });

  it('a status from 100 to 599, whole', () => {
    for (const status of [99, 600, 500.5, '500', null]) {
      expect(refusal({ path: '/', status }), String(status)).toBe(
        'status must be an HTTP status from 100 to 599',
      );
    }
  });

  it('a delay from 0 to 120000 ms, whole', () => {
    for (const delayMs of [-1, 120_001, 1.5, '10', null]) {
      expect(refusal({ path: '/', delayMs }), String(delayMs)).toBe(
        'delayMs must be a whole number from 0 to 120000',
      );
    }
  });

  it('a positive whole number of times', () => {
    for (const times of [0, -1, 1.5, '2', null]) {
      expect(refusal({ path: '/', status: 500, times }), String(times)).toBe(
        'times must be a positive whole number',
      );
    }
  });

  it('booleans for malformed and drop', () => {
    expect(refusal({ path: '/', malformed: 1 })).toBe('malformed must be a boolean');
    expect(refusal({ path: '/', malformed: 'true' })).toBe('malformed must be a boolean');
    expect(refusal({ path: '/', drop: 1 })).toBe('drop must be a boolean');
    expect(refusal({ path: '/', status: 500, drop: null })).toBe('drop must be a boolean');
  });

  it('at least one effect', () => {
    for (const body of [{ path: '/' }, { path: '/', malformed: false, drop: false, times: 2, body: 'x' }]) {
      expect(refusal(body)).toBe('A fault needs at least one of status, delayMs, malformed or drop');
    }
  });
});

describe('FaultRegistry', () => {
  it('numbers faults from 1, lists copies, and clears', () => {
    const faults = new FaultRegistry();
    expect(faults.add({ path: '/a', status: 500 })).toStrictEqual({
      path: '/a',
      status: 500,
      id: 1,
      remaining: null,
    });
    expect(faults.add({ path: '/b', status: 500, times: 2 })).toMatchObject({ id: 2, remaining: 2 });
    const listed = faults.list();
    expect(listed.map((fault) => fault.id)).toStrictEqual([1, 2]);
    (listed[0] as { path: string }).path = '/changed';
    expect(faults.list()[0]?.path).toBe('/a');
    faults.clear();
    expect(faults.list()).toStrictEqual([]);
    expect(faults.add({ path: '/c', status: 500 }).id).toBe(3);
  });

  it('applies the oldest fault whose path prefixes the request’s, for any method but preflights', () => {
    const faults = new FaultRegistry();
    faults.add({ path: '/api/apps', status: 500 });
    faults.add({ path: '/api', status: 502 });
    expect(faults.take('GET', '/api/apps/x')?.status).toBe(500);
    expect(faults.take('DELETE', '/api/other')?.status).toBe(502);
    expect(faults.take('GET', '/other/api')).toBeUndefined();
    expect(faults.take('OPTIONS', '/api/apps/x')).toBeUndefined();
  });

  it('a fault with a method applies to that method only, preflights included', () => {
    const faults = new FaultRegistry();
    faults.add({ path: '/api', method: 'POST', status: 500 });
    expect(faults.take('GET', '/api')).toBeUndefined();
    expect(faults.take('POST', '/api')?.status).toBe(500);
    faults.add({ path: '/api', method: 'OPTIONS', status: 204 });
    expect(faults.take('OPTIONS', '/api')?.status).toBe(204);
  });

  it('never applies to the control API', () => {
    const faults = new FaultRegistry();
    faults.add({ path: '/', status: 500 });
    expect(faults.take('GET', '/__harness/reset')).toBeUndefined();
    expect(faults.take('GET', '/x')?.status).toBe(500);
  });

  it('a fault given a number of times is used up after that many requests; one without applies forever', () => {
    const faults = new FaultRegistry();
    faults.add({ path: '/once', status: 500, times: 1 });
    faults.add({ path: '/twice', status: 500, times: 2 });
    faults.add({ path: '/always', status: 500 });
    expect(faults.take('GET', '/once')?.remaining).toBe(0);
    expect(faults.take('GET', '/once')).toBeUndefined();
    expect(faults.take('GET', '/twice')?.remaining).toBe(1);
    expect(faults.list().map((fault) => fault.path)).toStrictEqual(['/twice', '/always']);
    expect(faults.take('GET', '/twice')?.remaining).toBe(0);
    expect(faults.take('GET', '/twice')).toBeUndefined();
    for (let i = 0; i < 3; i++) expect(faults.take('GET', '/always')?.remaining).toBeNull();
    expect(faults.list().map((fault) => fault.path)).toStrictEqual(['/always']);
  });
});

describe('registerFaults', () => {
  /** `before` runs ahead of the faults' hook (it sees the request first). */
  function faultyApp(before?: (request: FastifyRequest) => void) {
    const faults = new FaultRegistry();
    const app = testApp();
    if (before) app.addHook('onRequest', async (request) => before(request));
    registerFaults(app, faults);
    app.get('/api/thing', async () => ({ route: 'thing' }));
    app.get('/__harness/thing', async () => ({ route: 'control' }));
    return { app, faults };
  }

  it('answers a fault’s status with its body, or with a message saying it was injected', async () => {
    const { app, faults } = faultyApp();
    faults.add({ path: '/api/thing', status: 503, times: 1 });
    const injected = await app.inject({ url: '/api/thing?x=1' });
    expect(injected.statusCode).toBe(503);
    expect(injected.json()).toStrictEqual({ message: 'Injected fault (status 503)', code: 'injected_fault' });
    faults.add({ path: '/api', status: 418, body: { given: true }, times: 1 });
    const given = await app.inject({ url: '/api/thing' });
    expect(given.statusCode).toBe(418);
    expect(given.json()).toStrictEqual({ given: true });
    faults.add({ path: '/api', status: 500, body: null, times: 1 });
    const nothing = await app.inject({ url: '/api/thing' });
    expect(nothing.statusCode).toBe(500);
    expect(nothing.body).toBe('null');
    const after = await app.inject({ url: '/api/thing' });
    expect(after.json()).toStrictEqual({ route: 'thing' });
  });

  it('a malformed fault answers broken JSON, with its status or 200', async () => {
    const { app, faults } = faultyApp();
    faults.add({ path: '/api', malformed: true, times: 1 });
    const plain = await app.inject({ url: '/api/thing' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.body).toBe('{"data": [1, 2, ');
    faults.add({ path: '/api', malformed: true, status: 502, times: 1 });
    const withStatus = await app.inject({ url: '/api/thing' });
    expect(withStatus.statusCode).toBe(502);
    expect(withStatus.body).toBe('{"data": [1, 2, ');
  });

  it('a delay alone holds the request, then lets the route answer', async () => {
    const { app, faults } = faultyApp();
    faults.add({ path: '/api', delayMs: 120, times: 1 });
    const started = performance.now();
    const response = await app.inject({ url: '/api/thing' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(response.json()).toStrictEqual({ route: 'thing' });
  });

  it('a delay comes before the fault’s answer', async () => {
    const { app, faults } = faultyApp();
    faults.add({ path: '/api', delayMs: 120, status: 500, times: 1 });
    const started = performance.now();
    const response = await app.inject({ url: '/api/thing' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(response.statusCode).toBe(500);
  });

  it('a dropped request gets no answer: its connection is destroyed', async () => {
    let destroyed = false;
    // light-my-request's socket cannot be destroyed: this one says when it is.
    const { app, faults } = faultyApp((request) => {
      (request.raw.socket as unknown as { destroy(): void }).destroy = () => {
        destroyed = true;
      };
    });
    faults.add({ path: '/api', drop: true, status: 500, times: 1 });
    const answer = app.inject({ url: '/api/thing' });
    await expect.poll(() => destroyed).toBe(true);
    const settled = await Promise.race([
      answer.then(() => 'answered'),
      new Promise((r) => setTimeout(r, 100, 'none')),
    ]);
    expect(settled).toBe('none');
  });

  it('leaves the control API and unmatched requests alone', async () => {
    const { app, faults } = faultyApp();
    faults.add({ path: '/', status: 500 });
    expect((await app.inject({ url: '/__harness/thing' })).json()).toStrictEqual({ route: 'control' });
    faults.clear();
    faults.add({ path: '/api/other', status: 500 });
    expect((await app.inject({ url: '/api/thing' })).json()).toStrictEqual({ route: 'thing' });
  });
});
