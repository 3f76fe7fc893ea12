/**
 * What the benchmark scripts share (`bench.mjs`, `bench-compare.mjs`): the routes measured,
 * Debian's Chromium with the flags this machine needs, and a production build served by the site server.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS } from '../config/chromium.mjs';

const root = resolve(import.meta.dirname, '..');

/** The routes Lighthouse measures by default (`--routes` overrides). */
export const DEFAULT_ROUTES = '/,/Challenges,/Solutions,/Results,/Process,/Pricing,/PaymentSuccess';

/** Debian's full Chromium (`CHROME_PATH` overrides), as Lighthouse expects it: new headless mode. */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Lighthouse's Chromium: new headless mode, with the flags this machine needs. */
export const chromeFlags = ['--headless=new', ...CHROMIUM_ARGS];

/**
 * Serves the production build in `distDir` with the site server (CDN-like: brotli, immutable hashed assets) in a
 * child process on an ephemeral port; resolves with the process and its port once every page and asset has been
 * requested once. The site server compresses a file on its first request (brotli at quality 11: tens of
 * milliseconds for a page) and keeps the result, as a CDN's edge keeps it; without that first request, the first
 * Lighthouse run of each page would count the compression as server response time.
 */
export async function serveBuild(distDir) {
  const server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `
const { createSiteServer } = await import(${JSON.stringify(resolve(root, 'host-harness/src/site/site-server.ts'))});
const { readSiteConfig } = await import(${JSON.stringify(resolve(root, 'config/site-config.ts'))});
const server = createSiteServer({ distDir: ${JSON.stringify(resolve(distDir))}, config: readSiteConfig() });
server.listen(0, '127.0.0.1', () => console.log('PORT=' + server.address().port));
`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise((done, fail) => {
    server.stdout.on('data', (chunk) => {
      const match = String(chunk).match(/PORT=(\d+)/);
      if (match) done(Number(match[1]));
    });
    server.once('exit', () => fail(new Error(`the site server did not start for ${distDir}`)));
  });
  await warmUp(port, distDir);
  return { server, port };
}

/** Requests every page (and the 404 page) and every built asset once, as a browser asks for them (brotli). */
async function warmUp(port, distDir) {
  const pages = readdirSync(distDir)
    .filter((name) => name.endsWith('.html'))
    .map((name) => (name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`));
  const assets = readdirSync(resolve(distDir, 'assets')).map((name) => `/assets/${name}`);
  for (const path of [...pages, ...assets]) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    await response.arrayBuffer();
  }
}
