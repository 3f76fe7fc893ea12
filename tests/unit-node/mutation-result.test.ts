/**
 * The committed mutation result (tests/mutation/stryker-incremental.json): the score over the scope, the share of
 * ignored mutants, and a 100% score on every money, access and token module (CRITICAL in stryker.config.mjs).
 * CI's mutation step re-tests what changed and rewrites the file; this reads the file as committed, so a result that
 * falls below these bars cannot be committed with the tests green.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { CRITICAL, MUTATED } from '../../stryker.config.mjs';

interface Mutant {
  status: string;
  statusReason?: string;
  mutatorName: string;
  location: { start: { line: number; column: number } };
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

const root = resolve(import.meta.dirname, '../..');
const report: Report = JSON.parse(
  readFileSync(resolve(root, 'tests/mutation/stryker-incremental.json'), 'utf8'),
);
const DETECTED = new Set(['Killed', 'Timeout']);
// Stryker's reason for a static mutant left untested (`ignoreStatic` in stryker.config.mjs).
const STATIC_REASON = 'Static mutant (and "ignoreStatic" was enabled)';
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const count = (mutants: Mutant[], statuses: Set<string>) =>
  mutants.filter((m) => statuses.has(m.status)).length;
const scoreOf = (mutants: Mutant[]) => {
  const detected = count(mutants, DETECTED);
  const valid = detected + count(mutants, UNDETECTED);
  return valid === 0 ? 100 : (100 * detected) / valid;
};
const isCritical = (path: string) =>
  CRITICAL.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));
const describeMutant = (path: string, m: Mutant) =>
  `${path}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ${m.status}`;

describe('the committed mutation result', () => {
  const all = Object.values(report.files).flatMap((file) => file.mutants);

  it('holds results only for the modules mutated today', () => {
    for (const path of Object.keys(report.files)) expect(MUTATED, path).toContain(path);
  });

  it('scores at least the break threshold over the whole scope', () => {
    expect(config.thresholds.break).toBe(90);
    expect(scoreOf(all)).toBeGreaterThanOrEqual(90);
  });

  it('ignores at most 2% of the mutants by comment', () => {
    const byComment = all.filter((m) => m.status === 'Ignored' && m.statusReason !== STATIC_REASON);
    expect(byComment.length / all.length).toBeLessThanOrEqual(0.02);
  });

  it('leaves untested only the static mutants the configuration names, at most a tenth of them', () => {
    expect(config.ignoreStatic).toBe(true);
    const statics = all.filter((m) => m.statusReason === STATIC_REASON);
    expect(statics.every((m) => m.status === 'Ignored')).toBe(true);
    expect(statics.length / all.length).toBeLessThanOrEqual(0.1);
  });

  it('names money, access and token modules that are all mutated', () => {
    for (const entry of CRITICAL as string[]) {
      const matches = MUTATED.filter((path) => isCritical(path) && path.startsWith(entry));
      expect(matches.length, entry).toBeGreaterThan(0);
    }
  });

  it('kills every mutant of the money, access and token modules', () => {
    const left = Object.entries(report.files)
      .filter(([path]) => isCritical(path))
      .flatMap(([path, file]) =>
        file.mutants.filter((m) => UNDETECTED.has(m.status)).map((m) => describeMutant(path, m)),
      );
    expect(left).toEqual([]);
  });
});
