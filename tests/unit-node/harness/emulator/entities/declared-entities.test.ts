/**
 * The project's entity declarations, read from a folder once at startup: which files count, which entity each
 * governs, and the refusal of two files declaring one entity.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ENTITIES_DIR,
  DeclaredEntities,
} from '../../../../../host-harness/src/emulator/entities/declared-entities.ts';
import { EntityFileError } from '../../../../../host-harness/src/emulator/entities/entity-file.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A temporary folder holding these files (name → entity name declared, or raw text). */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'declared-entities-'));
  folders.push(dir);
  for (const [file, content] of Object.entries(files)) {
    const text = content.startsWith('{')
      ? content
      : JSON.stringify({ name: content, type: 'object', properties: {} });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('DeclaredEntities', () => {
  it('reads the project’s own folder by default', () => {
    const repo = fileURLToPath(new URL('../../../../..', import.meta.url));
    expect(DEFAULT_ENTITIES_DIR).toBe(path.join(repo, 'base44', 'entities'));
    expect(DeclaredEntities.load(DEFAULT_ENTITIES_DIR).names()).toContain('Order');
  });

  it('declares nothing for none() or a missing folder', () => {
    for (const declared of [DeclaredEntities.none(), DeclaredEntities.load('/nonexistent/entities-folder')]) {
      expect(declared.names()).toEqual([]);
      expect(declared.get('Order')).toBeUndefined();
      expect(declared.has('Order')).toBe(false);
    }
  });

  it('reads .jsonc and .json files, in name order, and nothing else', () => {
    const dir = folder({
      'Task.jsonc': 'Task',
      'Note.json': 'Note',
      'Zed.jsonc': 'Zed',
      'Skip.txt': 'Skip',
      'Skip.jsonc.bak': 'Skip',
      'Skip.JSON': 'Skip',
    });
    mkdirSync(path.join(dir, 'Folder.jsonc'));
    const declared = DeclaredEntities.load(dir);
    expect(declared.names()).toEqual(['Note', 'Task', 'Zed']);
    expect(declared.get('Task')?.file).toBe(path.join(dir, 'Task.jsonc'));
    expect(declared.get('Note')?.name).toBe('Note');
    expect(declared.has('Skip')).toBe(false);
    expect(declared.has('Folder')).toBe(false);
  });

  it('refuses two files declaring one entity, naming both', () => {
    const dir = folder({ 'TeamMember.jsonc': 'TeamMember', 'team-member.jsonc': 'TeamMember' });
    try {
      DeclaredEntities.load(dir);
      expect.unreachable('two declarations of TeamMember were accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(EntityFileError);
      expect((error as Error).message).toBe(
        `${path.join(dir, 'team-member.jsonc')}: TeamMember is already declared in ${path.join(dir, 'TeamMember.jsonc')}`,
      );
    }
  });

  it('refuses a broken file, naming it', () => {
    const dir = folder({ 'Task.jsonc': '{ "name": "Task", "type": "array", "properties": {} }' });
    expect(() => DeclaredEntities.load(dir)).toThrow(
      `${path.join(dir, 'Task.jsonc')}: "type" must be "object"`,
    );
  });

  it('reads files in JavaScript name order (UTF-16), whatever order the folder lists them in, so the first broken one is named', () => {
    // The folder listing sorts by UTF-8 bytes (U+FFFD first); name order in JavaScript puts the emoji first.
    const emoji = '\u{1F600}.jsonc';
    const dir = folder({ '\uFFFD.jsonc': '{', [emoji]: '{' });
    try {
      DeclaredEntities.load(dir);
      expect.unreachable('broken files were accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(EntityFileError);
      expect((error as Error).message.startsWith(`${path.join(dir, emoji)}: `)).toBe(true);
    }
  });

  it('never governs the built-in User entity, though it knows it is declared', () => {
    const declared = DeclaredEntities.load(folder({ 'User.jsonc': 'User', 'Task.jsonc': 'Task' }));
    expect(declared.get('User')).toBeUndefined();
    expect(declared.has('User')).toBe(true);
    expect(declared.get('Task')?.name).toBe('Task');
    expect(declared.names()).toEqual(['Task', 'User']);
  });
});
