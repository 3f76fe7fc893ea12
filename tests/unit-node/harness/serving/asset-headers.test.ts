/**
 * The headers of the files the harness serves (`serving/asset-headers.ts`): the type by extension, a year of caching
 * for a content-hashed name only.
 */
import { describe, expect, it } from 'vitest';
import { cacheControlOf, contentTypeOf } from '../../../../host-harness/src/serving/asset-headers.ts';

describe('contentTypeOf', () => {
  it('gives the type of each kind the harness serves, by extension', () => {
    const types: [string, string][] = [
      ['index.html', 'text/html; charset=utf-8'],
      ['main.1a2b3c4d.js', 'text/javascript; charset=utf-8'],
      ['dir.v2/styles.css', 'text/css; charset=utf-8'],
      ['manifest.json', 'application/json; charset=utf-8'],
      ['main.js.map', 'application/json; charset=utf-8'],
      ['logo.svg', 'image/svg+xml'],
      ['a.png', 'image/png'],
      ['a.jpg', 'image/jpeg'],
      ['a.webp', 'image/webp'],
      ['a.avif', 'image/avif'],
      ['favicon.ico', 'image/x-icon'],
      ['robots.txt', 'text/plain; charset=utf-8'],
      ['sitemap.xml', 'application/xml; charset=utf-8'],
      ['font.woff2', 'font/woff2'],
    ];
    for (const [file, type] of types) expect(contentTypeOf(file), file).toBe(type);
  });

  it('gives plain bytes for any other kind, or none', () => {
    for (const file of [
      'a.jpeg',
      'a.HTML',
      'a.woff',
      'README',
      '.html',
      'a.exe',
      'a.html.bak',
      'constructor',
      'a.toString',
    ])
      expect(contentTypeOf(file), file).toBe('application/octet-stream');
  });
});

describe('cacheControlOf', () => {
  const YEAR = 'public, max-age=31536000, immutable';

  it('keeps a content-hashed name (8 hex digits before the extension) for a year', () => {
    for (const file of [
      'main.1a2b3c4d.js',
      'assets/x.00000000.css',
      'font.abcdef09.woff2',
      'a.b.12345678.png',
      'img.deadbeef.2x',
    ])
      expect(cacheControlOf(file), file).toBe(YEAR);
  });

  it('revalidates anything else each time', () => {
    for (const file of [
      'index.html',
      'main.js',
      'main.1a2b3c4.js',
      'main.1a2b3c4d5.js',
      'main.1A2B3C4D.js',
      'main.1a2b3g4d.js',
      'main1a2b3c4d.js',
      'main.1a2b3c4d.JS',
      'main.1a2b3c4d.',
      'main.1a2b3c4d.js.map',
      'main.1a2b3c4d.js~',
      'main.1a2b3c4d',
    ])
      expect(cacheControlOf(file), file).toBe('no-cache');
  });
});
