#!/usr/bin/env node
/**
 * `npm run bench`: the performance benchmark.
 * 1. A clean production build, timed.
 * 2. The built site served like a CDN (brotli, immutable hashed assets) by the site server on an ephemeral port, with
 *    the platform emulator on :4400 (started here unless one is already running).
 * 3. Lighthouse (npm `lighthouse`, Debian's Chromium) on every route, mobile and desktop presets, RUNS times each;
 *    the median of performance, accessibility, best-practices and SEO scores, FCP, LCP, TBT, CLS and bytes; with every
 *    run the machine's load and Lighthouse's benchmark index, and a warning and a `busy` mark on the results when the
 *    machine was not quiet (scripts/bench-machine.mjs).
 * 4. The emulator's own throughput benchmark (scripts/bench-emulator.ts).
 * Prints tables and writes bench-results/lighthouse.json. Options: --runs N, --routes /,/Pricing, --skip-emulator.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  chromiumVersion,
  judgeMachine,
  printMachine,
  settleMachine,
  watchMachine,
} from './bench-machine.mjs';
import { chromeFlags, chromePath, defaultRoutes, serveBuild } from './bench-support.mjs';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
    'skip-emulator': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);

// 1. Build.
const buildStarted = performance.now();
const build = spawnSync(process.execPath, [resolve(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const buildSeconds = (performance.now() - buildStarted) / 1000;
// Every page the build prerendered, unless --routes names some.
const ROUTES = (values.routes ?? defaultRoutes(resolve(root, 'dist'))).split(',');

// 2. Servers: the site server (CDN-like) in a child process, and the emulator if :4400 is free.
const { default: lighthouse } = await import('lighthouse');
const { launch } = await import('chrome-launcher');
const desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default;

const harnessUp = await fetch('http://localhost:4400/__harness/health')
  .then((r) => r.ok)
  .catch(() => false);
const servers = [];
const { server: siteServer, port } = await serveBuild(resolve(root, 'dist'));
servers.push(siteServer);
if (!harnessUp) {
  const emulator = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(root, 'host-harness/src/emulator/cli.ts')],
    {
      cwd: root,
      env: { ...process.env, HARNESS_DATA: 'memory', HARNESS_QUIET: '1' },
      stdio: 'ignore',
    },
  );
  servers.push(emulator);
  for (let i = 0; i < 50; i++) {
    if (
      await fetch('http://localhost:4400/__harness/health').then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
}
const stop = () => {
  for (const server of servers) server.kill('SIGTERM');
};
process.on('exit', stop);

// 3. Lighthouse.
await settleMachine();
const chrome = await launch({ chromePath, chromeFlags });
/** The median of the runs that produced a number (a run Lighthouse could not measure gives NaN). */
const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
};
const results = [];
const machineRuns = [];
let chromium = 'unknown';
try {
  for (const preset of ['mobile', 'desktop']) {
    for (const route of ROUTES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const url = `http://localhost:${port}${route}`;
        const flags = { port: chrome.port, output: 'json', logLevel: 'error' };
        const watch = watchMachine();
        const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
        const machine = {
          ...watch.stop(),
          benchmarkIndex: result?.lhr?.environment?.benchmarkIndex ?? Number.NaN,
        };
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
        chromium = await chromiumVersion(chrome.port, lhr);
        machineRuns.push({ preset, route, ...machine });
        const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          // A run Lighthouse could not score (e.g. no LCP observed) counts as unmeasured, not as 0.
          performance:
            lhr.categories.performance?.score == null
              ? Number.NaN
              : Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
          seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          bytes: audit('total-byte-weight'),
        });
      }
      const keys = Object.keys(runs[0]);
      const row = { preset, route, runs: runs.length };
      for (const key of keys) row[key] = median(runs.map((run) => run[key]));
      results.push(row);
      const machine = machineRuns.slice(-runs.length);
      console.log(
        `${preset.padEnd(8)} ${route.padEnd(16)} perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo}  FCP ${Math.round(row.fcpMs)} ms  LCP ${Math.round(row.lcpMs)} ms  TBT ${Math.round(row.tbtMs)} ms  CLS ${row.cls.toFixed(3)}  ${(row.bytes / 1024).toFixed(1)} KB  (load ${machine.map((run) => run.loadAverage.toFixed(2)).join('/')}, others ${machine.map((run) => run.othersLoad.toFixed(2)).join('/')}, index ${machine.map((run) => Math.round(run.benchmarkIndex)).join('/')})`,
      );
    }
  }
} finally {
  await chrome.kill();
}

const verdict = judgeMachine(machineRuns);
mkdirSync(resolve(root, 'bench-results'), { recursive: true });
const report = {
  date: new Date().toISOString(),
  // Results taken on a busy machine are kept for the record, marked, and never quoted.
  busy: verdict.busy,
  machine: { chromium, ...verdict, runs: machineRuns },
  buildSeconds,
  runsPerRoute: RUNS,
  chromePath,
  results,
};
writeFileSync(resolve(root, 'bench-results/lighthouse.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nproduction build: ${buildSeconds.toFixed(1)} s`);
printMachine(verdict, chromium);
console.log(
  `Lighthouse ${report.date.slice(0, 10)}, Chromium ${chromium}, benchmark index ${Math.round(verdict.benchmarkIndex.median)}${verdict.busy ? ' (BUSY MACHINE: not quotable)' : ''}`,
);
console.log('| preset | route | perf | a11y | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | KB |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.preset} | ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${Math.round(r.fcpMs)} | ${Math.round(r.lcpMs)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${(r.bytes / 1024).toFixed(1)} |`,
  );
}
stop();

// 4. The emulator's throughput.
if (!values['skip-emulator']) {
  spawnSync(process.execPath, ['--import', 'tsx', resolve(root, 'scripts/bench-emulator.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
}
