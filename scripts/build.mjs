#!/usr/bin/env node
/**
 * `npm run build`: a clean production build of the site and the federated remote into dist/, every page prerendered
 * (scripts/prerender.mjs), then the editor shell
 * (a Module Federation host) into host-harness/shell/dist/.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
for (const dir of ['dist', 'dist-ssr']) rmSync(resolve(root, dir), { recursive: true, force: true });
const started = performance.now();
const rspack = (args) => {
  const result = spawnSync(resolve(root, 'node_modules/.bin/rspack'), args, { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
rspack(['build']);
const prerender = spawnSync(process.execPath, [resolve(root, 'scripts/prerender.mjs')], {
  stdio: 'inherit',
  cwd: root,
});
if (prerender.status !== 0) process.exit(prerender.status ?? 1);
rspack(['build', '-c', 'host-harness/shell/rspack.config.ts']);
console.log(`[build] done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
