/**
 * Loopback addresses in a built site: a production build must contain none (the local harness's
 * `http://localhost:4400` and `:4401` are what a local build talks to). Every file under the folder is read, as the
 * CLI uploads every one of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** `localhost` (and `*.localhost`), `127.x.y.z`, `[::1]`, `::ffff:127.x.y.z`, as a host of a URL or anywhere else. */
const LOOPBACK = /\blocalhost\b|\b127(?:\.\d{1,3}){3}\b|\[::1\]|\[::ffff:127\.[\d.]+\]/gi;

/**
 * A loopback address found: `file`, the path relative to the scanned folder (with `/` separators), and `excerpt`, the
 * text found with up to 30 characters around it.
 * @typedef {{ file: string, excerpt: string }} LoopbackHit
 */

/** @param {string} dir @returns {Generator<string>} */
function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Every loopback address in the files under `dir` (the first few of each file). */
/** @param {string} dir @returns {LoopbackHit[]} */
export function findLoopbackAddresses(dir, perFile = 3) {
  /** @type {LoopbackHit[]} */
  const hits = [];
  for (const path of filesUnder(dir)) {
    // latin1 keeps every byte as one character: binary files (images) are read without failing, and an address in
    // them is found too.
    const text = readFileSync(path).toString('latin1');
    let count = 0;
    for (const match of text.matchAll(LOOPBACK)) {
      const at = match.index ?? 0;
      const excerpt = text.slice(Math.max(0, at - 30), at + match[0].length + 30).replace(/\s+/g, ' ');
      hits.push({ file: relative(dir, path).split('\\').join('/'), excerpt });
      if (++count >= perFile) break;
    }
  }
  return hits;
}
