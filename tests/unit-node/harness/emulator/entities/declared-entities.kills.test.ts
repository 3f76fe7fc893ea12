/** Entity files are read in JavaScript name order (UTF-16), whatever order the folder lists them in. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeclaredEntities } from '../../../../../host-harness/src/emulator/entities/declared-entities.ts';
import {
  EntityFileError,
  readEntityFile,
} from '../../../../../host-harness/src/emulator/entities/entity-file.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('DeclaredEntities.load order', () => {
  it('reads the first file in name order first, so its problem is the one reported', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'declared-order-'));
    folders.push(dir);
    // The folder listing sorts by UTF-8 bytes (U+FFFD first); name order in JavaScript puts the emoji first.
    const emoji = '\u{1F600}.jsonc';
    const replacement = '\uFFFD.jsonc';
    writeFileSync(path.join(dir, replacement), '{');
    writeFileSync(path.join(dir, emoji), '{');
    try {
      DeclaredEntities.load(dir);
      expect.unreachable('broken files were accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(EntityFileError);
      expect((error as Error).message.startsWith(`${path.join(dir, emoji)}: `)).toBe(true);
    }
  });
});

describe('readEntityFile file names', () => {
  it('takes only a final .json or .jsonc off the file name', () => {
    const text = JSON.stringify({ name: 'Taskx', type: 'object', properties: {} });
    try {
      readEntityFile('/project/entities/Task.jsonx', text);
      expect.unreachable('a name that differs from the file was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(EntityFileError);
      expect((error as Error).message).toBe(
        '/project/entities/Task.jsonx: "name" is Taskx, but the file is named Task.jsonx (expected Taskx.jsonc)',
      );
    }
    expect(readEntityFile('/project/entities/Taskx.jsonc', text).name).toBe('Taskx');
  });
});
