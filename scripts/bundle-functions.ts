/**
 * The project's functions as the platform's CLI bundles them for workerd (host-harness/src/emulator/functions/
 * function-bundle.ts): one ES module each, with its size (raw and gzip). Before deploying:
 *
 *   npx tsx scripts/bundle-functions.ts [name…] [--check] [--out=<dir>]
 *
 * --check   also starts each bundle in workerd (miniflare, the platform's entry contract and compatibility settings)
 *           with the harness's local secrets, and fails unless its module loads and serves;
 * --out     writes each bundle to <dir>/<name>.js, to read what will run.
 * Exits non-zero when a function does not bundle (an unpinned npm: import, a bare or jsr: specifier…) or does not load.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { DEFAULTS as SITE_DEFAULTS } from '../config/site-config.ts';
import { bundleFunction } from '../host-harness/src/emulator/functions/function-bundle.ts';
import { findFunction, listFunctions } from '../host-harness/src/emulator/functions/function-catalog.ts';
import { functionSecrets } from '../host-harness/src/emulator/functions/function-env.ts';
import { DEFAULT_FUNCTIONS_DIR } from '../host-harness/src/emulator/functions/project-paths.ts';
import { WorkerdRuntime } from '../host-harness/src/emulator/functions/workerd-runtime.ts';

const FUNCTIONS_DIR = DEFAULT_FUNCTIONS_DIR;
const {
  values: { check, out },
  positionals: named,
} = parseArgs({
  options: { check: { type: 'boolean', default: false }, out: { type: 'string' } },
  allowPositionals: true,
});
const names = named.length > 0 ? named : listFunctions(FUNCTIONS_DIR);
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

async function main(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  let failed = 0;
  for (const name of names) {
    const fn = findFunction(FUNCTIONS_DIR, name);
    if (!fn) {
      console.error(`${name}: no function of that name in base44/functions`);
      failed++;
      continue;
    }
    try {
      const started = performance.now();
      const { code, inputs } = await bundleFunction(fn.entry);
      const ms = Math.round(performance.now() - started);
      const bytes = Buffer.byteLength(code);
      rows.push({
        function: name,
        raw_kb: kb(bytes),
        gzip_kb: kb(gzipSync(code).length),
        files: inputs.length,
        build_ms: ms,
      });
      if (out) {
        mkdirSync(out, { recursive: true });
        writeFileSync(path.join(out, `${name}.js`), code);
      }
      if (check) await loads(name);
    } catch (error) {
      console.error(`${name}: ${(error as Error).message}`);
      failed++;
    }
  }
  if (rows.length > 0) console.table(rows);
  if (failed > 0) process.exit(1);
}

/** Starts the function in workerd (its module loads, inside a request, and serves), then stops it. */
async function loads(name: string): Promise<void> {
  const fn = findFunction(FUNCTIONS_DIR, name)!;
  const instance = await new WorkerdRuntime().start({
    fn,
    secrets: functionSecrets({
      providerUrl: 'http://localhost:4402',
      siteOrigin: SITE_DEFAULTS.SITE_ORIGIN,
      agencyEmail: SITE_DEFAULTS.CONTACT_EMAIL,
    }),
    startTimeoutMs: 30_000,
    log: (_stream, line) => console.error(`[function ${name}] ${line}`),
  });
  await instance.stop();
  console.log(`${name}: loads and serves in workerd`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
