/**
 * The backend functions and their runtime (docs/security.md, "Servers of the harness and the backend functions"). Calls
 * of a function that another page caused, as a browser sends them (a `no-cors` `text/plain` post among them), are
 * refused before the function runs. Miniflare's loopback server in the harness process answers nothing, whatever path,
 * `MF-Original-URL` or service header a local program sends it, and never with a stack.
 */
import { readFileSync } from 'node:fs';
import type { CaseContext, HostileRequest } from './hostile-load-cases.ts';

const FUNCTION_CALLS: [method: string, name: string, body?: string][] = [
  ['POST', 'createCheckout', '{"packageName":"gold"}'],
  ['POST', 'createCheckout', 'packageName=gold'],
  ['POST', 'stripeWebhook', '{"id":"evt_forged","type":"checkout.session.completed"}'],
  ['GET', 'createCheckout'],
  ['POST', 'noSuchFunction', '{}'],
];
const BODY_TYPES = [
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json',
];

/** Headers of a request a page on another origin caused (the site's own origin, allowed, is not among them). */
function foreignCallers(port: number): Record<string, string>[] {
  return [
    { origin: `http://127.0.0.1:${port + 7}`, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' },
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
    { origin: 'null', 'sec-fetch-site': 'cross-site' },
    { origin: `http://localhost:${port + 1}`, 'sec-fetch-site': 'same-site' },
    { origin: 'https://localhost:4401' },
    { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    { 'sec-fetch-site': 'same-site' },
  ];
}

/** A call of a backend function that a page on another origin caused: 403 `foreign_origin`, the function never ran. */
export function crossSiteFunctions(ctx: CaseContext): HostileRequest {
  const [method, name, body] = ctx.rng.pick(FUNCTION_CALLS);
  const caller = ctx.rng.pick(foreignCallers(ctx.harnessPort));
  const type = ctx.rng.pick(BODY_TYPES);
  return {
    category: 'cross-site-functions',
    label: `${method} ${name} from ${caller.origin ?? `Sec-Fetch-Site ${caller['sec-fetch-site']}`} as ${type.split(';')[0]}`,
    method,
    path: `/api/apps/${ctx.app}/functions/${name}`,
    headers: { ...caller, ...(body ? { 'content-type': type } : {}) },
    ...(body ? { body } : {}),
    expect: '4xx',
    statuses: [403],
    answerMatches:
      /^\{"message":"A backend function answers only tools and servers \(no Origin\).*"code":"foreign_origin"\}$/,
  };
}

const LOOPBACK_PATHS = [
  '/',
  '/x',
  '/core/log',
  '/core/error',
  '/core/store-temp-file?extension=txt',
  '/browser/status',
];
/** What miniflare routes on besides the path: the URL in `MF-Original-URL` (never `/browser/launch`: a download). */
const ORIGINAL_URLS = [
  null,
  'http://localhost/browser/status?sessionId=x',
  'http://localhost/browser/sessionIds',
  'http://localhost/browser/close?sessionId=x',
  'http://localhost/core/log',
  'http://localhost/core/public-url',
  'http://localhost/core/dev-registry',
  'http://localhost/core/do-storage/..%2F..',
  'http://localhost/core/workflow-storage/x',
  'not a URL',
];
const MORE_HEADERS: Record<string, string>[] = [
  {},
  { 'mf-log-level': '2' },
  { 'mf-log-level': '9' },
  { 'mf-custom-fetch-service': '0/#nothing' },
  { 'mf-custom-node-service': '0/#nothing' },
  { host: 'rebound.example' },
];
/** The guard's one answer, byte for byte: no stack, no path. */
const LOOPBACK_REFUSAL =
  /^\{"message":"Miniflare's loopback server answers nothing here: the harness's functions never need it, and neither a local program nor a function's own code may use it","code":"forbidden"\}$/;

/** A request a local program sends to one of miniflare's loopback servers: 403 with the guard's one answer. */
export function miniflareLoopback(ctx: CaseContext): HostileRequest {
  const path = ctx.rng.pick(LOOPBACK_PATHS);
  const original = ctx.rng.pick(ORIGINAL_URLS);
  const more = ctx.rng.pick(MORE_HEADERS);
  const method = ctx.rng.pick(['GET', 'POST', 'DELETE']);
  return {
    category: 'miniflare-loopback',
    label: `${method} ${path}${original ? ` as ${original}` : ''} ${JSON.stringify(more)}`,
    method,
    path,
    headers: { ...(original ? { 'mf-original-url': original } : {}), ...more },
    ...(method === 'GET' ? {} : { body: 'x' }),
    target: { loopbackPort: ctx.rng.pick(ctx.loopbackPorts) },
    expect: '4xx',
    statuses: [403],
    answerMatches: LOOPBACK_REFUSAL,
  };
}

/**
 * The loopback ports of the running functions' miniflare servers: each workerd process is told its miniflare's address
 * on its command line (`--external-addr=loopback=127.0.0.1:<port>`), where a local program finds it too.
 */
export function loopbackPortsOf(pids: (number | null)[]): number[] {
  return pids.flatMap((pid) => {
    if (pid === null) return [];
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const address = command.find((arg) => arg.startsWith('--external-addr=loopback=')) ?? '';
    const port = Number(/:(\d+)$/.exec(address)?.[1]);
    return port > 0 ? [port] : [];
  });
}
