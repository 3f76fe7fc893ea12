/**
 * The platform CLI's code runs held to its verified tarball (scripts/base44-cli-guard/): Node's built-ins and the
 * tarball's own files load; a package name is refused with a message naming it, however it is asked for, even when a
 * package of that name sits in a `node_modules` folder above the CLI's (where Node would otherwise find and run it).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deployCheck, repoRoot } from './project-copy.ts';

const PRELOAD = join(repoRoot, 'scripts/base44-cli-guard/preload.mjs');
const TARBALL = join(repoRoot, 'node_modules/.cache/base44-cli/base44-0.1.18.tgz');

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** A folder holding `node_modules/<name>/` for each name: a package that writes `<folder>/<name>-ran` when it loads. */
function plantPackages(names: string[]): string {
  scratch = mkdtempSync(join(tmpdir(), 'agency-cli-guard-'));
  for (const name of names) {
    const dir = join(scratch, 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, main: 'index.js' }));
    writeFileSync(
      join(dir, 'index.js'),
      `require('node:fs').writeFileSync(${JSON.stringify(join(scratch, `${name}-ran`))}, 'ran');`,
    );
  }
  return scratch;
}

describe("the platform CLI's code is held to its verified tarball", () => {
  it('deploy:check never runs a package planted above the CLI cache (esprima, which the bundle requires at load)', () => {
    const planted = plantPackages(['esprima']);
    const cache = join(planted, 'cache');
    mkdirSync(cache);
    // The verified tarball, fetched into the repository's cache first if this is a fresh clone.
    if (!existsSync(TARBALL)) deployCheck(['--root', repoRoot]);
    copyFileSync(TARBALL, join(cache, 'base44-0.1.18.tgz'));
    // Without the guard, Node finds it from the cache: this is the package the bundle would run.
    expect(createRequire(join(cache, 'x.js')).resolve('esprima')).toBe(
      join(planted, 'node_modules/esprima/index.js'),
    );
    const run = deployCheck(['--root', repoRoot], { ...process.env, BASE44_CLI_CACHE: cache });
    expect(run.output).toContain('(tarball integrity verified)');
    expect(existsSync(join(planted, 'esprima-ran'))).toBe(false);
  });

  it("a package name is refused by import and by require with a message naming it; built-ins and the CLI's own files load", () => {
    const planted = plantPackages(['esprima', 'esbuild']);
    const cli = join(planted, 'cli');
    mkdirSync(join(cli, 'lib'), { recursive: true });
    writeFileSync(join(cli, 'lib/own.mjs'), 'export const own = "own file";');
    writeFileSync(join(planted, 'outside.mjs'), 'export const outside = true;');
    writeFileSync(
      join(cli, 'main.mjs'),
      `import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { own } from './lib/own.mjs';
const require = createRequire(import.meta.url);
const out = { own, builtin: typeof require('path').join, fs: typeof readFileSync };
const attempt = async (key, load) => { try { await load(); out[key] = 'loaded'; } catch (error) { out[key] = [error.code, error.message]; } };
await attempt('require', () => require('esprima'));
await attempt('resolve', () => require.resolve('esprima'));
await attempt('import', () => import('esbuild'));
await attempt('outside', () => import('../outside.mjs'));
console.log(JSON.stringify(out));
`,
    );
    const run = spawnSync(process.execPath, ['--import', PRELOAD, join(cli, 'main.mjs')], {
      env: { PATH: process.env.PATH, BASE44_CLI_GUARD_ROOT: cli },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const out = JSON.parse(run.stdout);
    const refused = (name: string) =>
      `the platform CLI asked for "${name}", which is neither a Node built-in module nor a file of its verified tarball: refused (scripts/base44-cli-guard)`;
    expect(out).toEqual({
      own: 'own file',
      builtin: 'function',
      fs: 'function',
      require: ['MODULE_NOT_FOUND', refused('esprima')],
      resolve: ['MODULE_NOT_FOUND', refused('esprima')],
      import: ['ERR_MODULE_NOT_FOUND', refused('esbuild')],
      outside: ['ERR_MODULE_NOT_FOUND', refused('../outside.mjs')],
    });
    expect(existsSync(join(planted, 'esprima-ran'))).toBe(false);
    expect(existsSync(join(planted, 'esbuild-ran'))).toBe(false);
  });
});
