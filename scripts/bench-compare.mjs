#!/usr/bin/env node
/**
 * `node scripts/bench-compare.mjs <dist A> <dist B> [--runs N] [--routes /,/Pricing]`: Lighthouse (mobile preset,
 * Debian's Chromium) on two production builds, run alternately (A B, then B A, …) so that the machine's drift hits
 * both alike; the median and range of the performance score, and the medians of TBT and LCP, per route. Each build
 * is served by the site server (CDN-like: brotli, immutable hashed assets) on an ephemeral port; the platform
 * emulator is expected on :4400 (`npm run emulator`). Use it to compare a change with its base (a worktree's `dist/`
 * after `npm run build`), where `npm run bench`'s three runs per route vary too much.
 */
import { chromeFlags, chromePath, DEFAULT_ROUTES, option, serveBuild } from './bench-support.mjs';

const argv = process.argv.slice(2);
const dists = argv.filter((arg, index) => !arg.startsWith('--') && !argv[index - 1]?.startsWith('--'));
if (dists.length !== 2) {
  console.error('usage: node scripts/bench-compare.mjs <dist A> <dist B> [--runs N] [--routes /,/Pricing]');
  process.exit(2);
}
const RUNS = Number(option(argv, 'runs', 5));
const ROUTES = option(argv, 'routes', DEFAULT_ROUTES).split(',');

const { default: lighthouse } = await import('lighthouse');
const { launch } = await import('chrome-launcher');

const builds = [];
for (const dist of dists) builds.push({ dist, ...(await serveBuild(dist)), runs: {} });
const chrome = await launch({ chromePath, chromeFlags });
try {
  for (const route of ROUTES) {
    for (let i = 0; i < RUNS; i++) {
      for (const build of i % 2 ? [...builds].reverse() : builds) {
        const url = `http://localhost:${build.port}${route}`;
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
        build.runs[route] ??= [];
        build.runs[route].push({
          performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        });
      }
    }
  }
} finally {
  await chrome.kill();
  for (const build of builds) build.server.kill('SIGTERM');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const scores = (runs) => {
  const values = runs.map((run) => run.performance);
  return `${median(values)} (${Math.min(...values)}–${Math.max(...values)})`;
};
const [a, b] = builds;
console.log(`A: ${a.dist}\nB: ${b.dist}\nLighthouse mobile, ${RUNS} runs per route and build, alternating\n`);
console.log(
  '| route | A perf (median, range) | B perf (median, range) | A TBT ms | B TBT ms | A LCP ms | B LCP ms |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const route of ROUTES) {
  const [ra, rb] = [a.runs[route], b.runs[route]];
  const ms = (runs, key) => Math.round(median(runs.map((run) => run[key])));
  console.log(
    `| ${route} | ${scores(ra)} | ${scores(rb)} | ${ms(ra, 'tbtMs')} | ${ms(rb, 'tbtMs')} | ${ms(ra, 'lcpMs')} | ${ms(rb, 'lcpMs')} |`,
  );
}
