/**
 * The deploy API's tests' view of an emulator: calls carrying the local workspace key (as the platform's CLI sends it),
 * small functions to deploy, and the site's archive uploaded as the CLI uploads it (multipart, field `file`).
 */
import type { Answer, CallOptions, Json, Running } from '../emulator/emulator-harness.ts';

export const WORKSPACE_KEY = 'b44k_local_harness';
export const APP_PATH = '/api/apps/local-app';

/** A call of the deploy API with the workspace key. */
export function deployCall(
  h: Running,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Answer> {
  return h.call(method, `${APP_PATH}${path}`, {
    ...opts,
    headers: { api_key: WORKSPACE_KEY, ...opts.headers },
  });
}

/** A function answering `{ version }` (and, when asked, one of its environment's variables). */
export function versionFunction(version: string): { path: string; content: string }[] {
  return [
    {
      path: 'index.ts',
      content: `Deno.serve(async (request) => {
  const { env } = await request.json().catch(() => ({}));
  console.log('answered ${version}');
  return Response.json({ version: ${JSON.stringify(version)}, env: env ? Deno.env.get(env) ?? null : null });
});
`,
    },
    { path: 'function.jsonc', content: '{ "name": "probe", "entry": "index.ts" }' },
  ];
}

/** Deploys `files` as the function `name` (entry `index.ts`). */
export function deployFunction(
  h: Running,
  name: string,
  files: { path: string; content: string }[],
  entry = 'index.ts',
): Promise<Answer> {
  return deployCall(h, 'PUT', `/backend-functions/${name}`, { body: { entry, files } });
}

/** Calls a function as a tool would (no Origin). */
export function callFunction(h: Running, name: string, body: Json = {}): Promise<Answer> {
  return h.call('POST', `${APP_PATH}/functions/${name}`, { body });
}

/** Uploads a site archive as `POST deploy-dist` (multipart, the field `file`, as the CLI names it). */
export function uploadSite(h: Running, archive: Buffer, field = 'file'): Promise<Answer> {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(archive)], { type: 'application/gzip' }), 'dist.tar.gz');
  return deployCall(h, 'POST', '/deploy-dist', { raw: form });
}

/** What the published URL serves at `path`: status, body and headers. */
export async function published(
  h: Running,
  path = '',
): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(`${h.emulator.publishedUrl()}${path}`);
  return { status: response.status, text: await response.text(), headers: response.headers };
}
