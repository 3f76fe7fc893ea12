/**
 * The shell's remote origins (docs/security.md, "Servers of the harness and the backend functions"), on the shell's
 * server: the page's script policy lists the site's origin and the origins given to the harness, fixed at start; no
 * `?remote=` widens it, and the page tells its front-end the same list. A value that is not an exact origin stops the
 * harness instead of widening anything.
 */
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../../host-harness/src/emulator/index.ts';
import { registerEditorShell } from '../../../host-harness/src/shell-server/register-shell.ts';
import { servedShellPerFile } from './served-build.ts';

let base: string;
const GIVEN = 'http://localhost:5173';

servedShellPerFile(
  { 'index.html': '<!doctype html><meta name="editor-shell-config" content="__EDITOR_SHELL_CONFIG__">' },
  (url) => {
    base = url;
  },
  { remoteOrigins: [GIVEN] },
);

/** The sources a directive of the page's policy allows. */
function directive(csp: string, name: string): string[] {
  const found = csp.split(';').find((part) => part.trim().startsWith(`${name} `));
  return found?.trim().split(/\s+/).slice(1) ?? [];
}

describe("the shell page's policy and ?remote=", () => {
  it('lists the site and the given origins, whatever ?remote= names', async () => {
    for (const remote of [
      null,
      'http://localhost:5555/remoteEntry.js',
      'http://127.0.0.1:4400/remoteEntry.js',
      `${GIVEN}/mf-manifest.json`,
      'https://evil.example/mf-manifest.json',
    ]) {
      const page = await fetch(`${base}/${remote ? `?remote=${encodeURIComponent(remote)}` : ''}`);
      expect(page.status, String(remote)).toBe(200);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(directive(csp, 'script-src'), String(remote)).toEqual([
        "'self'",
        'http://localhost:4401',
        GIVEN,
      ]);
      expect(directive(csp, 'connect-src'), String(remote)).not.toContain('http://localhost:5555');
      expect(csp, String(remote)).not.toMatch(/5555|evil\.example|127\.0\.0\.1:4400/);
    }
  });

  it("tells the page's front-end the same origins", async () => {
    const html = await (await fetch(`${base}/?remote=http%3A%2F%2Flocalhost%3A5555%2FremoteEntry.js`)).text();
    const content = /content="([^"]*)"/.exec(html)?.[1] ?? '';
    const config = JSON.parse(content.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))));
    expect(config.remoteOrigins).toEqual(['http://localhost:4401', GIVEN]);
  });

  it('does not start with an allowed remote that is not an exact origin', async () => {
    const emulator = await createEmulator({ quiet: true });
    try {
      for (const bad of [
        '*',
        'localhost:5173',
        'http://localhost:5173/remote',
        'ftp://x.example',
        'http://u@x.example',
      ]) {
        expect(
          () =>
            registerEditorShell(emulator.app, {
              siteOrigin: 'http://localhost:4401',
              appId: 'local-app',
              serverUrl: 'http://localhost:4400',
              remoteOrigins: [bad],
            }),
          bad,
        ).toThrow(/^Not an origin a remote may come from/);
      }
    } finally {
      await emulator.close();
    }
  });
});
