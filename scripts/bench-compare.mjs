#!/usr/bin/env node
/**
 * `node scripts/bench-compare.mjs <dist A> <dist B> [--runs N] [--routes /,/Pricing]`: Lighthouse (mobile preset,
 * Debian's Chromium) on two production builds, run alternately (A B, then B A, …) so that the machine's drift hits
 * both alike; the median and range of the performance score, and the medians of TBT and LCP, per route. Each build
 * is served by the site server (CDN-like: brotli, immutable hashed assets) on an ephemeral port; the platform
 * emulator is expected on :4400 (`npm run emulator`). Use it to compare a change with its base (a worktree's `dist/`
 * after `npm run build`), where `npm run bench`'s three runs per route vary too much. Every run records the machine's
 * load and Lighthouse's benchmark index; a busy machine gets a warning and the table a mark (scripts/bench-machine.mjs).
 */
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

const { values, positionals: dists } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, routes: { type: 'string' } },
  allowPositionals: true,
});
if (dists.length !== 2) {
  console.error('usage: node scripts/bench-compare.mjs <dist A> <dist B> [--runs N] [--routes /,/Pricing]');
  process.exit(2);
}
const RUNS = Number(values.runs);
// Every page of build A, unless --routes names some.
const ROUTES = (values.routes ?? defaultRoutes(dists[0])).split(',');

const { default: lighthouse } = await import('lighthouse');
const { launch } = await import('chrome-launcher');

const builds = [];
for (const dist of dists) builds.push({ dist, ...(await serveBuild(dist)), runs: {} });
await settleMachine();
const chrome = await launch({ chromePath, chromeFlags });
const machineRuns = [];
let chromium = 'unknown';
try {
  for (const route of ROUTES) {
    for (let i = 0; i < RUNS; i++) {
      for (const build of i % 2 ? [...builds].reverse() : builds) {
        const url = `http://localhost:${build.port}${route}`;
        const watch = watchMachine();
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
        const machine = watch.stop();
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
        chromium = await chromiumVersion(chrome.port, lhr);
        const run = { build: build.dist, route, ...machine, benchmarkIndex: lhr.environment?.benchmarkIndex };
        machineRuns.push(run);
        console.log(
          `[bench:compare] ${route} ${build.dist}: perf ${Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100)} (load ${run.loadAverage.toFixed(2)}, others ${run.othersLoad.toFixed(2)}, index ${Math.round(run.benchmarkIndex)})`,
        );
        build.runs[route] ??= [];
        build.runs[route].push({
          performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        });
      }
    }
  }
} finally {
  await chrome.kill();
  for (const build of builds) build.server.kill('SIGTERM');
}

/** The runs Lighthouse could measure (one it could not score, e.g. no paint seen on a loaded machine, gives NaN). */
const measured = (values) => values.filter(Number.isFinite).sort((a, b) => a - b);
const median = (values) => measured(values)[Math.floor(measured(values).length / 2)] ?? Number.NaN;
const scores = (runs) => {
  const values = measured(runs.map((run) => run.performance));
  const unmeasured = runs.length - values.length;
  return `${median(values)} (${values[0]}–${values.at(-1)})${unmeasured ? `, ${unmeasured} unmeasured` : ''}`;
};
const [a, b] = builds;
const verdict = judgeMachine(machineRuns);
const date = new Date().toISOString();
const out = resolve(import.meta.dirname, '../bench-results');
mkdirSync(out, { recursive: true });
writeFileSync(
  resolve(out, 'lighthouse-compare.json'),
  `${JSON.stringify({ date, busy: verdict.busy, machine: { chromium, ...verdict, runs: machineRuns }, builds: builds.map(({ dist, runs }) => ({ dist, runs })) }, null, 2)}\n`,
);
console.log(`A: ${a.dist}\nB: ${b.dist}\nLighthouse mobile, ${RUNS} runs per route and build, alternating`);
printMachine(verdict, chromium);
console.log(
  `${date.slice(0, 10)}, Chromium ${chromium}, benchmark index ${Math.round(verdict.benchmarkIndex.median)}${verdict.busy ? ' (BUSY MACHINE: not quotable)' : ''}\n`,
);
console.log(
  '| route | A perf (median, range) | B perf (median, range) | A TBT ms | B TBT ms | A FCP ms | B FCP ms | A LCP ms | B LCP ms |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const route of ROUTES) {
  const [ra, rb] = [a.runs[route], b.runs[route]];
  const ms = (runs, key) => Math.round(median(runs.map((run) => run[key])));
  console.log(
    `| ${route} | ${scores(ra)} | ${scores(rb)} | ${ms(ra, 'tbtMs')} | ${ms(rb, 'tbtMs')} | ${ms(ra, 'fcpMs')} | ${ms(rb, 'fcpMs')} | ${ms(ra, 'lcpMs')} | ${ms(rb, 'lcpMs')} |`,
  );
}
