/**
 * One function as the platform's CLI uploads it (function-upload.ts): a name the harness can serve, files whose paths
 * stay inside the rules, its entry among them, no automations; checked whole, with a digest that says whether the same
 * function was deployed before.
 */
import { describe, expect, it } from 'vitest';
import {
  FUNCTION_NAME,
  MAX_FUNCTION_FILES,
  readFunctionUpload,
} from '../../../../../host-harness/src/emulator/deploy/function-upload.ts';
import { outcome } from '../outcome.ts';

const files = [
  { path: 'index.ts', content: 'Deno.serve(() => new Response("hi"));' },
  { path: '../../shared/http.ts', content: 'export const ok = 1;' },
  { path: 'function.jsonc', content: '{ "name": "hello", "entry": "index.ts" }' },
];
const invalid = (problem: string) => `400 invalid_function: Function hello: ${problem}`;

describe('readFunctionUpload: what is deployed', () => {
  it('keeps the name, the entry (./ read as nothing) and the files sorted by path', () => {
    const upload = readFunctionUpload('hello', { entry: './index.ts', files });
    expect(upload.name).toBe('hello');
    expect(upload.entry).toBe('index.ts');
    expect(upload.files.map((file) => file.path)).toEqual([
      '../../shared/http.ts',
      'function.jsonc',
      'index.ts',
    ]);
    expect(upload.files[2]).toEqual(files[0]);
  });

  it('gives the same files the same digest, in any order, and any change another one', () => {
    const once = readFunctionUpload('hello', { entry: 'index.ts', files });
    expect(readFunctionUpload('hello', { entry: './index.ts', files: [...files].reverse() }).digest).toBe(
      once.digest,
    );
    expect(once.digest).toMatch(/^[0-9a-f]{64}$/);
    const edited = files.map((file) =>
      file.path === 'index.ts' ? { ...file, content: `${file.content}\n` } : file,
    );
    expect(readFunctionUpload('hello', { entry: 'index.ts', files: edited }).digest).not.toBe(once.digest);
    const renamed = files.map((file) =>
      file.path === 'function.jsonc' ? { ...file, path: 'config.jsonc' } : file,
    );
    expect(readFunctionUpload('hello', { entry: 'index.ts', files: renamed }).digest).not.toBe(once.digest);
    const otherEntry = [...files, { path: 'main.ts', content: files[0]!.content }];
    expect(readFunctionUpload('hello', { entry: 'main.ts', files: otherEntry }).digest).not.toBe(
      readFunctionUpload('hello', { entry: 'index.ts', files: otherEntry }).digest,
    );
  });

  it('takes no automations, or an empty list of them', () => {
    expect(readFunctionUpload('hello', { entry: 'index.ts', files, automations: [] }).name).toBe('hello');
    expect(outcome(() => readFunctionUpload('hello', { entry: 'index.ts', files, automations: [{}] }))).toBe(
      invalid('automations are not run by the local platform; deploy the function without them'),
    );
    expect(outcome(() => readFunctionUpload('hello', { entry: 'index.ts', files, automations: {} }))).toBe(
      invalid('automations are not run by the local platform; deploy the function without them'),
    );
  });
});

describe('readFunctionUpload: refusals', () => {
  it('refuses a name the harness cannot serve (a dot, a slash, too long), quoting at most 80 characters', () => {
    expect(FUNCTION_NAME.test('a'.repeat(64))).toBe(true);
    expect(FUNCTION_NAME.test('create-Checkout_2')).toBe(true);
    for (const name of ['', 'a.b', 'a/b', '..', 'a b', 'a'.repeat(65)])
      expect(
        outcome(() => readFunctionUpload(name, { entry: 'index.ts', files })),
        name,
      ).toBe(
        `400 invalid_function_name: Function name ${JSON.stringify(name.slice(0, 80))}: use letters, digits, - and _ (64 at most)`,
      );
    expect(outcome(() => readFunctionUpload('x'.repeat(100), {}))).toContain(JSON.stringify('x'.repeat(80)));
    expect(outcome(() => readFunctionUpload('x'.repeat(100), {}))).not.toContain('x'.repeat(81));
  });

  it('refuses a body that is not { entry, files }', () => {
    for (const body of [null, [], 'text', 3])
      expect(outcome(() => readFunctionUpload('hello', body))).toBe(
        invalid('the body must be { entry, files }'),
      );
    for (const bad of [undefined, [], 'index.ts', {}])
      expect(outcome(() => readFunctionUpload('hello', { entry: 'index.ts', files: bad }))).toBe(
        invalid('"files" must be a non-empty array of { path, content }'),
      );
    for (const entry of [undefined, '', 3])
      expect(outcome(() => readFunctionUpload('hello', { entry, files }))).toBe(
        invalid('"entry" must name its entry file'),
      );
  });

  it('refuses a file that is not { path, content } with two strings', () => {
    for (const file of [null, 'index.ts', { path: 'a.ts' }, { path: 1, content: '' }, { content: '' }])
      expect(outcome(() => readFunctionUpload('hello', { entry: 'index.ts', files: [files[0], file] }))).toBe(
        invalid('files[1] must be { path, content } with two strings'),
      );
  });

  it('refuses a path outside the rules, naming the function, and a path given twice', () => {
    const escaping = [files[0], { path: '/etc/passwd', content: '' }];
    expect(outcome(() => readFunctionUpload('hello', { entry: 'index.ts', files: escaping }))).toBe(
      '400 unsafe_path: Function hello: The file "/etc/passwd" is an absolute path',
    );
    const twice = [files[0], files[0]];
    expect(outcome(() => readFunctionUpload('hello', { entry: 'index.ts', files: twice }))).toBe(
      invalid('the file index.ts is given twice'),
    );
  });

  it('refuses an entry that is not among the files, saying how many there were', () => {
    expect(outcome(() => readFunctionUpload('hello', { entry: 'main.ts', files }))).toBe(
      '400 function_entry_missing: Function hello: its entry main.ts is not among the 3 files uploaded',
    );
    expect(outcome(() => readFunctionUpload('hello', { entry: './shared/http.ts', files }))).toBe(
      '400 function_entry_missing: Function hello: its entry ./shared/http.ts is not among the 3 files uploaded',
    );
  });

  it('takes up to 500 files and refuses more', () => {
    expect(MAX_FUNCTION_FILES).toBe(500);
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ path: i === 0 ? 'index.ts' : `f${i}.ts`, content: '' }));
    expect(readFunctionUpload('hello', { entry: 'index.ts', files: many(500) }).files).toHaveLength(500);
    expect(outcome(() => readFunctionUpload('hello', { entry: 'index.ts', files: many(501) }))).toBe(
      invalid('more than 500 files'),
    );
  });
});
