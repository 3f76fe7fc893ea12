/**
 * Uploaded files served back (`files/file-routes.ts`) at `/files/{id}/{name}`, under their own name only, as an inert
 * download unless they are an image or a PDF (then inline), never as a page of the emulator's origin.
 */
import { describe, expect, it } from 'vitest';
import { fileUrl, registerFileRoutes } from '../../../../../host-harness/src/emulator/files/file-routes.ts';
import { featureApp } from '../feature-app.ts';

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
