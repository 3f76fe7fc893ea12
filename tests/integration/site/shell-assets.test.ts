/**
 * The editor shell's assets under `/__shell/` are served as a CDN would serve them, with the site server's rules (one
 * table for both): the right content type, hashed names cached for a year, anything else revalidated, no HTML.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../../host-harness/src/emulator/index.ts';
import { registerEditorShell } from '../../../host-harness/src/shell-server/register-shell.ts';

let emulator: Emulator;
let base: string;
let shellDir: string;

beforeAll(async () => {
  shellDir = mkdtempSync(join(tmpdir(), 'shell-assets-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><meta name="c" content="__EDITOR_SHELL_CONFIG__">',
    'shell.d2a60710.js': 'console.log(1)',
    '16.17ac5163.css': 'body{}',
    'shell.js.map': '{}',
    'favicon.ico': 'ico',
    'font.0a1b2c3d.woff2': 'woff2',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(shellDir, name), text);
  emulator = await createEmulator({ quiet: true });
  registerEditorShell(emulator.app, {
    siteOrigin: 'http://localhost:4401',
    appId: 'local-app',
    serverUrl: 'http://localhost:4400',
    distDir: shellDir,
  });
  base = await emulator.listen();
});

afterAll(async () => {
  await emulator.close();
  rmSync(shellDir, { recursive: true, force: true });
});

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
