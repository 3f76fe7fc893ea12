#!/usr/bin/env node
/**
 * `npm test`: every check, in order — types, lint and import boundaries, unit and integration tests (Vitest), mutation
 * testing of the decision modules (StrykerJS, incremental), the build (which ends with the size budgets), the
 * platform CLI's reading of the project (deploy:check), then the
 * end-to-end tests (Playwright in Debian's Chromium against the harness). Exits non-zero on the first failure; prints
 * one closing line with the counts. `--quick` (`npm run test:quick`): the first three and the unit tests only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
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
  [
    'unit+integration',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json'],
  ],
  // Mutation testing of the modules where the site makes its security and flow decisions (stryker.config.mjs):
  // incremental, so only the mutants of code or tests changed since tests/mutation/stryker-incremental.json are run
  // (nothing at all when the committed result is current); fails under a mutation score of 90%.
  ['mutation', process.execPath, ['scripts/mutation.mjs', '--if-stale']],
  // The build ends with the size budgets (scripts/check-budgets.mjs): every page's document within one round trip
  // less its headroom.
  ['build', process.execPath, ['scripts/build.mjs']],
  // The platform CLI's own reading of the project (base44@0.1.18 from its pinned tarball, fetched once into
  // node_modules/.cache): entities, functions with base44/shared, and the site just built at the output directory the
  // CLI resolves. About a second.
  ['deploy-check', process.execPath, ['scripts/deploy-check.mjs']],
  ['e2e', bin('playwright'), ['test']],
  // A smoke of the main flows in a second engine (Debian's firefox-esr over WebDriver BiDi); writes reports/firefox.json.
  ['firefox', process.execPath, ['tests/firefox/run.mjs']],
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
const timings = [];
for (const [name, command, args] of flags.quick ? quickSteps : steps) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, env: process.env });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  timings.push(`${name} ${seconds}s`);
  if (result.status !== 0) {
    console.error(
      `\n[test] step "${name}" failed (exit ${result.status ?? result.signal}) after ${seconds}s`,
    );
    summary();
    process.exit(1);
  }
}
summary();

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
