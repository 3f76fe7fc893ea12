#!/usr/bin/env node
/**
 * The backend functions' own tests (base44/functions, under Deno), for `npm test`:
 *   1. `deno check` of the function entries and the tests (the platform runs the entries; nothing else type-checks them),
 *   2. `deno test tests/deno/` with only network (loopback) and environment access,
 * both with base44/deno.json (`nodeModulesDir: none`: the repo's node_modules is not Deno's) and `--frozen`, so the
 * npm: versions in base44/deno.lock are the ones used. On a fresh machine Deno fetches those packages from the npm
 * registry into its own cache (DENO_DIR, left at its default) on the first run. Prints Deno's output, writes
 * reports/deno.json `{ passed, failed, skipped }`, and exits non-zero on any failure or when no test ran.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const deno = resolve(root, 'node_modules/.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno');
const reports = resolve(root, 'reports');
const junitPath = resolve(reports, 'deno-junit.xml');
const countsPath = resolve(reports, 'deno.json');
const common = ['--config', 'base44/deno.json', '--frozen'];
// No update check: CI and offline machines have nothing to gain from it.
const env = { ...process.env, DENO_NO_UPDATE_CHECK: '1' };

mkdirSync(reports, { recursive: true });
rmSync(junitPath, { force: true });
rmSync(countsPath, { force: true });
let countsWritten = false;

if (!existsSync(deno)) fail(`Deno is not installed at ${deno} (npm install brings the pinned deno package)`);

const functionsDir = resolve(root, 'base44/functions');
const entries = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(resolve(functionsDir, entry.name, 'index.ts')))
  .map((entry) => `base44/functions/${entry.name}/index.ts`);
if (entries.length === 0) fail('no function entries found under base44/functions');

const started = performance.now();
const check = run(['check', ...common, ...entries, 'tests/deno/']);
if (check !== 0) fail(`deno check failed (exit ${check})`);

const status = run([
  'test',
  ...common,
  '--no-check', // checked just above
  '--parallel', // the provider-retry tests mostly wait out the SDK's back-off
  '--allow-net=127.0.0.1',
  '--allow-env',
  `--junit-path=${junitPath}`,
  'tests/deno/',
]);
const counts = existsSync(junitPath)
  ? countJunit(readFileSync(junitPath, 'utf8'))
  : { passed: 0, failed: status === 0 ? 0 : 1, skipped: 0 };
writeCounts(counts);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `[deno] ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${seconds}s (check + test)`,
);
if (status !== 0 || counts.failed > 0) fail(`deno test failed (exit ${status})`);
if (counts.passed === 0) fail('no Deno test ran');

function run(args) {
  const result = spawnSync(deno, args, { cwd: root, env, stdio: 'inherit' });
  if (result.error) fail(`could not start Deno: ${result.error.message}`);
  return result.status ?? 1;
}

/** Deno's JUnit report: one <testcase> per test, holding <failure>/<error> or <skipped> when it did not pass. */
function countJunit(xml) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const testcase of xml.split('<testcase').slice(1)) {
    const end = testcase.indexOf('</testcase>');
    const body = end === -1 ? testcase : testcase.slice(0, end);
    if (/<(failure|error)\b/.test(body)) counts.failed++;
    else if (/<skipped\b/.test(body)) counts.skipped++;
    else counts.passed++;
  }
  return counts;
}

function writeCounts(value) {
  writeFileSync(countsPath, `${JSON.stringify(value)}\n`);
  countsWritten = true;
}

/** Stops with a non-zero exit; a failure before any test ran still counts as one failure in the report. */
function fail(message) {
  if (!countsWritten) writeCounts({ passed: 0, failed: 1, skipped: 0 });
  console.error(`[deno] ${message}`);
  process.exit(1);
}
