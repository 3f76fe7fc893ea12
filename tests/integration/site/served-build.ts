import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { defaultSiteConfig } from '../../../config/site-config.ts';
import { createEmulator, type Emulator } from '../../../host-harness/src/emulator/index.ts';
import {
  type EditorShellOptions,
  registerEditorShell,
} from '../../../host-harness/src/shell-server/register-shell.ts';
import { createSiteServer } from '../../../host-harness/src/site/site-server.ts';

/** A build served for a test file: its folder, and the server's address. */
export interface ServedBuild {
  dist: string;
  base: string;
  port: number;
}

/**
 * A production build made of `files` (path in the build → content) in a temporary folder, served by the site server on
 * an ephemeral port for one test file; `use` receives it once it listens. The folder goes when the file's tests end.
 */
export function servedBuildPerFile(files: Record<string, string>, use: (build: ServedBuild) => void): void {
  let dist: string;
  let close: () => void;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'site-build-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dist, path)), { recursive: true });
      writeFileSync(join(dist, path), content);
    }
    const server = createSiteServer({ distDir: dist, config: defaultSiteConfig });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    close = () => server.close();
    use({ dist, base: `http://127.0.0.1:${port}`, port });
  });
  afterAll(() => {
    close();
    rmSync(dist, { recursive: true, force: true });
  });
}

/**
 * An emulator serving the editor shell from a shell build made of `files` in a temporary folder, for one test file;
 * `use` receives its address once it listens; `options` adds to the shell's. Emulator and folder go when the file's
 * tests end.
 */
export function servedShellPerFile(
  files: Record<string, string>,
  use: (base: string) => void,
  options: Partial<EditorShellOptions> = {},
): void {
  let emulator: Emulator;
  let shellDir: string;
  beforeAll(async () => {
    shellDir = mkdtempSync(join(tmpdir(), 'shell-build-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(shellDir, name), text);
    emulator = await createEmulator({ quiet: true });
    registerEditorShell(emulator.app, {
      siteOrigin: 'http://localhost:4401',
      appId: 'local-app',
      serverUrl: 'http://localhost:4400',
      distDir: shellDir,
      ...options,
    });
    use(await emulator.listen());
  });
  afterAll(async () => {
    await emulator.close();
    rmSync(shellDir, { recursive: true, force: true });
  });
}
