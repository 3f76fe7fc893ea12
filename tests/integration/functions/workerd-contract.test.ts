/**
 * The platform's workerd contract, as functions meet it here (./fixtures/workerd-functions): secrets read at module
 * scope (the lazy import), `base44:runtime`, `waitUntil` on the request's context, default exports, what the platform's
 * entry does not offer, and a bundle step that refuses an unpinned `npm:` import.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import { eventually, fn, startWithFixtures, WORKERD_FIXTURE_FUNCTIONS } from './function-harness.ts';

describe('functions in workerd: the platform entry contract', () => {
  let h: Running;
  const logged: string[] = [];
  const marks = async (): Promise<Json[]> => {
    const answer = await h.call('GET', '/api/apps/local-app/entities/Mark', { token: 'local-service-token' });
    return answer.status === 404 ? [] : answer.body;
  };

  beforeAll(async () => {
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    h = await startWithFixtures({
      functionsDir: WORKERD_FIXTURE_FUNCTIONS,
      functionsRuntime: 'workerd',
      functionEnv: { FIXTURE_SECRET: 's3cret' },
      quiet: false,
    });
  });
  afterAll(async () => {
    await h.close();
    vi.restoreAllMocks();
  });

  it('a secret read at module scope is there: the module is imported inside a request, after the bindings', async () => {
    const answer = await h.call('POST', fn('module-secret'), { body: {} });
    expect(answer.status).toBe(200);
    expect(answer.body.atLoad).toEqual({ denoEnv: 's3cret', base44: 's3cret', runtimeModule: 's3cret' });
    // process.env (nodejs_compat) holds the bindings too, and nothing of the harness's own environment.
    expect(answer.body.processEnv).toContain('FIXTURE_SECRET');
    expect(answer.body.processEnv).not.toContain('PATH');
    expect(answer.body.processEnv).not.toContain('HOME');
  });

  it('waitUntil keeps work going after the answer, on the global and through base44:runtime', async () => {
    for (const via of ['global', 'module']) {
      const answer = await h.call('POST', fn('wait-until', `?via=${via}`), { body: {} });
      expect(answer.body).toEqual({ answered: true });
      // Answered first: the mark comes half a second after the handler ran.
      expect((await marks()).map((mark) => mark.via)).not.toContain(via);
      await eventually(
        async () => (await marks()).some((mark) => mark.via === via),
        5_000,
        `the ${via} mark`,
      );
    }
  });

  it('serves a default export when the function does not call Deno.serve, and Deno.serve when it does both', async () => {
    const fallback = await h.call('GET', fn('default-export'));
    expect(fallback.body).toEqual({ via: 'default export', method: 'GET', secret: 's3cret' });
    expect((await h.call('GET', fn('serve-and-default'))).body).toEqual({ via: 'Deno.serve' });
  });

  it('a Deno API the platform entry lacks fails the call, as it would deployed', async () => {
    const answer = await h.call('POST', fn('deno-only'), { body: {} });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      message: 'The function failed while handling this request',
      code: 'function_failed',
    });
    expect(
      logged.some((line) => /\[function deno-only\].*Deno\.readTextFile is not a function/.test(line)),
    ).toBe(true);
  });

  it('an unpinned npm: import fails the bundle step: a 500 naming the specifier, and the whole message in the log', async () => {
    const answer = await h.call('POST', fn('unpinned'), { body: {} });
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe('function_failed');
    expect(answer.body.message).toMatch(
      /^Function unpinned failed: it could not be bundled: tests\/integration\/functions\/fixtures\/workerd-functions\/unpinned\/index\.js:2:20: npm:stripe names no version/,
    );
    expect(logged).toContain(
      `[function unpinned] bundle: tests/integration/functions/fixtures/workerd-functions/unpinned/index.js:2:20: npm:stripe names no version, and the platform installs the version a specifier names (node_modules has stripe 23.1.0): write npm:stripe@23.1.0`,
    );
    expect(h.emulator.functions.list().map((f) => f.name)).not.toContain('unpinned');
  });
});
