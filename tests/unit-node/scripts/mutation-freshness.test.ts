/**
 * `npm test`'s mutation step runs Stryker only when the committed result is not what a run would reuse entirely
 * (scripts/mutation-freshness.mjs): a changed module, a changed test file that covered or killed a mutant, or a changed
 * option that decides the mutants.
 */
import { describe, expect, it } from 'vitest';
import { staleReasons } from '../../../scripts/mutation-freshness.mjs';

const config = {
  mutate: ['src/b.ts', 'src/a.ts'],
  testRunner: 'vitest-retrying',
  vitest: { configFile: 'tests/mutation/vitest.config.ts' },
};
/** A result as Stryker writes it: its options with the defaults filled in, each file with the source it mutated. */
const report = () => ({
  config: {
    mutate: ['src/a.ts', 'src/b.ts'],
    mutator: { excludedMutations: [], plugins: null },
    ignoreStatic: false,
    ignorers: [],
    coverageAnalysis: 'perTest',
    testRunner: 'vitest-retrying',
    vitest: { configFile: 'tests/mutation/vitest.config.ts', related: true },
  },
  files: { 'src/a.ts': { source: 'a' }, 'src/b.ts': { source: 'b' } },
  testFiles: { 'tests/a.test.ts': { source: 'test a' } },
});
const repository: Record<string, string> = {
  'src/a.ts': 'a',
  'src/b.ts': 'b',
  'tests/a.test.ts': 'test a',
};
const read = (files: Record<string, string>) => (path: string) => files[path] ?? null;

describe('whether the committed mutation result is current', () => {
  it('is current when every module, test file and deciding option is as recorded', () => {
    expect(staleReasons(report(), config, read(repository))).toEqual([]);
  });

  it('is stale when a mutated module or a recorded test file changed, or is gone', () => {
    expect(staleReasons(report(), config, read({ ...repository, 'src/b.ts': 'b2' }))).toEqual([
      'src/b.ts changed',
    ]);
    const { 'tests/a.test.ts': _gone, ...withoutTest } = repository;
    expect(staleReasons(report(), config, read(withoutTest))).toEqual(['tests/a.test.ts changed']);
  });

  it('is stale when the modules to mutate or the mutators changed', () => {
    expect(staleReasons(report(), { ...config, mutate: ['src/a.ts'] }, read(repository))).toEqual([
      'the option mutate changed',
    ]);
    expect(
      staleReasons(
        report(),
        { ...config, mutator: { excludedMutations: ['StringLiteral'] } },
        read(repository),
      ),
    ).toEqual(['the option mutator changed']);
    expect(
      staleReasons(report(), { ...config, vitest: { configFile: 'other.ts' } }, read(repository)),
    ).toEqual(['the option vitest changed']);
    expect(staleReasons(report(), { ...config, ignoreStatic: true }, read(repository))).toEqual([
      'the option ignoreStatic changed',
    ]);
  });
});
