/**
 * The platform's CLI, pinned: `base44` 0.1.18 from the npm registry, the version docs/deploy.md describes. Its own code
 * is what decides how a deploy reads this project, so the deploy check (scripts/deploy-check.mjs) runs that code rather
 * than a copy of its rules, and `npm run deploy:local` runs the whole CLI against the local platform.
 *
 * `npm install base44` fails here and in CI (one of its dependencies, `@deno/loader`, is a tarball hosted outside the
 * npm registry). So the tarball is fetched with `npm pack` (the registry's file, byte for byte), checked against the
 * sha512 integrity committed below, kept in `node_modules/.cache/` (a fresh clone, or CI, fetches it once), and
 * unpacked afresh into a folder of its own for every use. `dist/cli/index.js` is one ES module of the CLI's whole
 * code; at load it imports Node's built-in modules, and its js-yaml requires `esprima` by name (an optional package it
 * does without); its commands that bundle or run functions import esbuild, `@deno/loader` and miniflare lazily. None of
 * those packages is in the tarball, and Node would resolve such a name from any `node_modules` above the folder the
 * tarball was unpacked into, so the CLI's code runs under scripts/base44-cli-guard/: it loads Node's built-ins and its
 * tarball's own files, and a name is refused with a message naming it.
 * For the deploy check, `dist/cli/index.js` is loaded with one line added at its end that exports the functions the
 * CLI itself calls to read a project and build its site. Those functions are not part of the package's public
 * exports; their names are the bundle's own (`// src/core/project/config.ts` and its neighbours in the package's
 * source map), and a name the bundle does not define fails the load.
 * Nothing here logs in or opens a connection, apart from `npm pack` when the tarball is not cached yet.
 */

import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { guardCliModules } from './base44-cli-guard/index.mjs';

/** The pinned CLI: the registry's `dist.integrity` of `base44@0.1.18` (`npm view base44@0.1.18 dist.integrity`). */
export const PINNED_CLI = {
  name: 'base44',
  version: '0.1.18',
  integrity:
    'sha512-hEdlhAeieHN3EG/c4KpTN6cz1iRyfeO+gloprkGlYy1x7CIhyFDiM2CwfhegZpJuMPbojXrFprLBq0AFR+oc4g==',
};

const root = resolve(import.meta.dirname, '..');
/**
 * Where the tarball is kept and unpacked (git-ignored with node_modules/); `BASE44_CLI_CACHE` names another folder
 * (the tests put one where a planted package sits above it).
 */
export const CLI_CACHE_DIR = process.env.BASE44_CLI_CACHE
  ? resolve(process.env.BASE44_CLI_CACHE)
  : resolve(root, 'node_modules/.cache/base44-cli');
const tarballName = `${PINNED_CLI.name}-${PINNED_CLI.version}.tgz`;
const CLI_MODULE = 'package/dist/cli/index.js';

/**
 * A project as the CLI's `readProjectSettings` returns it: its config file, validated by the CLI's zod schema, with
 * `root` (the folder the CLI took for the project root: the first one, walking up, with `base44/config.json(c)`) and
 * `configPath`.
 * @typedef {{ name: string, description?: string, visibility?: 'public' | 'private' | 'workspace',
 *   site?: { buildCommand: string, serveCommand?: string, outputDirectory?: string, installCommand: string },
 *   entitiesDir: string, functionsDir: string, connectorsDir: string, root: string, configPath: string }} CliProjectSettings
 */
/**
 * What `readProjectConfig` gives `deploy`: everything it would push, in the CLI's own reading. A function's
 * `filePaths` are every file the CLI uploads for it: its own folder's and `base44/shared/`'s.
 * @typedef {{ project: CliProjectSettings,
 *   entities: { name: string, rls?: Record<string, unknown>, [key: string]: unknown }[],
 *   functions: { name: string, entry: string, entryPath: string, filePaths: string[] }[],
 *   connectors: { type: string }[] }} CliProject
 */
