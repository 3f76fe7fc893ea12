import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';
import base from '../../vitest.config.ts';

/**
 * The Vitest projects that the mutation run (stryker.config.mjs) uses: unit tests only, which start no server and
 * listen on no port, so that Stryker's workers can run side by side with anything else on the machine: `unit` and
 * `unit-own-realm` (happy-dom), `unit-node` and `unit-node-isolated` (the decision modules of `base44/functions` and of
 * the harness, in Node).
 */
const MUTATION_PROJECTS: readonly string[] = ['unit', 'unit-own-realm', 'unit-node', 'unit-node-isolated'];

const nameOf = (project: TestProjectConfiguration): string | undefined =>
  typeof project === 'object' && 'test' in project ? project.test?.name?.toString() : undefined;

const projects = (base.test?.projects ?? []).filter((project) => {
  const name = nameOf(project);
  return name !== undefined && MUTATION_PROJECTS.includes(name);
});
if (projects.length !== MUTATION_PROJECTS.length) {
  throw new Error(
    `tests/mutation/vitest.config.ts: not every project of ${MUTATION_PROJECTS} is in vitest.config.ts`,
  );
}

// The test of the committed result reads the file this run is about to rewrite, and covers no mutant: left out.
const RESULT_TEST = 'tests/unit-node/mutation-result.test.ts';
// Each test file in a module graph and process of its own, in Stryker's pool: the pool and the shared module graphs
// vitest.config.ts chooses for quicker test runs are left out, so that mutants run as they always have.
const withoutResultTest = projects.map((project) => {
  if (typeof project !== 'object' || !('test' in project)) return project;
  const { pool: _pool, isolate: _isolate, ...test } = project.test ?? {};
  return {
    ...project,
    test: { ...test, exclude: [...(test.exclude ?? configDefaults.exclude), RESULT_TEST] },
  };
});

export default defineConfig({ ...base, test: { ...base.test, projects: withoutResultTest } });
