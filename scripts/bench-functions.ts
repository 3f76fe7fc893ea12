/**
 * Measures the project's createCheckout through the harness's function runner, over real HTTP with real Deno:
 * - cold: the function's process is stopped before each call, so each call pays for Deno's start (modules from Deno's
 *   cache, no download) plus the checkout itself;
 * - warm: the same process answers call after call.
 * Each call opens a session on the payment double. Prints a table and writes `bench-results/functions.json`.
 *
 *   npx tsx scripts/bench-functions.ts [--calls=50]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmulator } from '../host-harness/src/emulator/index.ts';

const FUNCTION = 'createCheckout';
const callsArg = process.argv.find((a) => a.startsWith('--calls='));
const CALLS = callsArg ? Number(callsArg.slice('--calls='.length)) : 50;

interface Result {
  scenario: string;
  calls: number;
  errors: number;
  p50_ms: number;
  p95_ms: number;
  min_ms: number;
  max_ms: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

async function main(): Promise<void> {
  const emulator = await createEmulator({ dataDir: null, quiet: true });
  const url = await emulator.listen();
  const call = async (): Promise<boolean> => {
    const response = await fetch(`${url}/api/apps/local-app/functions/${FUNCTION}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ packageName: 'gold' }),
    });
    const body = (await response.json()) as { url?: string };
    return response.status === 200 && typeof body.url === 'string';
  };

  const run = async (scenario: string, before: () => Promise<unknown>): Promise<Result> => {
    const latencies: number[] = [];
    let errors = 0;
    for (let i = 0; i < CALLS; i++) {
      await before();
      const started = performance.now();
      if (!(await call())) errors++;
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    return {
      scenario,
      calls: CALLS,
      errors,
      p50_ms: round(percentile(latencies, 50)),
      p95_ms: round(percentile(latencies, 95)),
      min_ms: round(latencies[0] ?? 0),
      max_ms: round(latencies.at(-1) ?? 0),
    };
  };

  try {
    // One call first, so that Deno has every npm: package in its cache: cold means a new process, not a download.
    if (!(await call()))
      throw new Error(`${FUNCTION} does not answer: is base44/functions/${FUNCTION} there?`);
    const cold = await run('cold (new Deno process each call)', () => emulator.functions.stop(FUNCTION));
    await call();
    const warm = await run('warm (one process, kept alive)', async () => {});
    const results = [cold, warm];
    console.table(results);
    const outDir = path.resolve(import.meta.dirname, '../bench-results');
    mkdirSync(outDir, { recursive: true });
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, load: os.loadavg().map((l) => round(l)), node: process.version },
      function: FUNCTION,
      results,
    };
    writeFileSync(path.join(outDir, 'functions.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Wrote ${path.relative(process.cwd(), path.join(outDir, 'functions.json'))}`);
  } finally {
    await emulator.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
