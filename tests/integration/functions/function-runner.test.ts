/**
 * The function runner over real HTTP, in each runtime (workerd, as deployed, and Deno): calls of
 * /api/apps/{app}/functions/{name} run the fixture functions (./fixtures/functions), kept warm, restarted after a
 * crash, behind the emulator's faults, with exactly the platform's headers and the contract's secrets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import { eventually, fn, isAlive, RUNTIMES, startWithFixtures } from './function-harness.ts';

const CONTRACT_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_harness_local',
  STRIPE_WEBHOOK_SECRET: 'whsec_harness_local',
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PROTOCOL: 'http',
  SITE_ORIGIN: 'http://localhost:4999',
  AGENCY_EMAIL: 'agency@example.com',
  FIXTURE_EXTRA: 'extra',
};

describe.each(RUNTIMES)('function runner (%s)', (runtime) => {
  let h: Running;
  const running = async (): Promise<Json[]> => (await h.call('GET', '/__harness/functions')).body;
  const info = async (name: string): Promise<Json> => (await running()).find((f) => f.name === name);

  beforeAll(async () => {
    // A variable of the harness's own environment that must never reach a function.
    process.env.HARNESS_TEST_SECRET = 'not for functions';
    h = await startWithFixtures({
      functionsRuntime: runtime,
      siteOrigin: CONTRACT_ENV.SITE_ORIGIN,
      agencyEmail: CONTRACT_ENV.AGENCY_EMAIL,
      functionEnv: { FIXTURE_EXTRA: 'extra' },
    });
  });
  afterAll(async () => {
    delete process.env.HARNESS_TEST_SECRET;
    await h.close();
  });

  it('forwards exactly the platform headers and the raw body, never the caller cookies or other headers', async () => {
    const token = await h.tokenOf('user');
    const raw = '{"a": 1,   "b":[2]}';
    const answer = await h.call('POST', fn('echo', '?x=1'), {
      raw,
      headers: {
        authorization: `Bearer ${token}`,
        cookie: 'session=secret',
        'content-type': 'application/json',
        'base44-functions-version': 'v7',
        'stripe-signature': 't=1,v1=abc',
        'x-origin-url': 'http://localhost:4401/Pricing',
        'x-custom': 'not forwarded',
      },
    });
    expect(answer.status).toBe(200);
    const { headers, body, method, path } = answer.body;
    expect(Object.keys(headers).sort()).toEqual([
      'authorization',
      'base44-api-url',
      'base44-app-id',
      'base44-functions-version',
      'base44-service-authorization',
      'connection',
      'content-length',
      'content-type',
      'host',
      'stripe-signature',
    ]);
    expect(headers).toMatchObject({
      authorization: `Bearer ${token}`,
      'base44-app-id': 'local-app',
      'base44-api-url': h.url,
      'base44-service-authorization': 'Bearer local-service-token',
      'base44-functions-version': 'v7',
      'content-type': 'application/json',
      'content-length': String(raw.length),
      'stripe-signature': 't=1,v1=abc',
    });
    expect(headers.host).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(body).toBe(raw);
    expect(method).toBe('POST');
    expect(path).toBe('/api/apps/local-app/functions/echo?x=1');
  });

  it('gives a function the contract secrets and nothing else of the harness', async () => {
    const { env, envKeys } = (await h.call('POST', fn('echo'), { body: {} })).body;
    expect(env).toEqual({ ...CONTRACT_ENV, STRIPE_API_PORT: new URL(h.provider!.url).port });
    expect(envKeys).not.toContain('HARNESS_TEST_SECRET');
    expect(envKeys).not.toContain('HARNESS_CALL_KEY');
    // In workerd the secrets are the Worker's bindings: all it sees. Deno also gets what it needs to run (PATH, …).
    if (runtime === 'workerd') expect(envKeys).toEqual(Object.keys(env).sort());
  });

  it('drops an Authorization that is not exactly "Bearer <token>", and sends none for an anonymous caller', async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer two words', 'Bearer ']) {
      const answer = await h.call('POST', fn('echo'), { body: {}, headers: { authorization } });
      expect(answer.status).toBe(200);
      expect(answer.body.headers.authorization).toBeUndefined();
    }
    const anonymous = await h.call('POST', fn('echo'), { body: {} });
    expect(anonymous.body.headers.authorization).toBeUndefined();
    expect(anonymous.body.headers['base44-service-authorization']).toBe('Bearer local-service-token');
  });

  it('passes a multipart body through untouched, boundary included', async () => {
    const form = new FormData();
    form.append('packageName', 'gold');
    form.append('attachment', new Blob(['file text']), 'a.txt');
    const answer = await h.call('POST', fn('echo'), { raw: form });
    expect(answer.status).toBe(200);
    const type: string = answer.body.headers['content-type'];
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(answer.body.body).toContain(`--${type.split('boundary=')[1]}`);
    expect(answer.body.body).toContain('name="packageName"\r\n\r\ngold');
    expect(answer.body.body).toContain('file text');
  });

  it("answers with the function's own status, content type and body, for any method", async () => {
    const answer = await h.call('POST', fn('echo', '?status=418&type=text/csv'), { raw: 'a,b' });
    expect(answer.status).toBe(418);
    expect(answer.headers.get('content-type')).toBe('text/csv');
    expect(answer.text).toBe('plain a,b');
    const get = await h.call('GET', fn('echo'));
    expect(get.status).toBe(200);
    expect(get.body.method).toBe('GET');
  });

  it('answers 404 function_not_found for a name with no folder, a dotted name or a path outside the folder', async () => {
    for (const name of ['nope', 'echo.ts', '..%2Fecho', 'fixtures']) {
      const answer = await h.call('POST', fn(name), { body: {} });
      expect(answer.status, name).toBe(404);
      expect(answer.body.code, name).toBe('function_not_found');
    }
    expect((await h.call('POST', '/api/apps/other-app/functions/echo', { body: {} })).status).toBe(404);
  });

  it('answers 500 function_failed for a folder whose entry lies outside it', async () => {
    const answer = await h.call('POST', fn('bad-config'), { body: {} });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      message: 'Function bad-config failed: its entry ../echo/index.js is not a file inside its folder',
      code: 'function_failed',
    });
  });

  it('keeps one warm instance: a handler that throws is a 500 for that call, and the same instance answers the next', async () => {
    const first = await h.call('POST', fn('fails'), { body: {} });
    const thrown = await h.call('POST', fn('fails', '?throw=1'), { body: {} });
    expect(thrown.status).toBe(500);
    expect(thrown.body).toEqual({
      message: 'The function failed while handling this request',
      code: 'function_failed',
    });
    const after = await h.call('POST', fn('fails'), { body: {} });
    expect(after.body.instance).toBe(first.body.instance);
  });

  it('a process killed during a call makes that call a 500, and the next call starts the function again', async () => {
    const before = (await h.call('POST', fn('fails'), { body: {} })).body.instance as string;
    const { pid, starts } = await info('fails');
    expect(isAlive(pid)).toBe(true);
    const pending = h.call('POST', fn('fails', '?wait=20000'), { body: {} });
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(pid, 'SIGKILL');
    const crashed = await pending;
    expect(crashed.status).toBe(500);
    expect(crashed.body).toEqual({
      message: `Function fails failed: its process ${runtime === 'deno' ? 'was killed by SIGKILL' : 'ended unexpectedly'}`,
      code: 'function_failed',
    });
    await eventually(
      async () => !(await running()).some((f) => f.name === 'fails'),
      5_000,
      'the crash to be seen',
    );
    const again = await h.call('POST', fn('fails'), { body: {} });
    expect(again.status).toBe(200);
    expect(again.body.instance).not.toBe(before);
    expect((await info('fails')).starts).toBe(starts + 1);
  });

  // workerd offers no Deno.exit (neither does the platform's entry).
  if (runtime === 'deno')
    it('a Deno process that exits during a call names its exit code', async () => {
      await h.call('POST', fn('fails'), { body: {} });
      const crashed = await h.call('POST', fn('fails', '?exit=3'), { body: {} });
      expect(crashed.status).toBe(500);
      expect(crashed.body).toEqual({
        message: 'Function fails failed: its process exited with code 3',
        code: 'function_failed',
      });
      expect((await h.call('POST', fn('fails'), { body: {} })).status).toBe(200);
    });

  it('concurrent first calls share one start', async () => {
    await h.call('POST', fn('echo'), { body: {} });
    const startsBefore = (await info('echo')).starts as number;
    expect((await h.call('POST', '/__harness/functions/echo/stop')).status).toBe(200);
    expect((await running()).map((f) => f.name)).not.toContain('echo');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => h.call('POST', fn('echo'), { body: {} })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.instance)).size).toBe(1);
    const echo = await info('echo');
    expect(echo).toMatchObject({ runtime, starts: startsBefore + 1 });
    expect(isAlive(echo.pid)).toBe(true);
  });

  it('applies /__harness/faults before the function runs', async () => {
    const calls = (await h.call('POST', fn('echo'), { body: {} })).body.calls as number;
    await h.call('POST', '/__harness/faults', { body: { path: fn('echo'), status: 503, times: 1 } });
    const faulted = await h.call('POST', fn('echo'), { body: {} });
    expect(faulted.status).toBe(503);
    expect(faulted.body.code).toBe('injected_fault');
    const next = await h.call('POST', fn('echo'), { body: {} });
    expect(next.status).toBe(200);
    expect(next.body.calls).toBe(calls + 1);
  });

  it('keeps functions warm across a reset', async () => {
    const before = (await h.call('POST', fn('echo'), { body: {} })).body.instance;
    expect((await h.call('POST', '/__harness/reset')).status).toBe(200);
    expect((await h.call('POST', fn('echo'), { body: {} })).body.instance).toBe(before);
  });
});
