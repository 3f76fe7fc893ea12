import { extname } from 'node:path';

/** Content types of the files the harness serves (the site's build and the editor shell's), by extension. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** A content-hashed name as Rspack writes it (`main.1a2b3c4d.js`): what it holds never changes under that name. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

/** The `Content-Type` of a file, by its extension; unknown kinds are plain bytes. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
}

/** `Cache-Control` as a CDN sends it: hashed assets are kept for a year, anything else is revalidated each time. */
export function cacheControlOf(file: string): string {
  return HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