/**
 * The CLI's own functions, as its commands call them:
 * - `findProjectRoot(start)` walks up from `start` to the first folder holding `base44/config.json(c)`;
 * - `readProjectConfig(root)`: what `deploy` reads (src/core/project/config.ts);
 * - `readProjectSettings(root)`: what `site deploy` and the build read (same file);
 * - `siteOutputDir(project)`: where `site deploy` takes the site from (src/cli/commands/site/deploy.ts):
 *   `site.outputDirectory` resolved against the project root;
 * - `runSiteBuild(ctx, { root, buildCommand, appId })`: what `base44 build`, `deploy --build` and `site deploy --build`
 *   run (src/cli/commands/project/site-build.ts): `buildCommand` through a shell in `root`, its environment the
 *   caller's with `VITE_BASE44_APP_ID` added.
 * @typedef {{
 *   findProjectRoot(start: string): { root: string, configPath: string } | null,
 *   readProjectConfig(projectRoot?: string): Promise<CliProject>,
 *   readProjectSettings(projectRoot?: string): Promise<CliProjectSettings>,
 *   siteOutputDir(project: CliProjectSettings): string | null,
 *   runSiteBuild(ctx: { runTask: (message: string, task: () => Promise<unknown>) => Promise<unknown> },
 *     options: { root: string, buildCommand: string | undefined, appId: string }): Promise<void>,
 * }} Base44Cli
 */

/** The functions this file exports from the bundle, each under its own name (all top-level declarations there). */
const EXPORTED = [
  'findProjectRoot',
  'readProjectConfig',
  'readProjectSettings',
  'siteOutputDir',
  'runSiteBuild',
];

/** The sha512 integrity string (`sha512-<base64>`) of `bytes`, as npm writes it. */
/** @param {Buffer} bytes */
export function integrityOf(bytes) {
  return `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
}

/** The pinned tarball's bytes: from the cache, else fetched once with `npm pack`; refused unless the integrity matches. */
/** @returns {Buffer} */
export function cliTarball() {
  const cached = resolve(CLI_CACHE_DIR, tarballName);
  if (existsSync(cached)) {
    const bytes = readFileSync(cached);
    if (integrityOf(bytes) === PINNED_CLI.integrity) return bytes;
    rmSync(cached, { force: true }); // a damaged or foreign file: fetched again below
  }
  // Into a folder of its own, then renamed: two processes fetching at once never read a half-written file.
  const staging = resolve(CLI_CACHE_DIR, `fetch-${randomUUID()}`);
  mkdirSync(staging, { recursive: true });
  try {
    const spec = `${PINNED_CLI.name}@${PINNED_CLI.version}`;
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const packed = spawnSync(npm, ['pack', spec, '--pack-destination', staging, '--silent'], {
      encoding: 'utf8',
      cwd: staging,
    });
    const file = resolve(staging, tarballName);
    if (packed.status !== 0 || !existsSync(file)) {
      throw new Error(
        `could not fetch ${spec} with \`npm pack\` (exit ${packed.status ?? packed.signal}): ${(packed.stderr ?? '').trim()}`,
      );
    }
    const bytes = readFileSync(file);
    const integrity = integrityOf(bytes);
    if (integrity !== PINNED_CLI.integrity) {
      throw new Error(
        `${spec} from the registry has the integrity ${integrity}, not the pinned ${PINNED_CLI.integrity}: refused`,
      );
    }
    renameSync(file, cached);
    return bytes;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The regular files of a gzipped tar archive (ustar, with pax `path` records), in order: `{ name, body }`.
 * @param {Buffer} tgz @returns {Generator<{ name: string, body: Buffer }>}
 */
export function* tarFiles(tgz) {
  const tar = gunzipSync(tgz);
  const text = (/** @type {number} */ start, /** @type {number} */ length) =>
    tar.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  let offset = 0;
  /** @type {string | null} */
  let paxPath = null;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = text(offset + 156, 1);
    const prefix = text(offset + 345, 155);
    const name = paxPath ?? (prefix ? `${prefix}/${text(offset, 100)}` : text(offset, 100));
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1] ?? null;
      continue;
    }
    paxPath = null;
    if (type === '0' || type === '') yield { name, body: Buffer.from(body) };
  }
}

