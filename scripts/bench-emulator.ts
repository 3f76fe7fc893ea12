/**
 * Benchmarks the platform emulator's entity reads and writes with 10,000 records, over real HTTP on a file-backed
 * database (WAL, synchronous=FULL: the configuration `npm start` uses). Bounded by request counts and a time cap per
 * scenario. Prints a table and writes `bench-results/emulator.json`.
 *
 *   npx tsx scripts/bench-emulator.ts
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEmulator } from '../host-harness/src/emulator/index.ts';
import { percentile } from './percentile.ts';

const RECORDS = 10_000;
const CONCURRENCY = 8;
const TIME_CAP_MS = 8_000;
const APP = 'local-app';

interface Scenario {
  name: string;
  kind: 'read' | 'write';
  requests: number;
  run: (i: number) => Promise<void>;
}

interface Result {
  scenario: string;
  kind: 'read' | 'write';
  requests: number;
  errors: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
}

async function measure(scenario: Scenario): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const deadline = performance.now() + TIME_CAP_MS;
  const started = performance.now();
  const worker = async () => {
    while (next < scenario.requests && performance.now() < deadline) {
      const i = next++;
      const t = performance.now();
      try {
        await scenario.run(i);
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    scenario: scenario.name,
    kind: scenario.kind,
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emulator-bench-'));
const emulator = await createEmulator({ dataDir, quiet: true });
const url = await emulator.listen();
try {
  const login = await fetch(`${url}/api/apps/${APP}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'user@example.com', password: 'user1234' }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.access_token}` };
  const base = `${url}/api/apps/${APP}/entities/BenchItem`;

  const call = async (method: string, target: string, body?: unknown) => {
    const response = await fetch(target, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${method} ${target}: ${response.status}`);
  };

  const seedStarted = performance.now();
  const ids: string[] = [];
  for (let batch = 0; batch < RECORDS / 2_000; batch++) {
    const rows = Array.from({ length: 2_000 }, (_, k) => {
      const i = batch * 2_000 + k;
      return { name: `item ${i}`, group: i % 10, score: (i * 7919) % 1000, tags: [`t${i % 5}`], counter: 0 };
    });
    const response = await fetch(`${base}/bulk`, { method: 'POST', headers, body: JSON.stringify(rows) });
    ids.push(...((await response.json()) as { id: string }[]).map((r) => r.id));
  }
  const seedMs = Math.round(performance.now() - seedStarted);
  const pick = (i: number) => ids[(i * 2_654_435_761) % ids.length]!;
  const filterQ = encodeURIComponent(JSON.stringify({ group: 3, score: { $gte: 500 } }));

  const scenarios: Scenario[] = [
    { name: 'get by id', kind: 'read', requests: 4_000, run: (i) => call('GET', `${base}/${pick(i)}`) },
    {
      name: 'list limit 50 (default sort)',
      kind: 'read',
      requests: 2_000,
      run: () => call('GET', `${base}?limit=50`),
    },
    {
      name: 'list limit 50 sort=-score',
      kind: 'read',
      requests: 1_000,
      run: () => call('GET', `${base}?sort=-score&limit=50`),
    },
    {
      name: 'filter group+score limit 50',
      kind: 'read',
      requests: 1_000,
      run: () => call('GET', `${base}?q=${filterQ}&limit=50`),
    },
    {
      name: 'create',
      kind: 'write',
      requests: 1_500,
      run: (i) => call('POST', base, { name: `new ${i}`, group: i % 10, score: i % 1000 }),
    },
    {
      name: 'update (merge)',
      kind: 'write',
      requests: 1_500,
      run: (i) => call('PUT', `${base}/${pick(i)}`, { score: i % 1000 }),
    },
    {
      name: 'update ($inc)',
      kind: 'write',
      requests: 1_500,
      run: (i) => call('PUT', `${base}/${pick(i)}`, { $inc: { counter: 1 } }),
    },
  ];
  const results: Result[] = [];
  for (const scenario of scenarios) results.push(await measure(scenario));

  console.log(
    `\nEmulator benchmark: ${RECORDS} records, ${CONCURRENCY} concurrent clients, SQLite WAL + synchronous=FULL`,
  );
  console.log(`Seeded ${RECORDS} records with bulk create in ${seedMs} ms\n`);
  console.table(
    results.map((r) => ({
      scenario: r.scenario,
      kind: r.kind,
      requests: r.requests,
      errors: r.errors,
      'req/s': r.rps,
      'p50 ms': r.p50_ms,
      'p99 ms': r.p99_ms,
    })),
  );
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg_1m: Math.round(os.loadavg()[0]! * 100) / 100,
    records: RECORDS,
    concurrency: CONCURRENCY,
    time_cap_ms: TIME_CAP_MS,
    storage: 'SQLite file, WAL, synchronous=FULL',
    seed_ms: seedMs,
    results,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(path.join('bench-results', 'emulator.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('\nWrote bench-results/emulator.json');
} finally {
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
}
