/**
 * Whether the committed mutation result (tests/mutation/stryker-incremental.json) is what an incremental Stryker run
 * would give today without running a single mutant: Stryker reuses a mutant's result while its module's code and the
 * tests that covered or killed it are unchanged, so when every mutated module and every test file the result records
 * are byte for byte the ones it was written from, and the modules and mutators are the same, a run would reuse every
 * result. `npm test` then skips Stryker's start and dry run (about 100 s on a 2-core machine).
 */
import { existsSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

/**
 * The options that decide which mutants exist and how they are run; one changed means a real run. The file records
 * them with Stryker's defaults filled in: these are Stryker 9.6's defaults for the ones our config leaves out.
 */
const DECIDING_OPTIONS = {
  mutate: undefined,
  mutator: { excludedMutations: [], plugins: null },
  ignoreStatic: false,
  ignorers: [],
  coverageAnalysis: 'perTest',
  testRunner: undefined,
  vitest: undefined,
};

/** Whether `recorded` is `ours` (for an object of ours: each of its keys; the others are defaults filled in). */
function matches(/** @type {unknown} */ recorded, /** @type {unknown} */ ours) {
  if (ours && typeof ours === 'object' && !Array.isArray(ours)) {
    if (!recorded || typeof recorded !== 'object') return false;
    const record = /** @type {Record<string, unknown>} */ (recorded);
    return Object.entries(ours).every(([key, value]) => matches(record[key], value));
  }
  return isDeepStrictEqual(recorded, ours);
}

/**
 * Why the result would not be reused as it is (empty: it would, entirely). `report`: the incremental file's content;
 * `config`: Stryker's options as `stryker.config.mjs` exports them; `read(path)`: a file of the repository, or null.
 * @param {{ config?: Record<string, unknown>, files: Record<string, { source: string }>,
 *   testFiles?: Record<string, { source: string }> }} report
 * @param {Record<string, unknown>} config
 * @param {(path: string) => string | null} read
 * @returns {string[]}
 */
export function staleReasons(report, config, read) {
  const reasons = [];
  const sorted = (/** @type {unknown} */ value) => (Array.isArray(value) ? [...value].sort() : value);
  for (const [key, fallback] of Object.entries(DECIDING_OPTIONS)) {
    if (!matches(sorted(report.config?.[key]), sorted(config[key] ?? fallback)))
      reasons.push(`the option ${key} changed`);
  }
  for (const [path, file] of [...Object.entries(report.files), ...Object.entries(report.testFiles ?? {})]) {
    if (read(path) !== file.source) reasons.push(`${path} changed`);
  }
  return reasons;
}

/** `read` for `staleReasons`: the file under `root`, or null when it is not there. */
export function repositoryReader(/** @type {string} */ root) {
  return (/** @type {string} */ path) => {
    const file = `${root}/${path}`;
    return existsSync(file) ? readFileSync(file, 'utf8') : null;
  };
}
