/**
 * What the benchmark scripts share (`bench.mjs`, `bench-compare.mjs`): the routes measured,
 * Debian's Chromium with the flags this machine needs, and a production build served by the site server.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS } from '../config/chromium.mjs';

const root = resolve(import.meta.dirname, '..');

/** A path no page of the site has: the site server answers it with the 404 page. */
export const MISSING_PATH = '/no-such-page';

/**
 * The pages of the build in `distDir`, from its prerendered documents (the prerender step writes one per entry of the
 * site's page table, src/shared/navigation/paths.ts, and 404.html): `{ name, file, path }`, the home page first, the
 * 404 page last (its `path` is one no page has). A page added to the site is in this list once it is built: no script
 * keeps a list of its own.
 */
export function builtPages(distDir = resolve(root, 'dist')) {
  const files = readdirSync(distDir).filter((name) => name.endsWith('.html'));
  if (!files.includes('index.html') || !files.includes('404.html'))
    throw new Error(`${distDir}: no prerendered pages (index.html, 404.html): build first (npm run build)`);
  const page = (file) => {
    const name = file.slice(0, -'.html'.length);
    if (file === 'index.html') return { name: 'Index', file, path: '/' };
    if (file === '404.html') return { name: 'NotFound', file, path: MISSING_PATH };
    return { name, file, path: `/${name}` };
  };
  const rank = (file) => (file === 'index.html' ? 0 : file === '404.html' ? 2 : 1);
  return files.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)).map(page);
}

/** The routes Lighthouse measures when `--routes` is not given: every page of the build but the 404 page. */
export function defaultRoutes(distDir) {
  return builtPages(distDir)
    .filter((page) => page.name !== 'NotFound')
    .map((page) => page.path)
    .join(',');
}

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
