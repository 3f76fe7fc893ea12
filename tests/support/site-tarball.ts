/**
 * Tar archives for the tests of the deploy API: built with tar-stream's packer (the harness reads them with its parser;
 * the platform CLI's own archives, made by node-tar, are read in tests/integration/deploy), gzip-compressed like the
 * CLI's `dist.tar.gz`. Names are written as given, `../` and absolute ones included.
 */
import { gzipSync } from 'node:zlib';
import { type Headers, pack } from 'tar-stream';

/** One entry: a file's name and content, or a header of another type (a folder, a link) with no content. */
export type TarEntry = [name: string, content: string | Buffer] | [header: Headers];

/** The uncompressed tar stream of `entries`. */
export async function tarOf(entries: readonly TarEntry[]): Promise<Buffer> {
  const packer = pack();
  for (const entry of entries) {
    if (entry.length === 2) packer.entry({ name: entry[0] }, entry[1]);
    else packer.entry(entry[0]);
  }
  packer.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of packer) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The gzip-compressed tar of `entries`. */
export async function tarGzOf(entries: readonly TarEntry[]): Promise<Buffer> {
  return gzipSync(await tarOf(entries));
}

/** A small site as the CLI archives one (`tar -C dist .`): the root folder, index.html, 404.html and an asset. */
export const SMALL_SITE: readonly TarEntry[] = [
  [{ name: './', type: 'directory' }],
  ['./index.html', '<!doctype html><title>Deployed</title><h1>The deployed copy</h1>'],
  ['./404.html', '<!doctype html><title>Not found</title><h1>Not here</h1>'],
  [{ name: './assets/', type: 'directory' }],
  ['./assets/app.js', 'console.log("deployed");'],
];
