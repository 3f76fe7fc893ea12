// @ts-check
/**
 * The Vitest test runner of StrykerJS, with one fix: a mutant run that executed no test at all is not a verdict.
 *
 * With `@stryker-mutator/vitest-runner` 9.6.1 and Vitest 4.1, a mutant run now and then comes back with its test
 * files collected but none of their tests run (Vitest's state holds result-less tasks, most often right after a run
 * that bailed on a failure). The runner drops result-less tests and scores the empty run "survived", so a mutant
 * that the tests kill is reported as a gap, at random (measured here: 2 of 46 mutants of auth-errors.ts in one run,
 * other mutants in the next). Upstream: stryker-mutator/stryker-js issues 6073 and 6213, pull request 6146.
 *
 * A survived run with no test executed is run again (the run that follows is complete in practice); when it stays
 * empty the mutant is reported as an error, which Stryker leaves out of the score instead of counting it as a
 * survivor. Drop this plugin (and `testRunner: 'vitest-retrying'`) once the upstream runner does the same.
 */
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { MutantRunStatus } from '@stryker-mutator/api/test-runner';
import { strykerPlugins as vitestPlugins } from '@stryker-mutator/vitest-runner';

const ATTEMPTS = 3;

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
    dryRun: (options) => inner.dryRun(options),
    dispose: async () => inner.dispose?.(),
    async mutantRun(options) {
      for (let attempt = 1; ; attempt++) {
        const result = await inner.mutantRun(options);
        if (result.status !== MutantRunStatus.Survived || result.nrOfTests > 0) return result;
        if (attempt === ATTEMPTS) {
          log.warn(
            `Mutant ${options.activeMutant.id}: ${ATTEMPTS} runs executed no test; reported as an error`,
          );
          return {
            status: MutantRunStatus.Error,
            errorMessage: `Vitest executed none of the mutant's tests in ${ATTEMPTS} runs`,
          };
        }
        log.debug(`Mutant ${options.activeMutant.id}: the run executed no test; running it again`);
      }
    },
  };
}
createRetryingVitestRunner.inject = tokens(commonTokens.injector, commonTokens.logger);

export const strykerPlugins = [
  declareFactoryPlugin(PluginKind.TestRunner, 'vitest-retrying', createRetryingVitestRunner),
];
