#!/usr/bin/env node
/**
 * `npm test`: every check. First, in order: types, lint, import boundaries, the backend functions under Deno, the build
 * (which ends with the size budgets) and the platform CLI's reading of the project (deploy:check). Then two lanes side
 * by side: the unit and integration tests (Vitest) followed by mutation testing of the decision modules (StrykerJS,
 * incremental); and the end-to-end tests (Playwright in Debian's Chromium against the harness) followed by the Firefox
 * smoke. Stops everything on the first failure; prints each step's time and one closing line with the counts.
 * `--quick` (`npm run test:quick`): types, lint, boundaries and the unit tests only, in order.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);
mkdirSync(resolve(root, 'reports'), { recursive: true });
// The closing line counts the reports this run writes: an earlier run's are removed first.
for (const name of ['vitest', 'e2e', 'deno', 'firefox'])
  rmSync(resolve(root, `reports/${name}.json`), { force: true });

const steps = [
  ['types', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('biome'), ['check', '.']],
  ['boundaries', process.execPath, ['scripts/check-boundaries.mjs']],
  // The project's backend functions (base44/functions) under Deno; writes reports/deno.json. It runs before the
  // integration tests because it also fills Deno's cache with the functions' npm packages, which those tests start.
  ['deno', process.execPath, ['tests/deno/run.mjs']],
  // The build ends with the size budgets (scripts/check-budgets.mjs): every page's document within one round trip
  // less its headroom.
  ['build', process.execPath, ['scripts/build.mjs']],
  // The platform CLI's own reading of the project (base44@0.1.18 from its pinned tarball, fetched once into
  // node_modules/.cache): entities, functions with base44/shared, and the site just built at the output directory the
  // CLI resolves. About a second.
  ['deploy-check', process.execPath, ['scripts/deploy-check.mjs']],
  [
    'unit+integration',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json'],
  ],
  // Mutation testing of the modules where the site makes its security and flow decisions (stryker.config.mjs):
  // incremental, so only the mutants of code or tests changed since tests/mutation/stryker-incremental.json are run
  // (nothing at all when the committed result is current); fails under a mutation score of 90%.
  ['mutation', process.execPath, ['scripts/mutation.mjs', '--if-stale']],
  ['e2e', bin('playwright'), ['test']],
  // A smoke of the main flows in a second engine (Debian's firefox-esr over WebDriver BiDi); writes reports/firefox.json.
  ['firefox', process.execPath, ['tests/firefox/run.mjs']],
];

/** How long a stopped step has to end by itself before its process group is killed. */
const STOP_GRACE_MS = 15_000;

/** The steps that run side by side, each list in order (see below). */
const LANES = [
  ['e2e', 'firefox'],
  ['unit+integration', 'mutation'],
];

// `npm run test:quick` (`--quick`): types, lint, boundaries and the unit tests (no server, no browser, no port).
const quickSteps = [
  ...steps.slice(0, 3),
  [
    'unit',
    bin('vitest'),
    [
      'run',
      '--project',
      'unit*',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=reports/vitest.json',
    ],
  ],
];

// `node scripts/test.mjs types lint`: only the steps named.
const { values: flags, positionals: only } = parseArgs({
  allowPositionals: true,
  options: { quick: { type: 'boolean', default: false } },
});
const selected = (flags.quick ? quickSteps : steps).filter(([name]) => !only.length || only.includes(name));
const timings = [];
const running = new Set();

// Ctrl-C or a stop reaches the steps too (each runs in a process group of its own).
let stopping = false;
for (const name of ['SIGINT', 'SIGTERM']) {
  process.on(name, () => {
    if (stopping) return;
    stopping = true;
    stopRunning().then(() => process.exit(130));
  });
}

// The checks, the build and the Deno tests one after another; then two lanes side by side, each in order: the tests in
// Node (Vitest, then mutation) and the tests in browsers (Playwright, then Firefox). They share no port (the Node
// tests listen on ports the system picks; the browser tests use the fixed ones of `npm start`), and each lane waits on
// sockets and timers much of the time, so together they take little longer than the browsers alone.
const first = selected.filter(([name]) => !LANES.some((lane) => lane.includes(name)));
for (const step of first) await run(step, 'inherit');
await Promise.all(
  LANES.map(async (lane, index) => {
    const laneSteps = selected.filter(([name]) => lane.includes(name));
    // One lane prints as it goes; the other's output is kept and printed whole when each of its steps ends.
    for (const step of laneSteps) {
      if (stopping) return;
      await run(step, index === 0 ? 'inherit' : 'kept');
    }
  }),
);
summary();

/**
 * Stops the steps still running: SIGINT first, which each ends as it would on Ctrl-C (Playwright stops the web server
 * it started, Vitest and the Firefox runner their servers), then whatever is left in their process groups.
 */
async function stopRunning() {
  const children = [...running];
  const signal = (pid, name) => {
    try {
      process.kill(pid, name);
    } catch {
      // Already gone.
    }
  };
  for (const child of children) signal(child.pid, 'SIGINT');
  const closed = children.map((child) =>
    child.exitCode !== null || child.signalCode !== null ? null : once(child, 'close'),
  );
  await Promise.race([Promise.all(closed), delay(STOP_GRACE_MS)]);
  for (const child of children) signal(-child.pid, 'SIGKILL');
}

/** Runs one step; on a failure, stops the other lane's step, prints the summary and exits 1. */
async function run([name, command, args], output) {
  console.log(`\n=== ${name} ===${output === 'kept' ? ' (its output follows when it ends)' : ''}`);
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: process.env,
    // Its own process group, so that a failure elsewhere stops it with its servers and browsers.
    detached: true,
    stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const kept = [];
  child.stdout?.on('data', (chunk) => kept.push(chunk));
  child.stderr?.on('data', (chunk) => kept.push(chunk));
  const [code, signal] = await once(child, 'close');
  running.delete(child);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (output === 'kept') {
    console.log(`\n=== ${name}: its output ===`);
    process.stdout.write(Buffer.concat(kept));
  }
  timings.push(`${name} ${seconds}s`);
  // Stopped because the other lane failed (or on Ctrl-C): that one reports.
  if (code === 0 || stopping) return;
  stopping = true;
  console.error(`\n[test] step "${name}" failed (exit ${code ?? signal}) after ${seconds}s`);
  await stopRunning();
  summary();
  process.exit(1);
}

function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const vitest = resolve(root, 'reports/vitest.json');
  if (existsSync(vitest)) {
    const report = JSON.parse(readFileSync(vitest, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  const e2e = resolve(root, 'reports/e2e.json');
  if (existsSync(e2e)) {
    const stats = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    skipped += stats.skipped ?? 0;
  }
  // Runners of our own write { passed, failed, skipped }.
  for (const name of ['deno', 'firefox']) {
    const file = resolve(root, `reports/${name}.json`);
    if (!existsSync(file)) continue;
    const counts = JSON.parse(readFileSync(file, 'utf8'));
    passed += counts.passed ?? 0;
    failed += counts.failed ?? 0;
    skipped += counts.skipped ?? 0;
  }
  console.log(`\n[test] ${timings.join(', ')}`);
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
}
