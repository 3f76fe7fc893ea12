/**
 * The project's functions (`functions/function-catalog.ts`): a function is a folder under the functions folder,
 * named as the platform names them, with a `function.jsonc` (JSONC) naming an entry file inside that folder. A name
 * the platform would not give, or a folder without a `function.jsonc`, is no function; a folder that is one but is
 * misconfigured fails the call with a 500 saying why.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  findFunction,
  listFunctions,
} from '../../../../../host-harness/src/emulator/functions/function-catalog.ts';
import { FunctionFailedError } from '../../../../../host-harness/src/emulator/functions/function-errors.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function emptyFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'functions-'));
  folders.push(dir);
  return dir;
}

/** Adds to `dir` a function `name` whose `function.jsonc` is `config` and whose `index.ts` exists. */
function addFunction(dir: string, name: string, config = '{ "entry": "index.ts" }'): void {
  mkdirSync(path.join(dir, name), { recursive: true });
  writeFileSync(path.join(dir, name, 'function.jsonc'), config);
  writeFileSync(path.join(dir, name, 'index.ts'), 'Deno.serve(() => new Response("ok"));\n');
}

/** A functions folder with one function, `name`, whose `function.jsonc` is `config` and whose entry exists. */
function project(name: string, config: string): string {
  const dir = emptyFolder();
  addFunction(dir, name, config);
  return dir;
}

/** What finding `name` throws: the 500 `function_failed` message, or null when it does not throw. */
function failure(dir: string, name: string): string | null {
  try {
    findFunction(dir, name);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(FunctionFailedError);
    expect([(error as FunctionFailedError).status, (error as FunctionFailedError).code]).toStrictEqual([
      500,
      'function_failed',
    ]);
    return (error as Error).message;
  }
}

describe('function.jsonc', () => {
  it('is read as JSONC: comments and trailing commas', () => {
    const dir = project('hello', '{\n  // the entry\n  "name": "hello",\n  "entry": "index.ts",\n}\n');
    expect(findFunction(dir, 'hello')).toEqual({
      name: 'hello',
      dir: path.join(dir, 'hello'),
      entry: path.join(dir, 'hello', 'index.ts'),
    });
  });

  it('a broken one fails the function with the problem and its position', () => {
    const dir = project('hello', '{\n  "name": "hello"\n  "entry": "index.ts"\n}\n');
    expect(() => findFunction(dir, 'hello')).toThrow(
      'Function hello failed: function.jsonc is not valid JSON (CommaExpected at line 3, column 3)',
    );
  });

  it('an entry in a subfolder of the function is found', () => {
    const dir = project('hello', '{ "entry": "src/main.ts" }');
    mkdirSync(path.join(dir, 'hello', 'src'));
    writeFileSync(path.join(dir, 'hello', 'src', 'main.ts'), '');
    expect(findFunction(dir, 'hello')?.entry).toBe(path.join(dir, 'hello', 'src', 'main.ts'));
  });

  it('one that names no entry (null, no entry, an empty or non-text entry) fails the function', () => {
    for (const config of [
      'null',
      '5',
      '{}',
      '{ "entry": "" }',
      '{ "entry": 5 }',
      '{ "entry": ["index.ts"] }',
    ]) {
      expect(failure(project('hello', config), 'hello'), config).toBe(
        'Function hello failed: function.jsonc names no entry file',
      );
    }
  });

  it('an entry that is missing, or outside the function folder, fails the function', () => {
    for (const entry of ['missing.ts', '../other/index.ts', '../hello-2/index.ts', '.', '/etc/hostname']) {
      const dir = project('hello', JSON.stringify({ entry }));
      addFunction(dir, 'other');
      addFunction(dir, 'hello-2');
      expect(failure(dir, 'hello'), entry).toBe(
        `Function hello failed: its entry ${entry} is not a file inside its folder`,
      );
    }
  });

  it('a function.jsonc that cannot be read (a folder) is an error of its own, not "no function"', () => {
    const dir = emptyFolder();
    mkdirSync(path.join(dir, 'hello', 'function.jsonc'), { recursive: true });
    expect(() => findFunction(dir, 'hello')).toThrow(expect.objectContaining({ code: 'EISDIR' }));
  });
});

describe('findFunction: no such function', () => {
  it('a folder without function.jsonc, no folder, a file in its place, or no functions folder', () => {
    const dir = emptyFolder();
    mkdirSync(path.join(dir, 'bare'));
    writeFileSync(path.join(dir, 'file'), 'x');
    expect(findFunction(dir, 'bare')).toBeNull();
    expect(findFunction(dir, 'absent')).toBeNull();
    expect(findFunction(dir, 'file')).toBeNull();
    expect(findFunction(path.join(dir, 'file'), 'hello')).toBeNull();
    expect(findFunction(path.join(dir, 'none'), 'hello')).toBeNull();
  });

  it('a name the platform would not give is none, even when a folder of that name is a function', () => {
    const dir = emptyFolder();
    for (const name of ['has.dot', 'a b', 'é']) addFunction(dir, name);
    addFunction(path.join(dir, 'inner'), 'nested');
    for (const name of ['has.dot', 'a b', 'é', '', '..', '.', 'inner/nested', `${'x'.repeat(65)}`])
      expect(findFunction(dir, name), name).toBeNull();
  });

  it('takes letters, digits, _ and - up to 64 characters', () => {
    const dir = emptyFolder();
    const names = ['a', 'Z9_-x', 'x'.repeat(64)];
    for (const name of names) addFunction(dir, name);
    for (const name of names) expect(findFunction(dir, name)?.name, name).toBe(name);
  });
});

describe('listFunctions', () => {
  it('lists the function folders by name, sorted, leaving out what is not a function', () => {
    const dir = emptyFolder();
    for (const name of ['zeta', 'Alpha', 'mid_1', 'has.dot', 'x'.repeat(65)]) addFunction(dir, name);
    mkdirSync(path.join(dir, 'bare'));
    writeFileSync(path.join(dir, 'file.ts'), '');
    expect(listFunctions(dir)).toStrictEqual(['Alpha', 'mid_1', 'zeta']);
  });

  it('is empty when there is no functions folder, or it is empty', () => {
    const dir = emptyFolder();
    expect(listFunctions(dir)).toStrictEqual([]);
    expect(listFunctions(path.join(dir, 'none'))).toStrictEqual([]);
  });
});
