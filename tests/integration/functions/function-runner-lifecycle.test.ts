/**
 * The function runner's starts and ends, in each runtime: a function that cannot start (it throws while loading, or
 * never serves), a call it never answers, warming, and shutdown, including a harness killed with SIGKILL.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually, fn, isAlive, RUNTIMES, startWithFixtures } from './function-harness.ts';

/** Why each runtime says a function could not start. */
const START_FAILURES = {
  deno: {
    throws: 'its process exited with code 1 before it was ready',
    neverServes: 'its process exited with code 0 before it was ready',
  },
  workerd: {
    throws: 'it threw while loading',
    neverServes: 'it loaded without calling Deno.serve(handler) or exporting a handler',
  },
};

describe.each(RUNTIMES)('function runner (%s): failures at start, time bound, shutdown', (runtime) => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a function that throws at start: every call is a 500, its error is in the harness log, and each call starts it again', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const h = await startWithFixtures({ quiet: false, functionsRuntime: runtime });
    try {
      for (let i = 0; i < 2; i++) {
        const answer = await h.call('POST', fn('crash-at-start'), { body: {} });
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({
          message: `Function crash-at-start failed: ${START_FAILURES[runtime].throws}`,
          code: 'function_failed',
        });
      }
      const reported = logged.filter((line) => line.includes('Error: fixture crash at start'));
      expect(reported).toHaveLength(2);
      expect(logged.every((line) => line.startsWith('[function '))).toBe(true);
      const silent = await h.call('POST', fn('no-serve'), { body: {} });
      expect(silent.status).toBe(500);
      expect(silent.body.message).toBe(`Function no-serve failed: ${START_FAILURES[runtime].neverServes}`);
      expect(logged.some((line) => line.includes('without calling Deno.serve'))).toBe(true);
      expect(logged.some((line) => line.includes('loaded without serving'))).toBe(false);
    } finally {
      await h.close();
    }
  });

  it('a call the function never answers ends in 504 function_timeout after the bound', async () => {
    const h = await startWithFixtures({ functionTimeoutMs: 1_000, functionsRuntime: runtime });
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
    const h = await startWithFixtures({ functionsRuntime: runtime });
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
      { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FUNCTIONS_RUNTIME: runtime } },
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
