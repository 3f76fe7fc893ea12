/**
 * DNS rebinding: every route of the harness on :4400 (the emulator API, the control API, the login and payment pages,
 * the editor shell, the 404s, preflights and the socket.io handshake) refuses a request whose Host is not the harness's
 * own loopback name and port. Over real HTTP, with the Host an attacker's page would send.
 */
import { describe, expect, it } from 'vitest';
import { servedShellPerFile } from '../site/served-build.ts';
import { rawStatus, request } from './raw-http.ts';

let base: string;
let port: number;

servedShellPerFile(
  {
    'index.html': '<!doctype html><meta name="c" content="__EDITOR_SHELL_CONFIG__">',
    'shell.js': 'console.log(1)',
  },
  (url) => {
    base = url;
    port = Number(new URL(base).port);
  },
);

/** One request of each kind the harness answers. */
const ROUTES: [label: string, method: string, path: string, headers?: Record<string, string>][] = [
  ['the emulator API', 'GET', '/api/apps/public/prod/public-settings/by-id/local-app'],
  ['a login', 'POST', '/api/apps/local-app/auth/login', { 'content-type': 'application/json' }],
  ['the control API health', 'GET', '/__harness/health'],
  ['the outbox (one-time codes)', 'GET', '/__harness/outbox'],
  ['the outbox, percent-encoded', 'GET', '/%5F%5Fharness/outbox'],
  ['a reset', 'POST', '/__harness/reset'],
  ['the login page', 'GET', '/login'],
  ['the login form', 'POST', '/login', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['the payment page', 'GET', '/__harness/pay/cs_test_x'],
  ['the payment form', 'POST', '/__harness/pay/cs_test_x/pay'],
  ["the pages' stylesheet", 'GET', '/__harness/assets/pages.css'],
  ['the editor shell', 'GET', '/'],
  ["the editor shell's assets", 'GET', '/__shell/shell.js'],
  ['an unknown path', 'GET', '/nope'],
  [
    'a CORS preflight',
    'OPTIONS',
    '/api/apps/local-app/entities/Thing',
    { origin: 'http://localhost:4401', 'access-control-request-method': 'POST' },
  ],
  ['the socket.io handshake (polling)', 'GET', '/ws-user-apps/socket.io/?EIO=4&transport=polling'],
];

describe('every route of the harness refuses a foreign Host', () => {
  it.each(ROUTES)('%s', async (_label, method, path, headers = {}) => {
    const own = await request(base, { method, path, headers: { ...headers, host: `localhost:${port}` } });
    expect(own.status, own.text).not.toBe(403);
    for (const host of ['evil.example', `evil.example:${port}`, `localhost.evil.com:${port}`]) {
      const answer = await request(base, { method, path, headers: { ...headers, host } });
      expect(answer.status, `${host}: ${answer.text}`).toBe(403);
      expect(answer.text).toMatch(/DNS rebinding/);
    }
  });

  it('refuses the WebSocket upgrade of the socket.io handshake from a foreign Host', async () => {
    const answer = await rawStatus(
      base,
      'GET /ws-user-apps/socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: evil.example\r\n' +
        'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/DNS rebinding/);
  });
});

describe('which Host values name the harness', () => {
  const health = (host: string | null) => request(base, { path: '/__harness/health', headers: { host } });

  it('its loopback names with its port, in any case', async () => {
    for (const host of [
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `LocalHost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
    ]) {
      const answer = await health(host);
      expect(answer.status, host).toBe(200);
      expect(answer.body).toEqual({ ok: true });
    }
  });

  it('nothing else: other names, ports, trailing dots, user-info, numeric spellings', async () => {
    const refused = [
      'localhost',
      `localhost:${port + 1}`,
      `localhost:0${port}`,
      `localhost.:${port}`,
      `127.0.0.1.:${port}`,
      `localhost.evil.com:${port}`,
      `evil.localhost:${port}`,
      `user@localhost:${port}`,
      `localhost:${port}@evil.example`,
      `localhost:${port}:${port}`,
      `127.0.0.2:${port}`,
      `0.0.0.0:${port}`,
      `127.1:${port}`,
      `2130706433:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
      `[0:0:0:0:0:0:0:1]:${port}`,
      `::1:${port}`,
      '',
    ];
    for (const host of refused) {
      const answer = await health(host);
      expect(answer.status, JSON.stringify(host)).toBe(403);
      expect(answer.body).toMatchObject({ code: 'foreign_host' });
    }
  });

  it('a request without a Host header', async () => {
    const answer = await rawStatus(base, 'GET /__harness/outbox HTTP/1.0\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(403);
    expect(answer.text).toMatch(/no Host header/);
  });
});
