/**
 * Miniflare's loopback server (an HTTP server in the harness process, on 127.0.0.1 and a port named in workerd's
 * command line) answers nothing (docs/security.md, "Servers of the harness and the backend functions"): not a local
 * program, whatever path or `MF-Original-URL` header it sends (miniflare routes on both), not a function's own code
 * fetching it from inside workerd, and never with a stack or a path of the machine. What a function answers still comes
 * back as it is, and its logs still reach the harness's log (through workerd's output, never through that server).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import { type RawRequest, rawStatus, request } from '../security/raw-http.ts';
import {
  fn,
  miniflareLoopbackPort,
  startWithFixtures,
  WORKERD_FIXTURE_FUNCTIONS,
} from './function-harness.ts';

const REFUSAL = {
  message:
    "Miniflare's loopback server answers nothing here: the harness's functions never need it, and neither a local program nor a function's own code may use it",
  code: 'forbidden',
};
/** A stack frame, or a path of this machine (the repository, node_modules, a temporary folder). */
const LEAK = /\bat \S.*:\d+:\d+|\/work\/|node_modules|\/tmp\/|\/home\//;

/** What a local program sends, with what miniflare did with it before the guard decided on what it routes on. */
const LOCAL_PROGRAM: [what: string, RawRequest][] = [
  [
    'a browser path named only in MF-Original-URL (miniflare answered 410)',
    {
      method: 'POST',
      path: '/x',
      headers: { host: '127.0.0.1', 'mf-original-url': 'http://localhost/browser/status?sessionId=x' },
    },
  ],
  [
    'the session list of browser rendering, named in MF-Original-URL',
    { method: 'GET', path: '/', headers: { 'mf-original-url': 'http://localhost/browser/sessionIds' } },
  ],
  [
    "its log, as workerd's own entry posts it (miniflare answered 204)",
    {
      method: 'POST',
      path: '/core/log',
      headers: { host: 'localhost', 'mf-log-level': '2' },
      body: 'forged line',
    },
  ],
  [
    'its log with a level out of range (miniflare answered 500 with its stack)',
    { method: 'POST', path: '/core/log', headers: { 'mf-log-level': '9' }, body: 'x' },
  ],
  [
    'its error page with a body that is not an error (miniflare answered 500 with its stack)',
    {
      method: 'POST',
      path: '/x',
      headers: { 'mf-original-url': 'http://localhost/core/error' },
      body: 'not json',
    },
  ],
  [
    'a file written to its temporary folder (miniflare answered the absolute path)',
    { method: 'POST', path: '/core/store-temp-file?extension=txt', body: 'planted' },
  ],
  ['its public URL', { method: 'GET', path: '/core/public-url' }],
  [
    'a service binding run in Node, named in a header (miniflare answered 500 with its stack)',
    { method: 'POST', path: '/', headers: { 'mf-custom-fetch-service': '0/#nothing' }, body: '{}' },
  ],
  [
    'a page that found the port through DNS rebinding',
    {
      method: 'POST',
      path: '/core/log',
      headers: { host: 'rebound.example', 'mf-log-level': '2' },
      body: 'x',
    },
  ],
];

describe("miniflare's loopback server (workerd)", () => {
  let h: Running;
  let loopback: string;
  let port: number;
  const logged: string[] = [];

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    h = await startWithFixtures({
      functionsDir: WORKERD_FIXTURE_FUNCTIONS,
      functionsRuntime: 'workerd',
      quiet: false,
    });
    // Started by a first call; its loopback port is in its workerd's command line.
    await h.call('POST', fn('loopback-probe'), { body: { port: 9, path: '/' } });
    const probe = (await h.call('GET', '/__harness/functions')).body.find(
      (f: Json) => f.name === 'loopback-probe',
    );
    port = miniflareLoopbackPort(probe.pid);
    loopback = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await h?.close();
    vi.restoreAllMocks();
  });

  for (const [what, sent] of LOCAL_PROGRAM) {
    it(`refuses a local program: ${what}`, async () => {
      const answer = await request(loopback, sent);
      expect(answer.text).not.toMatch(LEAK);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 403, body: REFUSAL });
    });
  }

  it('refuses a WebSocket upgrade (live reload) with the same answer', async () => {
    const answer = await rawStatus(
      loopback,
      'GET /cdn-cgi/mf/reload HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(answer.status).toBe(403);
    expect(answer.text).toContain(JSON.stringify(REFUSAL));
  });

  it("refuses the function's own code, fetching it from inside workerd", async () => {
    const tries: Json[] = [
      { path: '/core/log', headers: { 'MF-Log-Level': '2' }, body: 'from the function' },
      { path: '/x', headers: { 'MF-Original-URL': 'http://localhost/browser/status?sessionId=x' } },
      { path: '/core/store-temp-file?extension=txt', body: 'planted by the function' },
    ];
    for (const attempt of tries) {
      const answer = await h.call('POST', fn('loopback-probe'), { body: { port, ...attempt } });
      expect(answer.status, attempt.path).toBe(200);
      // The fetch reached the server (workerd lets a Worker reach loopback addresses), which refused it.
      expect(answer.body.status, attempt.path).toBe(403);
      expect(JSON.parse(answer.body.text)).toEqual(REFUSAL);
    }
  });

  it("gives the caller a function's own 500 as it is, not miniflare's error page of it", async () => {
    const answer = await h.call('POST', fn('own-error-page'), { body: {} });
    expect(answer.status).toBe(500);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.body).toEqual({
      name: 'Error',
      message: 'own failure',
      stack: 'Error: own failure\n    at handler (/etc/hostname:1:1)',
    });
  });

  it("still passes the function's logs to the harness's log", async () => {
    await h.call('POST', fn('loopback-probe'), { body: { port, path: '/logged' } });
    expect(logged).toContain('[function loopback-probe] loopback-probe: POST /logged');
  });
});
