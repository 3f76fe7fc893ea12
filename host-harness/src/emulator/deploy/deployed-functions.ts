import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FunctionCatalog, FunctionDefinition } from '../functions/index.ts';
import type { DeployedFunction, DeployStore } from './deploy-store.ts';
import { functionFilePath } from './upload-paths.ts';

/**
 * The functions an app serves: each one the platform's CLI deployed, in front of the project's own folder
 * (`base44/functions/`), which serves every name nothing was deployed under (and, after a reset, all of them again).
 * A deployed function runs from its uploaded files, written once to a folder named by their digest and laid out as
 * the CLI read them (`functions/<name>/index.ts` beside `shared/…` for files that climb two folders), so the
 * harness bundles and runs them exactly as it runs the project's.
 */
export class DeployedFunctions implements FunctionCatalog {
  constructor(
    private readonly store: DeployStore,
    private readonly appId: string,
    private readonly project: FunctionCatalog,
    /** Where uploaded files are written (a folder of this user's own: see `functionFilesRoot`). */
    private readonly root: string,
  ) {}

  find(name: string): FunctionDefinition | null {
    const deployed = this.store.function(this.appId, name);
    if (!deployed) return this.project.find(name);
    if (deployed.removed) return null;
    return writtenOut(this.root, deployed);
  }

  list(): string[] {
    const deployed = this.store.functions(this.appId);
    const removed = new Set(deployed.filter((fn) => fn.removed).map((fn) => fn.name));
    const names = new Set([...this.project.list(), ...deployed.map((fn) => fn.name)]);
    return [...names].filter((name) => !removed.has(name)).sort();
  }

  /** The function as the project's folder has it (null when it has none), whatever was deployed over it. */
  projectFunction(name: string): FunctionDefinition | null {
    return this.project.find(name);
  }

  projectNames(): string[] {
    return this.project.list();
  }
}

/**
 * The folders of a function's own folder below the digest's, deep enough that a file climbing `climb` folders stays
 * inside: none, `<name>`, `functions/<name>` (the project's layout), then `nested/…` above that.
 */
function folderOf(name: string, climb: number): string[] {
  if (climb === 0) return [];
  if (climb === 1) return [name];
  return [...Array.from({ length: climb - 2 }, () => 'nested'), 'functions', name];
}

/**
 * The deployed function's files on disk (written once per digest: a folder appears whole, by rename, or not at all),
 * and its definition for the runner.
 */
export function writtenOut(root: string, fn: DeployedFunction): FunctionDefinition {
  const placed = fn.files.map((file) => ({ file, where: functionFilePath(file.path) }));
  const climb = Math.max(...placed.map((p) => p.where.climb));
  const own = folderOf(fn.name, climb);
  const folder = path.join(root, fn.digest);
  const dir = path.join(folder, ...own);
  if (!existsSync(folder)) {
    const staging = `${folder}.${randomBytes(6).toString('hex')}.partial`;
    for (const { file, where } of placed) {
      // Paths checked by functionFilePath: `climb` folders up from the function's own, then plain names.
      const target = path.join(staging, ...own.slice(0, own.length - where.climb), where.below);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, file.content);
    }
    try {
      renameSync(staging, folder);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      // Another process wrote the same digest first: its folder holds the same files.
      if (!existsSync(folder)) throw error;
    }
  }
  return { name: fn.name, dir, entry: path.join(dir, fn.entry) };
}

/**
 * A folder for deployed functions' files: the data folder's when the emulator keeps one, else one in the system's
 * temporary folder that only this user can write (the same one every run, so that bundles built from it stay
 * cached), or a fresh one when that name is taken by someone else.
 */
export function functionFilesRoot(dataDir: string | null): string {
  if (dataDir) return path.join(dataDir, 'deployed-functions');
  const uid = process.getuid?.() ?? 0;
  const shared = path.join(tmpdir(), `harness-deployed-functions-${uid}`);
  try {
    mkdirSync(shared, { recursive: true, mode: 0o700 });
    const stat = statSync(shared);
    if (stat.uid === uid && (stat.mode & 0o077) === 0) return shared;
  } catch {
    // Not writable: a fresh folder below.
  }
  return mkdtempSync(path.join(tmpdir(), 'harness-deployed-functions-'));
}
