/**
 * Serves the editor shell on the harness (:4400): the page at `/` (with its configuration injected into a `<meta>`
 * tag, and a strict CSP) and its built assets under `/__shell/` from `host-harness/shell/dist/`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { remoteOrigins } from '../../shell/src/remote-override.ts';
import { cacheControlOf, contentTypeOf } from '../serving/asset-headers.ts';
import { resolveStaticFile } from '../serving/static-file.ts';
import { shellHeaders } from './shell-headers.ts';

export interface EditorShellOptions {
  /** Origin of the site server, e.g. `http://localhost:4401`. */
  siteOrigin: string;
  /** App id the iframe is launched with (`app_id`), and the login API's app. */
  appId: string;
  /** Platform server URL the iframe is launched with (`server_url`). */
  serverUrl: string;
  /** Where the shell's build is; default `host-harness/shell/dist`. */
  distDir?: string;
  /**
   * Origins besides the site's that `?remote=` may name (`--remote-origin`, `SHELL_REMOTE_ORIGINS`): each an exact
   * http(s) origin, else the harness does not start.
   */
  remoteOrigins?: readonly string[];
}

const CONFIG_PLACEHOLDER = '__EDITOR_SHELL_CONFIG__';

/** `&`, `<`, `>`, `"`, `'` as entities: the JSON goes into an attribute value. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Registers `GET /` (the shell page) and `GET /__shell/*` (its assets) on the harness's Fastify app. */
export function registerEditorShell(app: FastifyInstance, options: EditorShellOptions): void {
  const distDir = resolve(options.distDir ?? resolve(import.meta.dirname, '../../shell/dist'));
  // Checked once, here: the page's policy and the front-end's override rule both come from this list, never a request.
  const origins = remoteOrigins(options.siteOrigin, options.remoteOrigins);
  const config = JSON.stringify({
    siteOrigin: options.siteOrigin,
    appId: options.appId,
    serverUrl: options.serverUrl,
    remoteOrigins: origins,
  });
  const headers = shellHeaders({ ...options, remoteOrigins: origins });

  const notBuilt = (reply: FastifyReply) =>
    reply
      .code(503)
      .headers(headers)
      .type('text/plain; charset=utf-8')
      .send(
        'The editor shell is not built: run `npm run build` (it builds host-harness/shell into its dist/).',
      );

  app.get('/', async (_request, reply) => {
    let html: string;
    try {
      html = readFileSync(join(distDir, 'index.html'), 'utf8');
    } catch {
      return notBuilt(reply);
    }
    return reply
      .headers(headers)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html.replace(CONFIG_PLACEHOLDER, escapeAttribute(config)));
  });

  app.get('/__shell/*', async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    const file = resolveStaticFile(distDir, relative);
    if (!file || file.endsWith('.html')) {
      return reply.code(404).headers(headers).type('text/plain; charset=utf-8').send('Not found');
    }
    return reply
      .headers(headers)
      .header('Cache-Control', cacheControlOf(file))
      .type(contentTypeOf(file))
      .send(readFileSync(file));
  });
}
