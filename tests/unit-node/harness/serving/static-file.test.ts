/**
 * Which file a URL path names under a served folder (`static-file.ts`): only a file inside the folder, whatever the
 * encoding of the path; null for anything else.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveStaticFile } from '../../../../host-harness/src/serving/static-file.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/**
 * A served folder `dist/` with `a.js`, `sub/b.css` and `sub/dir/`, beside a folder whose name starts like it
 * (`dist-private/secret.txt`) and a file next to it (`outside.txt`).
 */
function site(): { base: string; root: string } {
  const base = mkdtempSync(path.join(tmpdir(), 'static-file-'));
  folders.push(base);
  const root = path.join(base, 'dist');
  mkdirSync(path.join(root, 'sub', 'dir'), { recursive: true });
  mkdirSync(path.join(base, 'dist-private'));
  writeFileSync(path.join(root, 'a.js'), 'a');
  writeFileSync(path.join(root, 'sub', 'b.css'), 'b');
  writeFileSync(path.join(root, 'with space.txt'), 'c');
  writeFileSync(path.join(base, 'dist-private', 'secret.txt'), 'secret');
  writeFileSync(path.join(base, 'outside.txt'), 'outside');
  return { base, root };
}

describe('resolveStaticFile', () => {
  it('names a file inside the folder, from a path with or without its leading slash, percent-decoded', () => {
    const { root } = site();
    expect(resolveStaticFile(root, '/a.js')).toBe(path.join(root, 'a.js'));
    expect(resolveStaticFile(root, 'sub/b.css')).toBe(path.join(root, 'sub', 'b.css'));
    expect(resolveStaticFile(root, '/sub/./x/../b.css')).toBe(path.join(root, 'sub', 'b.css'));
    expect(resolveStaticFile(root, '/with%20space.txt')).toBe(path.join(root, 'with space.txt'));
    expect(resolveStaticFile(root, '/%61.js')).toBe(path.join(root, 'a.js'));
  });

  it('is null for what is missing or not a file', () => {
    const { root } = site();
    for (const urlPath of ['/missing.js', '/sub', '/sub/dir/', '/', '', '/a.js/x']) {
      expect(resolveStaticFile(root, urlPath), urlPath).toBeNull();
    }
  });

  it('is null for a path that leaves the folder, plainly or encoded, into a sibling whose name starts alike', () => {
    const { root } = site();
    for (const urlPath of [
      '/../outside.txt',
      '../outside.txt',
      '/sub/../../outside.txt',
      '/%2e%2e/outside.txt',
      '/%2E%2E%2Foutside.txt',
      '/..%2foutside.txt',
      '/../dist-private/secret.txt',
      '/%2e%2e/dist-private/secret.txt',
      '/..',
    ]) {
      expect(resolveStaticFile(root, urlPath), urlPath).toBeNull();
    }
  });

  it('is null for a path that does not decode, or holds a NUL byte', () => {
    const { root } = site();
    for (const urlPath of ['/%', '/a%2.js', '/%E0%A4%A', '/a.js%00', '/a.js\0', '/%00/../a.js']) {
      expect(resolveStaticFile(root, urlPath), urlPath).toBeNull();
    }
  });
});
