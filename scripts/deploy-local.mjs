#!/usr/bin/env node
/**
 * `npm run deploy:local`: the deploy rehearsal (docs/deploy.md, "The deploy rehearsal"). Builds the site as for the
 * harness (`npm run build`), starts the harness (`npm start -- --no-build`) unless one already answers on HARNESS_PORT,
 * then runs the pinned platform CLI (scripts/base44-cli.mjs: its verified tarball, held to it by the guard) against
 * the harness, as a person deploying would: `secrets set SITE_ORIGIN=<the published origin>` (checkout returns buyers
 * there), then `deploy -y --no-build` (the site just built is what it uploads; the CLI's own build command is the
 * production build, which refuses every local address). The CLI gets a throwaway HOME (it writes its login and
 * assets there) and the local workspace key, and nothing else of this environment. Prints the published URL; a
 * harness this command started keeps running until Ctrl-C.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runBase44Cli } from './base44-cli.mjs';

const root = resolve(import.meta.dirname, '..');
const harness = `http://localhost:${Number(process.env.HARNESS_PORT ?? 4400)}`;
const devSite = `http://localhost:${Number(process.env.SITE_PORT ?? 4401)}/`;
const appId = process.env.APP_ID ?? 'local-app';
/** The local platform's workspace API key (docs/deploy.md; any other key is refused). */
const WORKSPACE_KEY = 'b44k_local_harness';
const START_TIMEOUT_MS = 90_000;

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`[deploy:local] ${message}`);
  process.exit(1);
}

async function harnessAnswers() {
  try {
    return (await fetch(`${harness}/__harness/health`)).ok;
  } catch {
    return false;
  }
}

const build = spawnSync(process.execPath, [resolve(root, 'scripts/build.mjs')], {
  stdio: 'inherit',
  cwd: root,
});
if (build.status !== 0) process.exit(build.status ?? 1);

/** @type {import('node:child_process').ChildProcess | null} */
let started = null;
let stopping = false;
if (!(await harnessAnswers())) {
  console.log(`[deploy:local] starting the harness (${harness})`);
  started = spawn(process.execPath, [resolve(root, 'scripts/start.mjs'), '--no-build'], {
    stdio: 'inherit',
    cwd: root,
  });
  started.on('exit', (code) => {
    if (!stopping) fail(`the harness stopped (exit ${code})`);
  });
  const until = Date.now() + START_TIMEOUT_MS;
  while (!(await harnessAnswers())) {
    if (Date.now() > until)
      fail(`the harness did not answer at ${harness} within ${START_TIMEOUT_MS / 1000} s`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

// Where the harness publishes a deployed site: what `base44 site open` reads.
const answer = await fetch(`${harness}/api/apps/platform/${appId}/published-url`, {
  headers: { api_key: WORKSPACE_KEY },
});
if (!answer.ok) fail(`the harness did not say where it publishes (${answer.status} ${await answer.text()})`);
const { url: publishedUrl } = /** @type {{ url: string }} */ (await answer.json());

const home = mkdtempSync(join(tmpdir(), 'base44-cli-home-'));
const env = {
  HOME: home,
  BASE44_API_URL: harness,
  BASE44_API_KEY: WORKSPACE_KEY,
  BASE44_APP_ID: appId,
  // The CLI's own switch for its error reports to the platform's analytics service.
  BASE44_DISABLE_TELEMETRY: '1',
};
let output = '';
try {
  for (const args of [
    ['secrets', 'set', `SITE_ORIGIN=${new URL(publishedUrl).origin}`],
    ['deploy', '-y', '--no-build'],
  ]) {
    console.log(`\n$ base44 ${args.join(' ')}`);
    const startedAt = Date.now();
    const run = runBase44Cli(args, { cwd: root, env });
    process.stdout.write(run.stdout);
    process.stderr.write(run.stderr);
    console.log(`[deploy:local] exit ${run.status} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    if (run.status !== 0) fail(`base44 ${args.join(' ')} failed`);
    output = run.stdout + run.stderr;
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}

const appUrl = /App URL: (\S+)/.exec(output)?.[1];
if (!appUrl) fail('the CLI printed no App URL');
console.log(`\n[deploy:local] the deployed copy: ${appUrl}   (the dev copy: ${devSite})`);
if (started) {
  console.log('[deploy:local] the harness keeps running; Ctrl-C stops it');
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      stopping = true;
      started?.kill(signal);
    });
  }
  started.on('exit', (code) => process.exit(code ?? 0));
}
