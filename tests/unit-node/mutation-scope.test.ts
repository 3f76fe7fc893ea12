/**
 * The scope of mutation testing (stryker.config.mjs, issue 34): every `.ts` module of the site, the backend functions
 * and the harness, less an exclusion list whose every entry names a module that exists and says why it holds no
 * decision; at least three quarters of those modules' lines are mutated.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { EXCLUDED, SCOPE } from '../../stryker.config.mjs';

const root = resolve(import.meta.dirname, '../..');
const ROOTS = ['src', 'base44', 'host-harness/src'];

function* modules(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* modules(path);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) yield relative(root, path);
  }
}

const all = ROOTS.flatMap((dir) => [...modules(resolve(root, dir))]);
const lines = (file: string) => readFileSync(resolve(root, file), 'utf8').split('\n').length;
const excluded = Object.entries(EXCLUDED as Record<string, string>);

describe('the mutation scope', () => {
  it('is every .ts module under src/, base44/ and host-harness/src, less the exclusion list', () => {
    expect(SCOPE).toEqual(['src/**/*.ts', 'base44/**/*.ts', 'host-harness/src/**/*.ts']);
    expect(config.mutate).toEqual([...SCOPE, '!**/*.d.ts', ...excluded.map(([path]) => `!${path}`)]);
  });

  it('excludes only modules that exist, each with the reason it holds no decision', () => {
    for (const [path, reason] of excluded) {
      expect(all, path).toContain(path);
      expect(reason.trim().length, path).toBeGreaterThan(5);
    }
  });

  it('mutates at least 75% of the lines of those modules', () => {
    const total = all.reduce((sum, file) => sum + lines(file), 0);
    const out = excluded.reduce((sum, [path]) => sum + lines(path), 0);
    expect((total - out) / total).toBeGreaterThanOrEqual(0.75);
  });
});
