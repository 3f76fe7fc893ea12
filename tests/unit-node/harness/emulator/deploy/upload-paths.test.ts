/**
 * Where an uploaded file may land (upload-paths.ts): a site archive's entries stay below the site root, a function's
 * files climb only at their start and at most eight folders; every other spelling is refused whole, with the name.
 */
import { describe, expect, it } from 'vitest';
import {
  functionFilePath,
  MAX_CLIMB,
  MAX_PATH_LENGTH,
  siteEntryPath,
} from '../../../../../host-harness/src/emulator/deploy/upload-paths.ts';
import { outcome } from '../outcome.ts';

const refusal = (what: string, name: string, problem: string) =>
  `400 unsafe_path: ${what} ${JSON.stringify(name)} ${problem}`;
const entry = (name: string, problem: string) => refusal('The site archive entry', name, problem);
const file = (name: string, problem: string) => refusal('The file', name, problem);

describe('siteEntryPath: an archive entry inside the site root', () => {
  it('reads the CLI’s ./ names and folders with a trailing slash as plain paths, the root as ""', () => {
    expect(siteEntryPath('./index.html')).toBe('index.html');
    expect(siteEntryPath('index.html')).toBe('index.html');
    expect(siteEntryPath('./assets/')).toBe('assets');
    expect(siteEntryPath('./assets/js/app.1a2b.js')).toBe('assets/js/app.1a2b.js');
    expect(siteEntryPath('./')).toBe('');
    expect(siteEntryPath('.')).toBe('');
    expect(siteEntryPath('')).toBe('');
    expect(siteEntryPath('./a b/ü.html')).toBe('a b/ü.html');
    expect(siteEntryPath('./assets/a:b.js')).toBe('assets/a:b.js');
  });

  it('refuses a name that leaves the root, wherever its .. is', () => {
    for (const name of ['../evil.html', './../evil.html', 'assets/../../evil', 'a/..', '..'])
      expect(
        outcome(() => siteEntryPath(name)),
        name,
      ).toBe(entry(name, 'leaves the site root (..)'));
  });

  it('refuses absolute names, Windows drives and backslashes', () => {
    expect(outcome(() => siteEntryPath('/etc/passwd'))).toBe(entry('/etc/passwd', 'is an absolute path'));
    expect(outcome(() => siteEntryPath('C:/x'))).toBe(entry('C:/x', 'is an absolute path'));
    expect(outcome(() => siteEntryPath('z:x'))).toBe(entry('z:x', 'is an absolute path'));
    expect(outcome(() => siteEntryPath('..\\evil'))).toBe(
      entry('..\\evil', 'holds a backslash (paths use /)'),
    );
  });

  it('refuses empty and "." segments, which a build never writes, and only drops one trailing slash', () => {
    expect(outcome(() => siteEntryPath('a//b'))).toBe(entry('a//b', 'holds an empty segment (//)'));
    expect(outcome(() => siteEntryPath('./a//'))).toBe(entry('a/', 'holds an empty segment (//)'));
    expect(outcome(() => siteEntryPath('./a/./b'))).toBe(entry('a/./b', 'holds a "." segment'));
    expect(outcome(() => siteEntryPath('././a'))).toBe(entry('./a', 'holds a "." segment'));
  });

  it('refuses control characters (NUL, line breaks, DEL)', () => {
    for (const name of ['a\u0000b', 'a\nb', 'tab\there', 'del\u007f', 'c1\u0085'])
      expect(
        outcome(() => siteEntryPath(name)),
        JSON.stringify(name),
      ).toBe(entry(name, 'holds a control character'));
  });

  it('takes names up to 1,024 characters and quotes at most 200 of a longer one', () => {
    expect(MAX_PATH_LENGTH).toBe(1_024);
    const longest = 'a'.repeat(1_024);
    expect(siteEntryPath(longest)).toBe(longest);
    expect(siteEntryPath(`./${longest}`)).toBe(longest);
    const tooLong = 'b'.repeat(1_025);
    expect(outcome(() => siteEntryPath(tooLong))).toBe(
      `400 unsafe_path: The site archive entry ${JSON.stringify('b'.repeat(200))} is longer than 1024 characters`,
    );
  });
});

describe('functionFilePath: a function file relative to its folder', () => {
  it('reads how far a file climbs and its path below that point', () => {
    expect(functionFilePath('index.ts')).toEqual({ climb: 0, below: 'index.ts' });
    expect(functionFilePath('lib/util.ts')).toEqual({ climb: 0, below: 'lib/util.ts' });
    expect(functionFilePath('../../shared/http.ts')).toEqual({ climb: 2, below: 'shared/http.ts' });
    expect(functionFilePath('../x.ts')).toEqual({ climb: 1, below: 'x.ts' });
  });

  it('climbs at most eight folders', () => {
    expect(MAX_CLIMB).toBe(8);
    expect(functionFilePath(`${'../'.repeat(8)}deep.ts`)).toEqual({ climb: 8, below: 'deep.ts' });
    const nine = `${'../'.repeat(9)}deep.ts`;
    expect(outcome(() => functionFilePath(nine))).toBe(file(nine, 'climbs more than 8 folders'));
  });

  it('refuses .. after a name, a path that names a folder, and what every upload refuses', () => {
    expect(outcome(() => functionFilePath('a/../b.ts'))).toBe(file('a/../b.ts', 'holds ".." after a name'));
    expect(outcome(() => functionFilePath('../a/../b.ts'))).toBe(
      file('../a/../b.ts', 'holds ".." after a name'),
    );
    expect(outcome(() => functionFilePath('..'))).toBe(file('..', 'names a folder, not a file'));
    expect(outcome(() => functionFilePath('../..'))).toBe(file('../..', 'names a folder, not a file'));
    expect(outcome(() => functionFilePath(''))).toBe(file('', 'is empty'));
    expect(outcome(() => functionFilePath('/abs.ts'))).toBe(file('/abs.ts', 'is an absolute path'));
    expect(outcome(() => functionFilePath('./index.ts'))).toBe(file('./index.ts', 'holds a "." segment'));
    expect(outcome(() => functionFilePath('a/'))).toBe(file('a/', 'holds an empty segment (//)'));
  });
});
