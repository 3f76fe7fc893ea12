/**
 * The function runner over real HTTP and real Deno: calls of /api/apps/{app}/functions/{name} run the fixture
 * functions (./fixtures/functions), kept warm, restarted after a crash, bounded in time, behind the emulator's faults.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import { eventually, fn, isAlive, startWithFixtures } from './function-harness.ts';

describe('function runner', () => {
  let h: Running;
  const running = async (): Promise<Json[]> => (await h.call('GET', '/__harness/functions')).body;

  beforeAll(async () => {
    // A variable of the harness's own environment that must never reach a function.
    process.env.HARNESS_TEST_SECRET = 'not for functions';
    h = await startWithFixtures({
      siteOrigin: 'http://localhost:4999',
      agencyEmail: 'agency@example.com',
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
      'stripe-signature': 't=1,v1=abc',
    });
    expect(body).toBe(raw);
    expect(method).toBe('POST');
    expect(path).toBe('/api/apps/local-app/functions/echo?x=1');
  });

  it('gives a function the contract environment and nothing else of the harness', async () => {
    const { env, envKeys } = (await h.call('POST', fn('echo'), { body: {} })).body;
    expect(env).toEqual({
      STRIPE_SECRET_KEY: 'sk_test_harness_local',
      STRIPE_WEBHOOK_SECRET: 'whsec_harness_local',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: new URL(h.url).port,
      STRIPE_API_PROTOCOL: 'http',
      SITE_ORIGIN: 'http://localhost:4999',
      AGENCY_EMAIL: 'agency@example.com',
      FIXTURE_EXTRA: 'extra',
    });
    expect(envKeys).not.toContain('HARNESS_TEST_SECRET');
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

  it('keeps one warm process: a handler that throws is a 500 for that call, and the same process answers the next', async () => {
    const first = await h.call('POST', fn('fails'), { body: {} });
    const thrown = await h.call('POST', fn('fails', '?throw=1'), { body: {} });
    expect(thrown.status).toBe(500);
    expect(thrown.body).toEqual({
      message: 'The function failed while handling this request',
      code: 'function_failed',
    });
    const after = await h.call('POST', fn('fails'), { body: {} });
    expect(after.body.pid).toBe(first.body.pid);
  });

  it('a process that exits during a call makes that call a 500, and the next call starts the function again', async () => {
    const before = (await h.call('POST', fn('fails'), { body: {} })).body.pid as number;
    const crashed = await h.call('POST', fn('fails', '?exit=3'), { body: {} });
    expect(crashed.status).toBe(500);
    expect(crashed.body).toEqual({
      message: 'Function fails failed: its process exited with code 3',
      code: 'function_failed',
    });
    await eventually(() => !isAlive(before), 5_000, 'the crashed process to be gone');
    const again = await h.call('POST', fn('fails'), { body: {} });
    expect(again.status).toBe(200);
    expect(again.body.pid).not.toBe(before);
  });

  it('concurrent first calls share one start', async () => {
    await h.call('POST', fn('echo'), { body: {} });
    const startsBefore = (await running()).find((f) => f.name === 'echo')?.starts as number;
    expect((await h.call('POST', '/__harness/functions/echo/stop')).status).toBe(200);
    expect((await running()).map((f) => f.name)).not.toContain('echo');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => h.call('POST', fn('echo'), { body: {} })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.pid)).size).toBe(1);
    const echo = (await running()).find((f) => f.name === 'echo');
    expect(echo?.pid).toBe(answers[0]!.body.pid);
    expect(echo?.starts).toBe(startsBefore + 1);
  });

  it('applies /__harness/faults before the function runs', async () => {
    await h.call('POST', '/__harness/faults', { body: { path: fn('echo'), status: 503, times: 1 } });
    const faulted = await h.call('POST', fn('echo'), { body: {} });
    expect(faulted.status).toBe(503);
    expect(faulted.body.code).toBe('injected_fault');
    expect((await h.call('POST', fn('echo'), { body: {} })).status).toBe(200);
  });

  it('keeps functions warm across a reset', async () => {
    const before = (await h.call('POST', fn('echo'), { body: {} })).body.pid;
    expect((await h.call('POST', '/__harness/reset')).status).toBe(200);
    expect((await h.call('POST', fn('echo'), { body: {} })).body.pid).toBe(before);
  });
});

describe('function runner: failures at start, time bound, shutdown', () => {
  it('a function that throws at start: every call is a 500, its stderr is in the harness log, and each call starts it again', async () => {
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const h = await startWithFixtures({ quiet: false });
    try {
      for (let i = 0; i < 2; i++) {
        const answer = await h.call('POST', fn('crash-at-start'), { body: {} });
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({
          message: 'Function crash-at-start failed: its process exited with code 1 before it was ready',
          code: 'function_failed',
        });
      }
      const reported = logged.filter(
        (line) => line.includes('Uncaught') && line.includes('fixture crash at start'),
      );
      expect(reported).toHaveLength(2);
      expect(logged.every((line) => line.startsWith('[function '))).toBe(true);
      const silent = await h.call('POST', fn('no-serve'), { body: {} });
      expect(silent.status).toBe(500);
      expect(silent.body.message).toBe(
        'Function no-serve failed: its process exited with code 0 before it was ready',
      );
      expect(logged.some((line) => line.includes('without calling Deno.serve'))).toBe(true);
    } finally {
      await h.close();
      spy.mockRestore();
      vi.restoreAllMocks();
    }
  });

  it('a call the function never answers ends in 504 function_timeout after the bound', async () => {
    const h = await startWithFixtures({ functionTimeoutMs: 1_000 });
    try {
      await h.emulator.warmFunctions();
      const started = Date.now();
      const answer = await h.call('POST', fn('hang'), { body: {} });
      const took = Date.now() - started;
      expect(answer.status).toBe(504);
      expect(answer.body).toEqual({
        message: 'Function hang did not answer within 1 s',
        code: 'function_timeout',
      });
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(5_000);
    } finally {
      await h.close();
    }
  });

  it('warms every function that can start, and close() stops their processes', async () => {
    const h = await startWithFixtures();
    await h.emulator.warmFunctions();
    const names = h.emulator.functions.list().map((f) => f.name);
    expect(names.sort()).toEqual(['echo', 'fails', 'hang', 'stripeWebhook']);
    const pids = h.emulator.functions.list().map((f) => f.pid);
    expect(pids.every(isAlive)).toBe(true);
    await h.close();
    await eventually(() => pids.every((pid) => !isAlive(pid)), 5_000, 'every function process to stop');
  });

  it('no function outlives a harness killed with SIGKILL', async () => {
    // `node --import tsx` keeps the harness in this one process, so SIGKILL reaches it (the tsx wrapper would not).
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures/harness-process.ts')],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) =>
          reject(new Error(`the harness exited (${code}) before its functions ran`)),
        );
      });
      const { pids } = JSON.parse(line) as { pids: number[] };
      expect(pids.length).toBeGreaterThanOrEqual(4);
      expect(pids.every(isAlive)).toBe(true);
      child.kill('SIGKILL');
      await eventually(() => pids.every((pid) => !isAlive(pid)), 5_000, 'the orphaned functions to exit');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