/** The file at `path` inside a gzipped tar archive, or null when it is not there. */
/** @param {Buffer} tgz @param {string} path @returns {Buffer | null} */
export function readTarEntry(tgz, path) {
  for (const file of tarFiles(tgz)) if (file.name === path) return file.body;
  return null;
}

/** A new, empty folder of the cache for one use of the CLI's code. */
function freshCliFolder(/** @type {string} */ purpose) {
  const dir = resolve(
    CLI_CACHE_DIR,
    `${PINNED_CLI.name}-${PINNED_CLI.version}-${purpose}-${process.pid}-${randomUUID()}`,
  );
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * The verified tarball unpacked into a folder of its own (the package's files under `package/`), with `remove()` to
 * delete it. A name that would leave the folder (`..`, an absolute path) fails: the integrity check makes it
 * impossible, but nothing is written on that assumption alone.
 * @returns {{ dir: string, bin: string, remove(): void }}
 */
export function unpackCli() {
  const dir = freshCliFolder('run');
  for (const { name, body } of tarFiles(cliTarball())) {
    const target = resolve(dir, name);
    if (relative(dir, target).startsWith('..') || isAbsolute(relative(dir, target))) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        `${PINNED_CLI.name}@${PINNED_CLI.version}: the tarball names a file outside its folder: ${name}`,
      );
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, body);
  }
  return {
    dir,
    bin: resolve(dir, 'package/bin/run.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The folder of this script's guard for the CLI's code (scripts/base44-cli-guard/). */
export const CLI_GUARD_PRELOAD = resolve(import.meta.dirname, 'base44-cli-guard/preload.mjs');

/**
 * Runs the whole pinned CLI (`base44 <args>`), unpacked from its verified tarball and held to it by the guard, in a
 * child process; resolves with its exit status and output, and deletes the unpacked copy. `env` is the child's whole
 * environment (nothing of this process's is added but `PATH`).
 * @param {string[]} args @param {{ cwd: string, env?: NodeJS.ProcessEnv, stdio?: 'pipe' | 'inherit' }} options
 * @returns {{ status: number | null, stdout: string, stderr: string }}
 */
export function runBase44Cli(args, options) {
  const cli = unpackCli();
  try {
    const result = spawnSync(
      process.execPath,
      ['--import', pathToFileURL(CLI_GUARD_PRELOAD).href, cli.bin, ...args],
      {
        cwd: options.cwd,
        env: { PATH: process.env.PATH, ...options.env, BASE44_CLI_GUARD_ROOT: cli.dir },
        encoding: 'utf8',
        stdio: options.stdio ?? 'pipe',
      },
    );
    return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  } finally {
    cli.remove();
  }
}

/** @type {Promise<Base44Cli> | undefined} */
let loaded;

/**
 * Loads the pinned CLI's own project reader and site build (once per process), its code held to the verified tarball
 * (scripts/base44-cli-guard/).
 */
/** @returns {Promise<Base44Cli>} */
export function loadBase44Cli() {
  loaded ??= (async () => {
    const code = readTarEntry(cliTarball(), CLI_MODULE);
    if (!code) throw new Error(`${PINNED_CLI.name}@${PINNED_CLI.version}: no ${CLI_MODULE} in its tarball`);
    // Written afresh from the checked tarball on every load (a file left in the cache is never trusted as it is).
    const dir = freshCliFolder('reader');
    const file = resolve(dir, 'index.mjs');
    writeFileSync(file, Buffer.concat([code, Buffer.from(`\nexport { ${EXPORTED.join(', ')} };\n`)]));
    guardCliModules(dir);
    try {
      return /** @type {Base44Cli} */ (await import(pathToFileURL(file).href));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return loaded;
}
