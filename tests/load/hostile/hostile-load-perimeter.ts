/**
 * Hostile requests at the harness's perimeter: foreign Host headers (DNS rebinding) on the harness and the site server,
 * control-API calls caused by other pages (every spelling of the path, Origin null, Fetch Metadata), socket.io
 * handshakes from foreign origins, and long runs of slashes. Each must be refused with the exact status.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { defaultSiteConfig } from '../../../config/site-config.ts';
import type { ServerTimeouts } from '../../../host-harness/src/serving/server-timeouts.ts';
import { createSiteServer } from '../../../host-harness/src/site/site-server.ts';
import type { CaseContext, HostileRequest } from './hostile-load-cases.ts';

const HARNESS_PATHS = [
  ['GET', '/__harness/outbox'],
  ['POST', '/__harness/reset'],
  ['GET', '/api/apps/local-app/entities/HostileVictim'],
  ['GET', '/api/apps/public/prod/public-settings/by-id/local-app'],
  ['GET', '/login'],
  ['GET', '/__harness/pay/cs_test_x'],
  ['GET', '/'],
  ['GET', '/nope'],
  ['GET', '/ws-user-apps/socket.io/?EIO=4&transport=polling'],
] as const;
const SITE_PATHS = ['/', '/Pricing', '/remoteEntry.js', '/nope'];

/** Host headers an attacker's page (or a confused client) sends. */
function foreignHosts(port: number): string[] {
  return [
    'evil.example',
    `evil.example:${port}`,
    `localhost.evil.com:${port}`,
    `localhost.:${port}`,
    `localhost:${port + 1}`,
    `localhost:0${port}`,
    'localhost',
    `user@localhost:${port}`,
    `127.0.0.2:${port}`,
    `[::ffff:127.0.0.1]:${port}`,
  ];
}

export function foreignHost(ctx: CaseContext): HostileRequest {
  const site = ctx.rng.next() < 0.3;
  const port = site ? ctx.sitePort : ctx.harnessPort;
  const host = ctx.rng.pick(foreignHosts(port));
  const [method, path] = site ? (['GET', ctx.rng.pick(SITE_PATHS)] as const) : ctx.rng.pick(HARNESS_PATHS);
  return {
    category: 'foreign-host',
    label: `${site ? 'site' : 'harness'} Host ${JSON.stringify(host)}`,
    method,
    path,
    headers: { host },
    target: site ? 'site' : 'harness',
    expect: '4xx',
    statuses: [403],
    answerMatches: /DNS rebinding/,
  };
}

const CONTROL_CALLS: [method: string, path: string, body?: string][] = [
  ['GET', 'outbox'],
  ['GET', 'requests'],
  ['GET', 'checkout-sessions'],
  ['GET', 'orders'],
  ['POST', 'reset', '{}'],
  ['POST', 'faults', '{"path":"/api","status":500}'],
  ['DELETE', 'faults'],
  ['POST', 'settings', '{"requireLogin":true}'],
  ['POST', 'realtime/drop', '{"refuseMs":60000}'],
  ['POST', 'pay/cs_test_x/pay'],
  ['POST', 'pay/cs_test_x/cancel'],
];

/** Headers of a request another page caused, as a browser sends them. */
function hostileOrigins(port: number): Record<string, string>[] {
  return [
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    { origin: 'https://evil.example' },
    { origin: 'null', 'sec-fetch-site': 'cross-site' },
    { origin: 'null' },
    { origin: 'http://localhost:4401', 'sec-fetch-site': 'same-site' },
    { origin: `http://localhost:${port + 1}` },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
  ];
}

/** A spelling of `/__harness/<path>` the router sends to the same handler. */
function spell(ctx: CaseContext, path: string): string {
  const encodedFirst = `%${path.charCodeAt(0).toString(16).toUpperCase()}${path.slice(1)}`;
  return ctx.rng.pick([
    `/__harness/${path}`,
    `/%5F%5Fharness/${path}`,
    `/%5f%5fharness/${path}`,
    `/_%5Fharness/${path}`,
    `/__harness/${encodedFirst}`,
  ]);
}

