/**
 * The editor shell's assets under `/__shell/` are served as a CDN would serve them, with the site server's rules (one
 * table for both): the right content type, hashed names cached for a year, anything else revalidated, no HTML.
 */
import { describe, expect, it } from 'vitest';
import { servedShellPerFile } from './served-build.ts';

let base: string;

servedShellPerFile(
  {
    'index.html': '<!doctype html><meta name="c" content="__EDITOR_SHELL_CONFIG__">',
    'shell.d2a60710.js': 'console.log(1)',
    '16.17ac5163.css': 'body{}',
    'shell.js.map': '{}',
    'favicon.ico': 'ico',
    'font.0a1b2c3d.woff2': 'woff2',
  },
  (url) => {
    base = url;
  },
);

describe('editor shell assets', () => {
  it.each([
    ['shell.d2a60710.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['16.17ac5163.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['font.0a1b2c3d.woff2', 'font/woff2', 'public, max-age=31536000, immutable'],
    ['shell.js.map', 'application/json; charset=utf-8', 'no-cache'],
    ['favicon.ico', 'image/x-icon', 'no-cache'],
  ])('%s: %s, %s', async (name, type, cache) => {
    const response = await fetch(`${base}/__shell/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('cache-control')).toBe(cache);
  });

  it('serves no HTML under /__shell/ (the page is at /, with its configuration)', async () => {
    expect((await fetch(`${base}/__shell/index.html`)).status).toBe(404);
  });
});
