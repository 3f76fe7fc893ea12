#!/usr/bin/env node
/**
 * Size budgets of the production build (brotli, quality 11, as a CDN serves it), checked in CI like wouter's
 * size-limit: per page, the JavaScript its HTML runs (the inline boot script, main and the page's chunk group); the
 * CSS; the federated remote
 * (`remoteEntry.js` + what `./App` needs beyond the shared React + the largest page chunk); and each page's document
 * as the site server sends it (status line, headers and brotli body), which must fit in the first round trip of a new
 * connection: ten TCP segments of 1,460 bytes (RFC 6928's initial window, and Lighthouse's), or the first paint waits
 * one more round trip, with room to spare (DOCUMENT_HEADROOM) so that the next change does not fight it. The pages are
 * the ones the build prerendered (`builtPages`): a new page is budgeted without a change here. Prints a table; exits 1
 * when a budget is exceeded. Also runs the platform client's own size check. `npm run build` runs it after every
 * local build (scripts/build.mjs).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { builtPages, serveBuild } from './bench-support.mjs';
import { firstLoadJs } from './first-load-js.mjs';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, 'dist');
const KB = 1024;

/**
 * Enforced ceilings (issue 7). React 19's client alone is 57 KB brotli, so a page's own JavaScript has about 13 KB:
 * the parts of pages without behaviour are static regions whose code a prerendered visit never downloads
 * (src/hydration/region.tsx).
 */
export const BUDGETS = { pageJs: 70 * KB, css: 15 * KB, remote: 60 * KB, document: 10 * 1460 };

/**
 * Bytes every document keeps free under its one-round-trip budget (issue 33): a testimonial, a link or a sentence
 * added to the home page fits without a fight over bytes; a change that eats the room fails the build.
 */
export const DOCUMENT_HEADROOM = 600;

const cache = new Map();
const compress = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
function brotli(file) {
  if (!cache.has(file)) cache.set(file, compress(readFileSync(resolve(dist, file))));
  return cache.get(file);
}
const sum = (files) => files.reduce((total, file) => total + brotli(file), 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const rows = [];
let failed = false;
function check(name, bytes, budget, unit = kb) {
  const ok = bytes <= budget;
  if (!ok) failed = true;
  rows.push([name, unit(bytes), unit(budget), ok ? 'ok' : 'OVER']);
}

/**
 * The bytes of the response to `GET path` from the server on `port`, as a browser's request over a kept-alive
 * connection receives them: status line, headers and (brotli) body.
 */
function responseBytes(port, path) {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    const chunks = [];
    socket.on('error', fail);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const received = Buffer.concat(chunks);
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(
        /\r\ncontent-length: *(\d+)/i.exec(received.subarray(0, end).toString('latin1'))?.[1],
      );
      if (!Number.isFinite(length)) fail(new Error(`${path}: no Content-Length`));
      else if (received.length >= end + 4 + length) {
        socket.destroy();
        done(received.length);
      }
    });
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nAccept: text/html\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: keep-alive\r\n\r\n`,
    );
  });
}

// Pages: the JavaScript each prerendered HTML file runs before it is live, its inline boot script included
// (scripts/first-load-js.mjs); the stylesheets they name are checked below.
const pages = builtPages(dist);
const label = (page) => (page.name === 'NotFound' ? '/404' : page.path);
const cssFiles = new Set();
for (const page of pages) {
  const { files, inline, styles } = firstLoadJs(readFileSync(resolve(dist, page.file), 'utf8'));
  if (!files.length && !inline.length) throw new Error(`${page.file} runs no script`);
  for (const css of styles) cssFiles.add(css);
  const bytes = sum(files) + inline.reduce((total, text) => total + compress(Buffer.from(text)), 0);
  check(`first-load JS ${label(page)}`, bytes, BUDGETS.pageJs);
}
for (const css of cssFiles) check(`CSS ${css}`, brotli(css), BUDGETS.css);

// The federated remote: what a host downloads for ./App besides the React it shares.
const manifest = JSON.parse(readFileSync(resolve(dist, 'mf-manifest.json'), 'utf8'));
const app = manifest.exposes.find((expose) => expose.name === 'App');
if (!app) throw new Error('mf-manifest.json exposes no App');
const pageChunks = app.assets.js.async.filter((file) => /page-/.test(file));
const largestPage = Math.max(...pageChunks.map(brotli));
check(
  'remote: remoteEntry.js + ./App + largest page',
  brotli('remoteEntry.js') + sum(app.assets.js.sync) + largestPage,
  BUDGETS.remote,
);

// Each page's document, as sent: it must arrive in the first round trip, with DOCUMENT_HEADROOM to spare.
const { server, port } = await serveBuild(dist);
try {
  for (const page of pages)
    check(
      `document ${label(page)} (headers + brotli)`,
      await responseBytes(port, page.path),
      BUDGETS.document - DOCUMENT_HEADROOM,
      (bytes) => `${bytes} B`,
    );
} finally {
  server.kill();
}

const widths = [46, 10, 10, 5];
const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' ');
console.log(line(['bundle (brotli)', 'size', 'budget', '']));
console.log(
  `(documents: ${BUDGETS.document} B, one round trip, less ${DOCUMENT_HEADROOM} B of headroom = ${BUDGETS.document - DOCUMENT_HEADROOM} B)`,
);
for (const row of rows) console.log(line(row));

const platform = spawnSync(process.execPath, [resolve(root, 'scripts/size-platform.mjs')], {
  stdio: 'inherit',
});
if (platform.status !== 0) failed = true;
if (failed) {
  console.error('[budgets] a size budget is exceeded');
  process.exit(1);
}
console.log('[budgets] all within budget');
