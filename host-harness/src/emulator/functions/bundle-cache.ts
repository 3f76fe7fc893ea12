import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Bundles kept until a file they were built from changes, in memory and on disk (node_modules/.cache, where tools keep
 * theirs): a restart, a cold start, another harness process or test file reuses the build instead of running esbuild
 * over both SDKs again.
 */

export interface CachedBundle<T> {
  value: T;
  /** Every file the bundle was built from (node_modules included) and package.json, with their times. */
  files: [string, number][];
}

const memory = new Map<string, CachedBundle<unknown>>();

/** A file's modification time, or -1 when it is gone. */
export function modified(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function fresh<T>(entry: CachedBundle<T> | undefined): entry is CachedBundle<T> {
  return entry?.files.every(([file, time]) => modified(file) === time) ?? false;
}

function cacheFile(projectRoot: string, key: string): string {
  const name = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return path.join(projectRoot, 'node_modules/.cache/harness-function-bundles', `${name}.json`);
}

/** The cached value for `key`, or null when there is none or a file it came from changed. */
export function cachedBundle<T>(projectRoot: string, key: string): T | null {
  const inMemory = memory.get(key) as CachedBundle<T> | undefined;
  if (fresh(inMemory)) return inMemory.value;
  try {
    const onDisk = JSON.parse(readFileSync(cacheFile(projectRoot, key), 'utf8')) as CachedBundle<T>;
    if (!fresh(onDisk)) return null;
    memory.set(key, onDisk);
    return onDisk.value;
  } catch {
    return null;
  }
}

/** Keeps `value`, built from `files` (absolute paths). A cache that cannot be written is only slower. */
export function keepBundle<T>(projectRoot: string, key: string, value: T, files: string[]): void {
  const entry: CachedBundle<T> = { value, files: files.map((file) => [file, modified(file)]) };
  memory.set(key, entry);
  const target = cacheFile(projectRoot, key);
  try {
    mkdirSync(path.dirname(target), { recursive: true });
    // Written aside, then renamed: a reader in another process sees the old file or the whole new one.
    const aside = `${target}.${process.pid}.tmp`;
    writeFileSync(aside, JSON.stringify(entry));
    renameSync(aside, target);
  } catch {
    // A read-only node_modules: the memory cache still serves this process.
  }
}
