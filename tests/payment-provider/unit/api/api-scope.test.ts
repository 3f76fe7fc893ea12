/**
 * The `/v1` scope's plumbing, through Fastify's in-process `inject` (no socket): every body read raw up to 256 KiB,
 * a request id on every answer, errors in the provider's shape (its own, a framework 4xx, anything else a 500), and
 * the provider's answer to an unknown URL.
 */
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiScope } from '../../../../host-harness/payments/api/api-request.ts';
import { invalidRequest } from '../../../../host-harness/payments/api/provider-error.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

async function scoped(quiet = true) {
  const app = Fastify({ logger: false });
  app.register(
    async (scope) => {
      apiScope(scope, quiet);
      scope.post('/echo', async (request) => ({ body: request.body, type: typeof request.body }));
      scope.get('/refuse', async () => {
        throw invalidRequest('nope', 'mode', 'parameter_unknown');
      });
      scope.get('/status/:code', async (request) => {
        const code = Number((request.params as { code: string }).code);
        throw Object.assign(new Error(`failed with ${code}`), { statusCode: code });
      });
      scope.get('/boom', async () => {
        throw new Error('boom');
      });
    },
    { prefix: '/v1' },
  );
  await app.ready();
  return app;
}

describe('apiScope', () => {
  it('reads every body as raw text, whatever its type', async () => {
    const app = await scoped();
    for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await app.inject({
        method: 'POST',
        url: '/v1/echo',
        payload: '{"a":1}',
        headers: { 'content-type': type },
      });
      expect(answer.json(), type).toStrictEqual({ body: '{"a":1}', type: 'string' });
    }
  });

  it('takes a body up to 256 KiB, and answers a larger one with a 413 in its shape', async () => {
    const app = await scoped();
    const limit = 256 * 1024;
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const ok = await app.inject({ method: 'POST', url: '/v1/echo', payload: 'a'.repeat(limit), headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().body).toHaveLength(limit);
    const large = await app.inject({
      method: 'POST',
      url: '/v1/echo',
      payload: 'a'.repeat(limit + 1),
      headers,
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toStrictEqual({
      error: { type: 'invalid_request_error', message: 'Request body is too large' },
    });
  });

  it('gives every answer a request id', async () => {
    const app = await scoped();
    const ids = new Set<string>();
    for (const url of ['/v1/refuse', '/v1/nowhere', '/v1/boom']) {
      const id = (await app.inject({ method: 'GET', url })).headers['request-id'];
      expect(id, url).toMatch(/^req_[A-Za-z0-9]{14}$/);
      ids.add(String(id));
    }
    expect(ids.size).toBe(3);
  });

  it("answers the double's own errors with their status and body", async () => {
    const answer = await (await scoped()).inject({ method: 'GET', url: '/v1/refuse' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toStrictEqual({
      error: { type: 'invalid_request_error', message: 'nope', param: 'mode', code: 'parameter_unknown' },
    });
  });

  it('answers a 4xx of the framework as an invalid request with its status', async () => {
    const app = await scoped();
    for (const code of [400, 415, 499]) {
      const answer = await app.inject({ method: 'GET', url: `/v1/status/${code}` });
      expect(answer.statusCode, String(code)).toBe(code);
      expect(answer.json()).toStrictEqual({
        error: { type: 'invalid_request_error', message: `failed with ${code}` },
      });
    }
  });

  it('answers anything else as a 500 api_error that shows nothing of it, and logs it unless quiet', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = {
      error: { type: 'api_error', message: 'The payment double failed to handle this request' },
    };
    const quiet = await scoped(true);
    for (const url of ['/v1/boom', '/v1/status/500', '/v1/status/399', '/v1/status/0']) {
      const answer = await quiet.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(500);
      expect(answer.json()).toStrictEqual(failure);
    }
    expect(errors).not.toHaveBeenCalled();
    const loud = await scoped(false);
    expect((await loud.inject({ method: 'GET', url: '/v1/boom?x=1' })).json()).toStrictEqual(failure);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]![0]).toBe('payment double: GET /v1/boom?x=1 failed');
    expect((errors.mock.calls[0]![1] as Error).message).toBe('boom');
  });

  it("answers an unknown URL with the provider's 404, without its query", async () => {
    const app = await scoped();
    const answer = await app.inject({ method: 'DELETE', url: '/v1/customers/cus_1?expand[]=x' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toStrictEqual({
      error: {
        type: 'invalid_request_error',
        message: 'Unrecognized request URL (DELETE: /v1/customers/cus_1).',
      },
    });
    const long = `/v1/${'p'.repeat(300)}`;
    expect((await app.inject({ method: 'GET', url: long })).json().error.message).toBe(
      `Unrecognized request URL (GET: ${long.slice(0, 200)}).`,
    );
  });
});
