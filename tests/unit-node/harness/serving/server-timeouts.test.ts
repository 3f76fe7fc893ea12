/**
 * What the harness's servers apply to every connection and file: the time bounds of a request
 * (`serving/server-timeouts.ts`: the defaults of `npm start`, overrides validated, headers within the request bound)
 * and the headers of the files they serve (`serving/asset-headers.ts`: the type by extension, a year of caching for a
 * content-hashed name only).
 */
import { describe, expect, it } from 'vitest';
import { cacheControlOf, contentTypeOf } from '../../../../host-harness/src/serving/asset-headers.ts';
import {
  httpServerOptions,
  SERVER_TIMEOUTS,
  type ServerTimeouts,
  serverTimeouts,
} from '../../../../host-harness/src/serving/server-timeouts.ts';

const DEFAULTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, checkIntervalMs: 1_000 };

describe('serverTimeouts', () => {
  it('gives the bounds of npm start by default', () => {
    expect(SERVER_TIMEOUTS).toStrictEqual(DEFAULTS);
    expect(serverTimeouts()).toStrictEqual(DEFAULTS);
    expect(serverTimeouts({})).toStrictEqual(DEFAULTS);
  });

  it('replaces the bounds given, keeping the others, without changing the defaults', () => {
    expect(serverTimeouts({ headersMs: 1, checkIntervalMs: 2 })).toStrictEqual({
      ...DEFAULTS,
      headersMs: 1,
      checkIntervalMs: 2,
    });
    expect(serverTimeouts({ requestMs: 200, headersMs: 200, keepAliveMs: 1 })).toStrictEqual({
      headersMs: 200,
      requestMs: 200,
      keepAliveMs: 1,
      checkIntervalMs: 1_000,
    });
    expect(SERVER_TIMEOUTS).toStrictEqual(DEFAULTS);
  });

  it('refuses a bound that is not a positive whole number of milliseconds, naming it', () => {
    for (const name of ['headersMs', 'requestMs', 'keepAliveMs', 'checkIntervalMs'] as const) {
      for (const value of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100' as unknown as number]) {
        expect(() => serverTimeouts({ [name]: value }), `${name} ${value}`).toThrow(
          `Server timeout ${name} must be a positive whole number of milliseconds`,
        );
      }
    }
  });

  it('refuses a headers bound beyond the request bound', () => {
    expect(() => serverTimeouts({ headersMs: 30_001 })).toThrow(
      'Server timeout headersMs must not exceed requestMs',
    );
    expect(() => serverTimeouts({ requestMs: 9_999 })).toThrow(
      'Server timeout headersMs must not exceed requestMs',
    );
    expect(serverTimeouts({ requestMs: 10_000 }).requestMs).toBe(10_000);
  });
});

describe('httpServerOptions', () => {
  it('maps each bound to its option of http.createServer', () => {
    const timeouts: ServerTimeouts = { headersMs: 1, requestMs: 2, keepAliveMs: 3, checkIntervalMs: 4 };
    expect(httpServerOptions(timeouts)).toStrictEqual({
      headersTimeout: 1,
      requestTimeout: 2,
      keepAliveTimeout: 3,
      connectionsCheckingInterval: 4,
    });
  });
});

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
