/**
 * Uploaded files: names made safe for a URL path segment and a download name, stored as blobs, served back at
 * `/files/{id}/{name}` under their own name only, as an inert download unless they are an image or a PDF (then inline),
 * never as a page of the emulator's origin.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import { fileUrl, registerFileRoutes } from '../../../../../host-harness/src/emulator/files/file-routes.ts';
import {
  FILE_TABLES,
  FileStore,
  safeFileName,
} from '../../../../../host-harness/src/emulator/files/file-store.ts';
import { featureApp } from '../feature-app.ts';

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

describe('fileUrl', () => {
  it('is the file’s id and its name, encoded, under /files on the given origin', () => {
    expect(
      fileUrl('http://localhost:4400', {
        id: 'abc',
        name: 'a b#c.txt',
        content_type: 'text/plain',
        size: 0,
        data: Buffer.alloc(0),
      }),
    ).toBe('http://localhost:4400/files/abc/a%20b%23c.txt');
  });
});

describe('GET /files/{id}/{name}', () => {
  async function withFile(name: string, type: string, content = 'content') {
    const running = await featureApp((app, state) => registerFileRoutes(app, state.files));
    const stored = running.state.files.add('local-app', name, type, Buffer.from(content));
    return { running, stored };
  }

  it('serves an image or a PDF inline, with its type, never sniffed and sandboxed', async () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']) {
      const { running, stored } = await withFile('picture.bin', type, 'PIXELS');
      try {
        const answer = await running.call('GET', `/files/${stored.id}/picture.bin`);
        expect(answer.status, type).toBe(200);
        expect(answer.text).toBe('PIXELS');
        expect(answer.headers['content-type'], type).toBe(type);
        expect(answer.headers['content-disposition']).toBe('inline; filename="picture.bin"');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      } finally {
        await running.close();
      }
    }
  });

  it('serves anything else as a download of bytes', async () => {
    for (const type of [
      'text/html',
      'image/svg+xml',
      'image/png; x',
      'ximage/png',
      'image/pngx',
      'application/pdfx',
      'text/plain',
    ]) {
      const { running, stored } = await withFile('page.html', type, '<script>alert(1)</script>');
      try {
        const answer = await running.call('GET', `/files/${stored.id}/page.html`);
        expect(answer.status, type).toBe(200);
        expect(answer.text).toBe('<script>alert(1)</script>');
        expect(answer.headers['content-type'], type).toBe('application/octet-stream');
        expect(answer.headers['content-disposition'], type).toBe('attachment; filename="page.html"');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      } finally {
        await running.close();
      }
    }
  });

  it('finds the file under the name it was uploaded with, made safe the same way', async () => {
    const { running, stored } = await withFile('my notes.txt', 'text/plain');
    try {
      expect((await running.call('GET', `/files/${stored.id}/my_notes.txt`)).status).toBe(200);
      expect((await running.call('GET', `/files/${stored.id}/my%20notes.txt`)).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('answers 404 file_not_found for an unknown id or another name', async () => {
    const { running, stored } = await withFile('notes.txt', 'text/plain');
    try {
      for (const path of [`/files/${'0'.repeat(24)}/notes.txt`, `/files/${stored.id}/other.txt`]) {
        const answer = await running.call('GET', path);
        expect(answer.status, path).toBe(404);
        expect(answer.body, path).toStrictEqual({ message: 'File not found', code: 'file_not_found' });
      }
    } finally {
      await running.close();
    }
  });
});
