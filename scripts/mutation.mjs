#!/usr/bin/env node
/**
 * `npm run test:mutation` (and the `mutation` step of `npm test`): StrykerJS in incremental mode
 * (stryker.config.mjs), then the incremental file rewritten in a stable order. Stryker writes its files, mutants and
 * tests in whatever order its workers finished, with new ids each run, so a run that changed nothing would rewrite
 * the whole committed file; sorted and numbered here, an unchanged result gives an unchanged file and a change gives
 * a diff of what changed. Arguments are passed to `stryker run` (e.g. `-- --force` to re-test every mutant), except
 * `--retest-static` and `--if-stale` (below).
 * Exits with Stryker's status.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repositoryReader, staleReasons } from './mutation-freshness.mjs';

const root = resolve(import.meta.dirname, '..');
const INCREMENTAL_FILE = resolve(root, 'tests/mutation/stryker-incremental.json');

// Stryker keeps a static mutant's result while the mutant's code is unchanged, even when tests were added since: with
// `--retest-static`, the static mutants that were not detected (survived, no coverage, errors) are dropped from the
// incremental file first, so that this run tests them again against today's tests.
const RETEST_STATIC = '--retest-static';
// `--if-stale` (the `mutation` step of `npm test`): when the committed result is what a run would reuse entirely
// (scripts/mutation-freshness.mjs), say so and run nothing.
const IF_STALE = '--if-stale';
const OWN_FLAGS = [RETEST_STATIC, IF_STALE];
const args = process.argv.slice(2);
if (args.includes(IF_STALE) && existsSync(INCREMENTAL_FILE)) {
  const { default: config } = await import('../stryker.config.mjs');
  const report = JSON.parse(readFileSync(INCREMENTAL_FILE, 'utf8'));
  const reasons = staleReasons(report, config, repositoryReader(root));
  if (reasons.length === 0) {
    const modules = Object.keys(report.files).length;
    const tests = Object.keys(report.testFiles ?? {}).length;
    console.log(
      `[mutation] the committed result is current: its ${modules} modules, ${tests} test files and options are unchanged, so every result would be reused; nothing to run`,
    );
    process.exit(0);
  }
  console.log(
    `[mutation] re-testing what changed: ${reasons.slice(0, 5).join('; ')}${reasons.length > 5 ? `; and ${reasons.length - 5} more` : ''}`,
  );
}
if (args.includes(RETEST_STATIC) && existsSync(INCREMENTAL_FILE)) {
  const report = JSON.parse(readFileSync(INCREMENTAL_FILE, 'utf8'));
  const undetected = new Set(['Survived', 'NoCoverage', 'RuntimeError', 'CompileError']);
  for (const file of Object.values(report.files))
    file.mutants = file.mutants.filter((mutant) => !(mutant.static && undetected.has(mutant.status)));
  writeFileSync(INCREMENTAL_FILE, JSON.stringify(report));
}

const run = spawnSync(
  resolve(root, 'node_modules/.bin/stryker'),
  ['run', '--incremental', ...args.filter((arg) => !OWN_FLAGS.includes(arg))],
  { stdio: 'inherit', cwd: root },
);
if (existsSync(INCREMENTAL_FILE)) {
  const report = JSON.parse(readFileSync(INCREMENTAL_FILE, 'utf8'));
  // Stryker carries over the earlier results of modules this run did not mutate; the file holds today's modules only
  // (a module left out of MUTATED is tested afresh when it comes back, against the tests of that day).
  const { MUTATED } = await import('../stryker.config.mjs');
  report.files = Object.fromEntries(Object.entries(report.files).filter(([path]) => MUTATED.includes(path)));
  writeFileSync(INCREMENTAL_FILE, `${JSON.stringify(stableReport(report), null, 2)}\n`);
}
process.exit(run.status ?? 1);

/** The report with files, mutants and tests sorted, ids numbered in that order, and every object's keys sorted. */
function stableReport(report) {
  const compareText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const at = ({ start, end }) => [start.line, start.column, end.line, end.column];
  const compareLocation = (a, b) => {
    const [x, y] = [at(a), at(b)];
    return x.map((value, i) => value - y[i]).find((difference) => difference !== 0) ?? 0;
  };

  const testIds = new Map();
  const testFiles = Object.fromEntries(
    Object.keys(report.testFiles ?? {})
      .sort(compareText)
      .map((path) => {
        const file = report.testFiles[path];
        const tests = [...file.tests].sort((a, b) => compareText(a.name, b.name));
        for (const test of tests) testIds.set(test.id, String(testIds.size));
        return [path, { ...file, tests: tests.map((test) => ({ ...test, id: testIds.get(test.id) })) }];
      }),
  );
  const remap = (ids) =>
    ids?.map((id) => testIds.get(id) ?? id).sort((a, b) => Number(a) - Number(b) || compareText(a, b));

  let mutantId = 0;
  const files = Object.fromEntries(
    Object.keys(report.files)
      .sort(compareText)
      .map((path) => {
        const file = report.files[path];
        const mutants = [...file.mutants]
          .sort(
            (a, b) =>
              compareLocation(a.location, b.location) ||
              compareText(a.mutatorName, b.mutatorName) ||
              compareText(a.replacement ?? '', b.replacement ?? ''),
          )
          // A timed-out or crashed mutant has no killing test: Stryker leaves the list out when it ran the mutant and
          // writes it empty when it reused the result; left out either way, the file does not change.
          .map(({ killedBy, ...mutant }) => ({
            ...mutant,
            id: String(mutantId++),
            ...(mutant.coveredBy && { coveredBy: remap(mutant.coveredBy) }),
            ...(killedBy?.length ? { killedBy: remap(killedBy) } : {}),
          }));
        return [path, { ...file, mutants }];
      }),
  );
  // The absolute path of the checkout it ran in: not read back, and different on every machine.
  const { projectRoot: _root, ...rest } = report;
  return sortKeys({ ...rest, files, testFiles });
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}
