import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonc } from '../core/jsonc.ts';
import { FunctionFailedError } from './function-errors.ts';

/** A function of the project: `<functionsDir>/<name>/function.jsonc` and its entry file. */
export interface FunctionDefinition {
  name: string;
  dir: string;
  /** Absolute path of the entry file. */
  entry: string;
}

/** The platform's function names (no dots); anything else can never name a folder, so `..` never escapes. */
const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const CONFIG_FILE = 'function.jsonc';

/**
 * The function called `name`, or null when the project has none by that name. A folder whose `function.jsonc` is
 * broken, or whose entry is missing or outside the folder, is a `FunctionFailedError`.
 */
export function findFunction(functionsDir: string, name: string): FunctionDefinition | null {
  if (!NAME.test(name)) return null;
  const dir = path.join(functionsDir, name);
  let text: string;
  try {
    text = readFileSync(path.join(dir, CONFIG_FILE), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
  let config: unknown;
  try {
    config = parseJsonc(text);
  } catch (error) {
    throw new FunctionFailedError(name, `${CONFIG_FILE} is not valid JSON (${(error as Error).message})`);
  }
  const entryName = (config as { entry?: unknown } | null)?.entry;
  if (typeof entryName !== 'string' || entryName === '')
    throw new FunctionFailedError(name, `${CONFIG_FILE} names no entry file`);
  const entry = path.resolve(dir, entryName);
  if (!entry.startsWith(dir + path.sep) || !existsSync(entry))
    throw new FunctionFailedError(name, `its entry ${entryName} is not a file inside its folder`);
  return { name, dir, entry };
}

/** The names of every function folder of the project (for warming them up). */
export function listFunctions(functionsDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(functionsDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => NAME.test(name) && existsSync(path.join(functionsDir, name, CONFIG_FILE)))
    .sort();
}

/** Where the runner finds functions: the project's folder (`projectCatalog`), or what was deployed over it. */
export interface FunctionCatalog {
  /** The function called `name`, or null when there is none (a broken one is a `FunctionFailedError`). */
  find(name: string): FunctionDefinition | null;
  /** The names of every function, for warming them up. */
  list(): string[];
}

/** The functions of the project's folder (`<functionsDir>/<name>/function.jsonc`), read afresh on every call. */
export function projectCatalog(functionsDir: string): FunctionCatalog {
  return { find: (name) => findFunction(functionsDir, name), list: () => listFunctions(functionsDir) };
}
