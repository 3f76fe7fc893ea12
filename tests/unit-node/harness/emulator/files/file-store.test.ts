/**
 * Uploaded files as stored (`files/file-store.ts`): names made safe for a URL path segment and a download name,
 * stored as blobs.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import {
  FILE_TABLES,
  FileStore,
  safeFileName,
} from '../../../../../host-harness/src/emulator/files/file-store.ts';

describe('safeFileName', () => {
  it('keeps letters, digits, dot, _ and -', () => {
    expect(safeFileName('Report_2024-v1.pdf')).toBe('Report_2024-v1.pdf');
  });

  it('replaces each run of other characters with one _', () => {
    expect(safeFileName('my photo (1).png')).toBe('my_photo_1_.png');
    expect(safeFileName('a/b\\c')).toBe('a_b_c');
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('naïve café.txt')).toBe('na_ve_caf_.txt');
  });

  it('drops leading dots, so no name is hidden or a parent folder', () => {
    expect(safeFileName('.htaccess')).toBe('htaccess');
    expect(safeFileName('...a.b')).toBe('a.b');
    expect(safeFileName('a..b')).toBe('a..b');
  });

  it('keeps the last 100 characters (the extension survives)', () => {
    const long = `${'a'.repeat(150)}.txt`;
    expect(safeFileName(long)).toBe(`${'a'.repeat(96)}.txt`);
    expect(safeFileName('b'.repeat(100))).toBe('b'.repeat(100));
  });

  it('names a file that has nothing left "file"', () => {
    expect(safeFileName('')).toBe('file');
    expect(safeFileName('..')).toBe('file');
    expect(safeFileName('...')).toBe('file');
  });
});

describe('FileStore', () => {
  it('stores a file under a new id with its safe name, type and size, and reads it back', () => {
    const files = new FileStore(openDatabase(null, [FILE_TABLES]));
    const data = Buffer.from('hello, file');
    const stored = files.add('local-app', 'my notes.txt', 'text/plain', data);
    expect(stored).toStrictEqual({
      id: stored.id,
      name: 'my_notes.txt',
      content_type: 'text/plain',
      size: 11,
      data,
    });
    expect(stored.id).toMatch(/^[0-9a-f]{24}$/);
    expect(files.get(stored.id)).toStrictEqual({ ...stored, data: Buffer.from('hello, file') });
    expect(files.add('local-app', 'x', 'text/plain', data).id).not.toBe(stored.id);
    expect(files.get('0'.repeat(24))).toBeUndefined();
  });
});