/**
 * A control-API call another page caused. Had one got through, a reset or a fault would also show up as lost or failed
 * valid writes, which the runner reads back.
 */
export function crossOriginControl(ctx: CaseContext): HostileRequest {
  const [method, path, body] = ctx.rng.pick(CONTROL_CALLS);
  const origin = ctx.rng.pick(hostileOrigins(ctx.harnessPort));
  const url = spell(ctx, path);
  return {
    category: 'cross-origin-control',
    label: `${method} ${url.slice(0, 24)} from ${origin.origin ?? `Sec-Fetch-Site ${origin['sec-fetch-site']}`}`,
    method,
    path: url,
    headers: { ...origin, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body } : {}),
    expect: '4xx',
    statuses: [403],
    answerMatches: /"code":"foreign_origin"/,
  };
}

const SOCKET_ORIGINS = [
  'https://evil.example',
  'null',
  'http://localhost:4402',
  'https://localhost:4401',
  'http://localhost.evil.com:4401',
];

/** A socket.io handshake from a page on a foreign origin: over polling (403) or a direct WebSocket upgrade (400). */
export function foreignSocket(ctx: CaseContext): HostileRequest {
  const origin = ctx.rng.pick(SOCKET_ORIGINS);
  const query = `EIO=4&app_id=${ctx.app}&token=null`;
  if (ctx.rng.next() < 0.5) {
    return {
      category: 'foreign-socket',
      label: `polling handshake from ${origin}`,
      method: 'GET',
      path: `/ws-user-apps/socket.io/?${query}&transport=polling`,
      headers: { origin },
      expect: '4xx',
      statuses: [403],
      answerMatches: /was refused/,
    };
  }
  const raw =
    `GET /ws-user-apps/socket.io/?${query}&transport=websocket HTTP/1.1\r\nHost: 127.0.0.1:${ctx.harnessPort}\r\n` +
    `Origin: ${origin}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n` +
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';
  return {
    category: 'foreign-socket',
    label: `WebSocket handshake from ${origin}`,
    method: 'RAW',
    path: 'websocket upgrade',
    raw,
    expect: '4xx',
    statuses: [400],
    answerMatches: /was refused/,
  };
}

/** Runs of slashes: the site answers 404 or 414 (431 past Node's header limit), the harness 404, in milliseconds. */
export function longSlashPaths(ctx: CaseContext): HostileRequest {
  const slashes = ctx.rng.pick([1_000, 2_000, 8_000, 15_000, 100_000]);
  const site = ctx.rng.next() < 0.6;
  const prefix = site ? '' : ctx.rng.pick(['', '/api', '/__harness', `/api/apps/${ctx.app}/entities`]);
  const path = `${prefix}${'/'.repeat(slashes)}${ctx.rng.pick(['x', 'Pricing', '.env'])}`;
  const statuses = slashes >= 100_000 ? [431] : site ? (path.length > 2_048 ? [414] : [404]) : [404];
  return {
    category: 'long-slash-paths',
    label: `${site ? 'site' : 'harness'} ${prefix}+${slashes} slashes`,
    method: 'GET',
    path,
    target: site ? 'site' : 'harness',
    expect: '4xx',
    statuses,
  };
}

/**
 * A site server on a tiny build in `dir` (the long-path, Host and slow-client cases need its request handling, not its
 * pages), with `timeouts` as its bounds on slow clients.
 */
export async function startSiteServer(
  dir: string,
  timeouts: Partial<ServerTimeouts>,
): Promise<{ url: string; close(): void }> {
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    'index.html': '<!doctype html><h1>Index</h1>',
    'Pricing.html': '<!doctype html><h1>Pricing</h1>',
    '404.html': '<!doctype html><h1>Page Not Found</h1>',
    'remoteEntry.js': 'var remote = 1;',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const server = createSiteServer({ distDir: dir, config: defaultSiteConfig, timeouts });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
