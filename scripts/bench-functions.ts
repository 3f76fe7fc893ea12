/**
 * Measures the project's createCheckout through the harness's function runner, over real HTTP, in each runtime
 * (workerd, as deployed, and Deno) on the same machine:
 * - cold: the function is stopped before each call, so each call pays for its runtime's start (workerd: a new workerd
 *   process and the lazy import of the bundle, built once before and cached; Deno: a new process, modules from Deno's
 *   cache, no download) plus the checkout itself;
 * - warm: the same instance answers call after call.
 * Each call opens a session on the payment double. Prints a table (and the resident memory of a warm instance) and
 * writes `bench-results/functions.json`.
 *
 *   npx tsx scripts/bench-functions.ts [--calls=50] [--runtime=workerd|deno|both]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_NAMES, type RuntimeName } from '../host-harness/src/emulator/functions/function-runtime.ts';
import { createEmulator } from '../host-harness/src/emulator/index.ts';

const FUNCTION = 'createCheckout';
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const CALLS = Number(arg('calls') ?? 50);
const runtimeArg = arg('runtime') ?? 'both';
const RUNTIMES: RuntimeName[] =
  runtimeArg === 'both' ? [...RUNTIME_NAMES] : RUNTIME_NAMES.filter((name) => name === runtimeArg);
if (RUNTIMES.length === 0) throw new Error(`--runtime must be ${RUNTIME_NAMES.join(', ')} or both`);

interface Result {
  runtime: RuntimeName;
  scenario: 'cold' | 'warm';
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

/** The resident memory of a process, in MB (Linux), or null. */
function residentMb(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

async function measure(runtime: RuntimeName): Promise<{ results: Result[]; rss_mb: number | null }> {
  const emulator = await createEmulator({ dataDir: null, quiet: true, functionsRuntime: runtime });
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
  const run = async (scenario: Result['scenario'], before: () => Promise<unknown>): Promise<Result> => {
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
      runtime,
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
    // One call first: Deno has every npm: package in its cache, workerd's bundle is built: cold means a new process.
    if (!(await call())) throw new Error(`${FUNCTION} does not answer in ${runtime}`);
    const cold = await run('cold', () => emulator.functions.stop(FUNCTION));
    await call();
    const warm = await run('warm', async () => {});
    const pid = emulator.functions.list().find((f) => f.name === FUNCTION)?.pid ?? null;
    return { results: [cold, warm], rss_mb: residentMb(pid) };
  } finally {
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const results: Result[] = [];
  const memory: Record<string, number | null> = {};
  for (const runtime of RUNTIMES) {
    const measured = await measure(runtime);
    results.push(...measured.results);
    memory[runtime] = measured.rss_mb;
  }
  console.table(results);
  console.log('Resident memory of one warm instance (MB):', memory);
  const outDir = path.resolve(import.meta.dirname, '../bench-results');
  mkdirSync(outDir, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, load: os.loadavg().map((l) => round(l)), node: process.version },
    function: FUNCTION,
    results,
    rss_mb: memory,
  };
  writeFileSync(path.join(outDir, 'functions.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Wrote ${path.relative(process.cwd(), path.join(outDir, 'functions.json'))}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
