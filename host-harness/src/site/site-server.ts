/**
 * The site server (port 4401): serves the built site from `dist/` the way a CDN would — every page by name
 * (case-insensitive), unknown paths as the 404 page with status 404, hashed assets cached for a year, text compressed,
 * security headers on every response (a page's policy allowing its own inline boot script and CSS by the hashes the
 * build listed in `csp-hashes.json`), and CORS on the federated files for the editor origins only.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { basename, extname, join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { pageNameForPath } from '../../../src/shared/navigation/paths.ts';
import type { SiteConfig } from '../../../src/site-config-types.ts';
import { cacheControlOf, contentTypeOf } from '../serving/asset-headers.ts';
import { foreignHostMessage, isOwnHost } from '../serving/loopback-host.ts';
import { httpServerOptions, type ServerTimeouts, serverTimeouts } from '../serving/server-timeouts.ts';
import { resolveStaticFile } from '../serving/static-file.ts';
import { type InlineSources, securityHeaders } from './security-headers.ts';

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml', '.map']);
/** No page or asset path is longer; a longer one gets 414 before any work is done on it. */
export const MAX_PATH_LENGTH = 2_048;
/** The whole request target (path and query; a launch URL carries a token and return addresses): 414 beyond. */
export const MAX_URL_LENGTH = 14_336;
/** The build's list of the CSP hashes each prerendered page's inline elements need (scripts/prerender.mjs). */
export const CSP_HASHES_FILE = 'csp-hashes.json';

export interface SiteServerOptions {
  distDir: string;
  config: SiteConfig;
  /** Compress text responses (brotli or gzip, as the client accepts). Default true. */
  compress?: boolean;
  /** Bounds on slow clients (`serving/server-timeouts.ts`); default `SERVER_TIMEOUTS`. Tests shorten them. */
  timeouts?: Partial<ServerTimeouts>;
}

interface Payload {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** The body read as the CSP hash list (only for `csp-hashes.json`). */
  inline?: Record<string, InlineSources>;
  mtimeMs: number;
}

/** Creates (does not start) the site server. */
export function createSiteServer(options: SiteServerOptions): Server {
  // A slow request is answered 408 by Node itself (`Connection: close`), the others are served meanwhile.
  return createServer(httpServerOptions(serverTimeouts(options.timeouts)), createSiteHandler(options));
}

/**
 * The site server's handling of one request, over the build in `distDir` (also what the local platform serves a
 * deployed copy of the site with: host-harness/src/emulator/deploy/published-site.ts).
 */
export function createSiteHandler({
  distDir,
  config,
  compress = true,
}: Omit<SiteServerOptions, 'timeouts'>): (req: IncomingMessage, res: ServerResponse) => void {
  const headers = securityHeaders(config);
  const cache = new Map<string, Payload>();

  const load = (file: string): Payload => {
    const { mtimeMs } = statSync(file);
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached;
    const payload: Payload = { body: readFileSync(file), mtimeMs };
    cache.set(file, payload);
    return payload;
  };

  /**
   * The inline sources the HTML `file` needs, from the build's list; none (so no inline element runs) when the list
   * is missing or unreadable, or does not name the file.
   */
  const inlineSourcesOf = (file: string): InlineSources => {
    const list = join(distDir, CSP_HASHES_FILE);
    if (!existsSync(list)) return {};
    const payload = load(list);
    if (!payload.inline) {
      try {
        payload.inline = JSON.parse(payload.body.toString('utf8')) as Record<string, InlineSources>;
      } catch {
        payload.inline = {};
      }
    }
    return Object.hasOwn(payload.inline, basename(file)) ? (payload.inline[basename(file)] ?? {}) : {};
  };

  /** The prerendered file of a page (e.g. `Pricing.html`), matched case-insensitively, else the app shell. */
  const pageFile = (name: string): string => {
    const prerendered = join(distDir, `${name}.html`);
    return existsSync(prerendered) ? prerendered : join(distDir, 'index.html');
  };

  const send = (req: IncomingMessage, res: ServerResponse, file: string, status: number) => {
    const ext = extname(file);
    const payload = load(file);
    res.statusCode = status;
    const sent = ext === '.html' ? securityHeaders(config, inlineSourcesOf(file)) : headers;
    for (const [name, value] of Object.entries(sent)) res.setHeader(name, value);
    res.setHeader('Content-Type', contentTypeOf(file));
    res.setHeader('Cache-Control', cacheControlOf(file));
    const origin = req.headers.origin;
    if (
      origin &&
      config.editorOrigins.includes(origin) &&
      (ext === '.js' || ext === '.css' || ext === '.json')
    ) {
      res.setHeader('Access-Control-Allow-Origin', origin);
    }
    // Only what may be fetched across origins answers differently by Origin (the CORS header above).
    res.setHeader(
      'Vary',
      ext === '.js' || ext === '.css' || ext === '.json' ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
    );
    let body = payload.body;
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (compress && COMPRESSIBLE.has(ext) && body.length > 512) {
      if (/\bbr\b/.test(accepts)) {
        payload.br ??= brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
        body = payload.br;
        res.setHeader('Content-Encoding', 'br');
      } else if (/\bgzip\b/.test(accepts)) {
        payload.gzip ??= gzipSync(body, { level: 9 });
        body = payload.gzip;
        res.setHeader('Content-Encoding', 'gzip');
      }
    }
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const refuse = (
    res: ServerResponse,
    status: number,
    message: string,
    extra: Record<string, string> = {},
  ) => {
    res.writeHead(status, { ...extra, ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(message);
  };

  // Every step below is linear in the (bounded) length of the URL: one request costs microseconds, however hostile.
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // DNS rebinding: a page on another site that points its own name at this machine still sends that name.
    if (!isOwnHost(req.headers.host, req.socket.localPort))
      return refuse(res, 403, foreignHostMessage(req.headers.host, req.socket.localPort));
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return refuse(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    if (url.length > MAX_URL_LENGTH || pathname.length > MAX_PATH_LENGTH) {
      return refuse(
        res,
        414,
        `The address is too long (paths ${MAX_PATH_LENGTH} characters at most, whole addresses ${MAX_URL_LENGTH})`,
      );
    }
    const page = pageNameForPath(pathname);
    if (page) return send(req, res, pageFile(page), 200);
    const file = resolveStaticFile(distDir, pathname);
    if (file && !file.endsWith('.html')) return send(req, res, file, 200);
    const notFound = join(distDir, '404.html');
    return send(req, res, existsSync(notFound) ? notFound : join(distDir, 'index.html'), 404);
  };

  return (req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      // dist/ can disappear under a running server (a rebuild): answer, never crash.
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      if (!res.headersSent) {
        res.writeHead(missing ? 503 : 500, {
          ...headers,
          'Content-Type': 'text/plain; charset=utf-8',
          'Retry-After': '2',
        });
      }
      res.end(missing ? 'The site is being rebuilt; try again in a moment.' : 'Internal error');
    }
  };
}

/** True when `distDir` holds a build (index.html and the remote entry). */
export function hasBuild(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html')) && readdirSync(distDir).includes('remoteEntry.js');
}
