/**
 * Measures the project's createCheckout through the harness's function runner, over real HTTP, in each runtime
 * (workerd, as deployed, and Deno) on the same machine:
 * - cold: the function is stopped before each call, so each call pays for its runtime's start (workerd: a new workerd
 *   process and the lazy import of the bundle, built once before and cached; Deno: a new process, modules from Deno's
 *   cache, no download) plus the checkout itself;
 * - warm: the same instance answers call after call.
 * Each call opens a session on the payment double; the runtimes take turns call by call, so that both meet the same
 * load. Prints a table (and the resident memory of a warm instance) and writes `bench-results/functions.json`.
 *
 *   npx tsx scripts/bench-functions.ts [--calls=50] [--runtime=workerd|deno|both]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RUNTIME_NAMES, type RuntimeName } from '../host-harness/src/emulator/functions/function-runtime.ts';
import { createEmulator, type Emulator } from '../host-harness/src/emulator/index.ts';
import { percentile } from './percentile.ts';

const FUNCTION = 'createCheckout';
const { values } = parseArgs({
  options: { calls: { type: 'string', default: '50' }, runtime: { type: 'string', default: 'both' } },
});
const CALLS = Number(values.calls);
const runtimeArg = values.runtime;
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

interface Subject {
  runtime: RuntimeName;
  emulator: Emulator;
  call(): Promise<boolean>;
}

async function subject(runtime: RuntimeName): Promise<Subject> {
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
  // One call first: Deno has every npm: package in its cache, workerd's bundle is built: cold means a new process.
  if (!(await call())) throw new Error(`${FUNCTION} does not answer in ${runtime}`);
  return { runtime, emulator, call };
}

/** `CALLS` calls per runtime, the runtimes taking turns call by call, so that both meet the same machine load. */
async function run(subjects: Subject[], scenario: Result['scenario']): Promise<Result[]> {
  const latencies = subjects.map(() => [] as number[]);
  const errors = subjects.map(() => 0);
  for (let i = 0; i < CALLS; i++) {
    for (const [index, { emulator, call }] of subjects.entries()) {
      if (scenario === 'cold') await emulator.functions.stop(FUNCTION);
      const started = performance.now();
      if (!(await call())) errors[index]!++;
      latencies[index]!.push(performance.now() - started);
    }
  }
  return subjects.map(({ runtime }, index) => {
    const sorted = latencies[index]!.sort((a, b) => a - b);
    return {
      runtime,
      scenario,
      calls: CALLS,
      errors: errors[index]!,
      p50_ms: round(percentile(sorted, 50)),
      p95_ms: round(percentile(sorted, 95)),
      min_ms: round(sorted[0] ?? 0),
      max_ms: round(sorted.at(-1) ?? 0),
    };
  });
}

async function main(): Promise<void> {
  const subjects: Subject[] = [];
  try {
    for (const runtime of RUNTIMES) subjects.push(await subject(runtime));
    const cold = await run(subjects, 'cold');
    for (const { call } of subjects) await call();
    const warm = await run(subjects, 'warm');
    const results = [...cold, ...warm].sort((a, b) => a.runtime.localeCompare(b.runtime) * -1);
    const memory = Object.fromEntries(
      subjects.map(({ runtime, emulator }) => [
        runtime,
        residentMb(emulator.functions.list().find((f) => f.name === FUNCTION)?.pid ?? null),
      ]),
    );
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
  } finally {
    await Promise.all(subjects.map(({ emulator }) => emulator.close()));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
