import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findFunction } from '../../../host-harness/src/emulator/functions/function-catalog.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A functions folder with one function, `name`, whose `function.jsonc` is `config` and whose entry exists. */
function project(name: string, config: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'functions-'));
  folders.push(dir);
  mkdirSync(path.join(dir, name));
  writeFileSync(path.join(dir, name, 'function.jsonc'), config);
  writeFileSync(path.join(dir, name, 'index.ts'), 'Deno.serve(() => new Response("ok"));\n');
  return dir;
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
});
