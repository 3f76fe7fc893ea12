import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { defaultSiteConfig } from '../../../config/site-config.ts';
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
