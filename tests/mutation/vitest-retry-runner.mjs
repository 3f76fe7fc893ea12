// @ts-check
/**
 * The Vitest test runner of StrykerJS, with two fixes: a mutant run that did not execute the tests it was given is not
 * a verdict, and a mutant that makes a test file fail to load is detected (see fileLoadFailure below).
 *
 * With `@stryker-mutator/vitest-runner` 9.6.1 and Vitest 4.1, a mutant run now and then comes back with its test
 * files collected but some or all of their tests not run (Vitest's state holds result-less tasks, most often right
 * after a run that bailed on a failure). The runner drops result-less tests and scores what is left: when the lost
 * tests were the ones that fail, a mutant that the tests kill is reported as a survivor, at random (measured here: in
 * one full run, 3 survivors of 556 mutants had run 2 of 32, 2 of 51 and 16 of 40 of their tests; in an earlier one,
 * 2 of 46 mutants of auth-errors.ts ran none). Upstream: stryker-mutator/stryker-js issues 6073 and 6213, pull
 * request 6146 (which retries the empty runs).
 *
 * A survived run that executed fewer tests than it was given (or none, when it was given all) is run again; the run
 * that follows is complete in practice. When it stays short the mutant is reported as an error, which Stryker leaves
 * out of the score instead of counting it as a survivor. Drop this plugin (and `testRunner: 'vitest-retrying'`) once
 * the upstream runner does the same.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { DryRunStatus, MutantRunStatus } from '@stryker-mutator/api/test-runner';
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

const ATTEMPTS = 3;

/**
 * The dry run's test ids by test file, written to the sandbox (every worker runs there; only one does the dry run,
 * before any mutant): a mutant that makes a file fail to load is reported as killed by that file's tests, so that
 * Stryker's incremental mode can reuse the result (it reuses a kill only while one of its killing tests is unchanged).
 */
// Resolved when used: a worker starts in the repository and then moves to the sandbox.
const dryRunTests = () => resolve('.stryker-dry-run-tests.json');
/** @type {Record<string, string[]> | undefined} */
let testsByFile;
/** @param {string} file */
function testsOf(file) {
  try {
    testsByFile ??= JSON.parse(readFileSync(dryRunTests(), 'utf8'));
  } catch {
    testsByFile = {};
  }
  return testsByFile?.[resolve(file)] ?? [];
}

const vitest = vitestPlugins.find((plugin) => plugin.name === 'vitest');
if (!vitest || !('factory' in vitest))
  throw new Error('@stryker-mutator/vitest-runner has no "vitest" runner');
const vitestFactory = vitest.factory;

/**
 * @param {import('@stryker-mutator/api/plugin').Injector} injector
 * @param {import('@stryker-mutator/api/logging').Logger} log
 * @returns {import('@stryker-mutator/api/test-runner').TestRunner}
 */
function createRetryingVitestRunner(injector, log) {
  /** @type {import('@stryker-mutator/api/test-runner').TestRunner} */
  const inner = injector.injectFunction(/** @type {never} */ (vitestFactory));
  return {
    capabilities: () => inner.capabilities(),
    init: async () => inner.init?.(),
    async dryRun(options) {
      const result = await inner.dryRun(options);
      if (result.status === DryRunStatus.Complete) {
        /** @type {Record<string, string[]>} */
        const byFile = {};
        for (const test of result.tests) {
          if (!test.fileName) continue;
          const file = resolve(test.fileName);
          byFile[file] = [...(byFile[file] ?? []), test.id];
        }
        writeFileSync(dryRunTests(), JSON.stringify(byFile));
      }
      return result;
    },
    dispose: async () => inner.dispose?.(),
    async mutantRun(options) {
      for (let attempt = 1; ; attempt++) {
        const result = await inner.mutantRun(options);
        // Without a filter the mutant is run against every test: at least one must have run.
        const expected = Math.max(options.testFilter?.length ?? 1, 1);
        if (result.status !== MutantRunStatus.Survived || result.nrOfTests >= expected) return result;
        // A test file that failed to load (its module threw on import: a static mutant that breaks a top-level
        // constructor such as `new Intl.DateTimeFormat(..., { timeZone: '' })`) runs none of its tests, and the upstream
        // runner scores the mutant as a survivor with no test run. Every file loaded in the dry run, so the mutant is
        // what broke it: the tests detect it.
        const loadFailure = fileLoadFailure(inner);
        if (loadFailure !== null)
          return {
            status: MutantRunStatus.Killed,
            killedBy: testsOf(loadFailure.file),
            failureMessage: loadFailure.message,
            nrOfTests: 0,
          };
        const short = `${result.nrOfTests} of ${options.testFilter?.length ?? 'all'} tests`;
        if (attempt === ATTEMPTS) {
          log.warn(
            `Mutant ${options.activeMutant.id}: ${ATTEMPTS} runs executed ${short}; reported as an error`,
          );
          return {
            status: MutantRunStatus.Error,
            errorMessage: `Vitest executed only ${short} of the mutant in ${ATTEMPTS} runs`,
          };
        }
        log.info(`Mutant ${options.activeMutant.id}: the run executed ${short}; running it again`);
      }
    },
  };
}
createRetryingVitestRunner.inject = tokens(commonTokens.injector, commonTokens.logger);

/**
 * The first load error of the last run's test files (a file whose suite failed with errors of its own), or null.
 * Reads the upstream runner's Vitest instance (`ctx`), as the upstream runner reads it after each run.
 * @param {unknown} runner
 * @returns {{ file: string, message: string } | null}
 */
function fileLoadFailure(runner) {
  /** @type {{ ctx?: { state?: { getFiles(): { name: string, filepath: string, result?: { state?: string, errors?: { message?: string }[] } }[] } } }} */
  const { ctx } = /** @type {never} */ (runner);
  for (const file of ctx?.state?.getFiles() ?? []) {
    const error = file.result?.state === 'fail' ? file.result.errors?.[0] : undefined;
    if (error)
      return { file: file.filepath, message: `${file.name} failed to load: ${error.message ?? 'an error'}` };
  }
  return null;
}

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, 'vitest-retrying', createRetryingVitestRunner),
];
