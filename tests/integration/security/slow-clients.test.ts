/**
 * Slow clients (docs/security.md, "Servers of the harness and the backend functions"): a slow client cannot hold a
 * connection to the harness's servers. A body sent one byte at a time and headers that never end are cut with a 408
 * once the request or header bound has passed, an idle keep-alive connection is closed, and every other client is
 * served meanwhile. Both servers run with short bounds (`timeouts`), so that this takes seconds; the defaults of `npm
 * start` are checked to be the documented ones.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteConfig } from '../../../config/site-config.ts';
import { createEmulator, type Emulator } from '../../../host-harness/src/emulator/index.ts';
import { SERVER_TIMEOUTS, type ServerTimeouts } from '../../../host-harness/src/serving/server-timeouts.ts';
import { createSiteServer } from '../../../host-harness/src/site/site-server.ts';
import { request } from './raw-http.ts';
import { slowRequest } from './slow-client.ts';

const TIMEOUTS: ServerTimeouts = { headersMs: 800, requestMs: 1_500, keepAliveMs: 600, checkIntervalMs: 100 };
/** Scheduling on a loaded machine: how late a cut may come after its bound (Node adds 1 s to keep-alive). */
const SLACK_MS = 1_500;
const DRIP_EVERY_MS = 250;

let dist: string;
let emulator: Emulator;
let site: Server;
const bases = { emulator: '', site: '' };

beforeAll(async () => {
  emulator = await createEmulator({ quiet: true, dataDir: null, timeouts: TIMEOUTS });
  bases.emulator = await emulator.listen();
  dist = mkdtempSync(join(tmpdir(), 'slow-clients-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><h1>Index page</h1>');
  writeFileSync(join(dist, 'remoteEntry.js'), 'var remote = 1;');
  site = createSiteServer({ distDir: dist, config: defaultSiteConfig, timeouts: TIMEOUTS });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  bases.site = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  site.closeAllConnections();
  site.close();
  await emulator.close();
  rmSync(dist, { recursive: true, force: true });
});

const hostOf = (base: string) => new URL(base).host;
const SERVERS = [
  { name: 'emulator', base: () => bases.emulator, path: '/__harness/health' },
  { name: 'site server', base: () => bases.site, path: '/' },
] as const;

/** Plain GETs from another client, one after the other, while `during` runs: each answered 200, quickly. */
async function othersServedDuring<T>(base: string, path: string, during: Promise<T>): Promise<T> {
  let settled = false;
  const result = during.finally(() => {
    settled = true;
  });
  let served = 0;
  while (!settled) {
    const answer = await request(base, { path });
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeLessThan(1_000);
    served++;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(served).toBeGreaterThanOrEqual(3);
  return result;
}

describe.concurrent.each(SERVERS)('the $name', ({ name, base, path }) => {
  it('cuts a body sent one byte at a time with a 408 once the request bound has passed, serving others meanwhile', async () => {
    const url = name === 'emulator' ? '/api/apps/local-app/entities/SlowItem' : '/';
    const body = JSON.stringify({ text: 'x'.repeat(200) });
    const head =
      `POST ${url} HTTP/1.1\r\nHost: ${hostOf(base())}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`;
    const answer = await othersServedDuring(base(), path, slowRequest(base(), head, body, DRIP_EVERY_MS));
    // The site answers a POST at once (405) and the emulator waits for the body; either way the connection is cut.
    expect(answer.status).toBe(name === 'emulator' ? 408 : 405);
    if (name === 'emulator') expect(answer.text).toMatch(/"code":"request_timeout"/);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(answer.closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + SLACK_MS);
    expect(answer.dripped).toBeLessThan(body.length);
    if (name === 'emulator') {
      // Nothing of the cut request was stored.
      const count = await request(base(), { path: '/api/apps/local-app/entities/SlowItem/count' });
      expect(count.body).toMatchObject({ code: 'entity_not_found' });
    }
  });

  it('cuts headers that never end with a 408 once the header bound has passed', async () => {
    const head = `GET ${path} HTTP/1.1\r\nHost: ${hostOf(base())}\r\nX-Slow: `;
    const answer = await othersServedDuring(
      base(),
      path,
      slowRequest(base(), head, 'a'.repeat(200), DRIP_EVERY_MS),
    );
    expect(answer.status).toBe(408);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.headersMs - 50);
    expect(answer.closedAfterMs).toBeLessThan(TIMEOUTS.headersMs + SLACK_MS);
  });

  it('closes an idle keep-alive connection after the keep-alive bound', async () => {
    const head = `GET ${path} HTTP/1.1\r\nHost: ${hostOf(base())}\r\n\r\n`;
    const answer = await slowRequest(base(), head, '', DRIP_EVERY_MS);
    expect(answer.status).toBe(200);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(TIMEOUTS.keepAliveMs - 50);
    expect(answer.closedAfterMs).toBeLessThan(TIMEOUTS.keepAliveMs + 1_000 + SLACK_MS);
  });
});

describe('without options', () => {
  it('both servers take the documented bounds of npm start', async () => {
    expect(SERVER_TIMEOUTS).toEqual({
      headersMs: 10_000,
      requestMs: 30_000,
      keepAliveMs: 5_000,
      checkIntervalMs: 1_000,
    });
    const plain = await createEmulator({ quiet: true, dataDir: null });
    const plainSite = createSiteServer({ distDir: dist, config: defaultSiteConfig });
    try {
      for (const server of [plain.app.server, plainSite]) {
        expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersMs);
        expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestMs);
        expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveMs);
      }
    } finally {
      await plain.close();
    }
  });

  it('refuses bounds Node cannot apply', async () => {
    await expect(createEmulator({ quiet: true, dataDir: null, timeouts: { requestMs: 0 } })).rejects.toThrow(
      /requestMs must be a positive whole number/,
    );
    expect(() =>
      createSiteServer({ distDir: dist, config: defaultSiteConfig, timeouts: { headersMs: 40_000 } }),
    ).toThrow(/headersMs must not exceed requestMs/);
  });
});
