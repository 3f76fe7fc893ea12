#!/usr/bin/env node
/**
 * `npm start`  : build the site, then run the harness (emulator on :4400, the payment provider's stand-in on :4402) and
 *                the site server (:4401).
 * `npm run dev`: the harness, with the site on Rspack's dev server (:4401, live reload); a backend function starts
 *                afresh (rebuilt) when a file under base44/ changes.
 * FUNCTIONS_RUNTIME=deno runs the backend functions under Deno instead of workerd (the deployed runtime).
 * `--no-build` : serve the existing dist/ (used by the end-to-end tests after `npm test` has built).
 * `--remote-origin <origin>` (repeatable): an origin besides the site's that the editor shell's `?remote=` may load a
 *                federated remote from (also SHELL_REMOTE_ORIGINS, comma-separated).
 * Ctrl-C stops everything.
 */
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => resolve(root, 'node_modules/.bin', name);
const { values } = parseArgs({
  options: {
    dev: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'remote-origin': { type: 'string', multiple: true, default: [] },
  },
});
const { dev } = values;

if (!dev && !values['no-build']) {
  const build = spawnSync(process.execPath, [resolve(root, 'scripts/build.mjs')], {
    stdio: 'inherit',
    cwd: root,
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [];
const run = (command, commandArgs, extraEnv = {}) => {
  const child = spawn(command, commandArgs, {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, ...extraEnv },
  });
  child.on('exit', (code, signal) => {
    for (const other of children) if (other !== child && other.exitCode === null) other.kill('SIGTERM');
    process.exitCode = code ?? (signal ? 1 : 0);
  });
  children.push(child);
};

const remoteOrigins = values['remote-origin'].flatMap((origin) => ['--remote-origin', origin]);
run(bin('tsx'), [
  'host-harness/src/main.ts',
  ...(dev ? ['--no-site', '--watch-functions'] : []),
  ...remoteOrigins,
]);
if (dev) run(bin('rspack'), ['serve', '--config-name', 'site']);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  });
}
