/**
 * Who may talk to the harness (`core/http/request-guard.ts`): the Host rule on every request, the control API's
 * Origin rule on every route under `/__harness/` (but the public pages' GETs), the realtime handshake's and the
 * backend functions' Origin rules. The rules are pure functions over headers; `registerRequestGuard` is checked
 * through Fastify's `inject` (no socket), with the answers the emulator's error handler gives. The Host and control
 * rules themselves are in `serving/request-origin.test.ts`.
 */
import type { onRequestHookHandler } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandlers } from '../../../../../../host-harness/src/emulator/core/http/error-handler.ts';
import {
  functionCallRefusal,
  hostRefusal,
  registerRequestGuard,
  socketHandshakeRefusal,
} from '../../../../../../host-harness/src/emulator/core/http/request-guard.ts';
import { OWN_HOST, PORT, testApp } from '../../test-app.ts';

const host = { host: OWN_HOST };
const OWN = 'http://localhost:4400, http://127.0.0.1:4400, http://[::1]:4400';
const CONTROL_WHO = `The control API answers only tools (no Origin) and the harness's own pages (${OWN})`;

describe('socketHandshakeRefusal', () => {
  const allowed = ['http://localhost:4401', 'https://editor.example.com'];

  it('allows no Origin, the harness, the site under any loopback name, and the editor', () => {
    for (const origin of [
      undefined,
      'http://localhost:4400',
      'http://127.0.0.1:4400',
      'http://localhost:4401',
      'http://127.0.0.1:4401',
      'http://[::1]:4401',
      'https://editor.example.com',
    ]) {
      expect(socketHandshakeRefusal({ ...host, origin }, PORT, allowed), String(origin)).toBeNull();
    }
  });

  it('refuses other origins, naming every origin it accepts', () => {
    for (const origin of [
      'null',
      'https://evil.example',
      'http://localhost:4402',
      'http://editor.example.com',
    ]) {
      expect(socketHandshakeRefusal({ ...host, origin }, PORT, allowed)).toBe(
        `Realtime accepts sockets only from tools (no Origin), the harness, the site and the editor (${OWN}, http://localhost:4401, http://127.0.0.1:4401, http://[::1]:4401, https://editor.example.com); Origin ${JSON.stringify(origin)} was refused`,
      );
    }
    const long = `https://${'b'.repeat(300)}.example`;
    expect(socketHandshakeRefusal({ ...host, origin: long }, PORT, [])).toBe(
      `Realtime accepts sockets only from tools (no Origin), the harness, the site and the editor (${OWN}); Origin ${JSON.stringify(long.slice(0, 200))} was refused`,
    );
  });

  it('refuses foreign Hosts before looking at the Origin, and the harness’s own origins when the port is unknown', () => {
    expect(socketHandshakeRefusal({ host: 'evil.example:4400' }, PORT, allowed)).toBe(
      hostRefusal({ host: 'evil.example:4400' }, PORT),
    );
    expect(socketHandshakeRefusal({ host: 'evil.example:4400' }, PORT, allowed)).toMatch(/DNS rebinding/);
    expect(socketHandshakeRefusal({}, PORT, allowed)).toMatch(/no Host header/);
    expect(socketHandshakeRefusal({ ...host, origin: 'http://localhost:4400' }, undefined, allowed)).toMatch(
      /DNS rebinding/,
    );
  });
});

describe('functionCallRefusal', () => {
  const allowed = ['http://localhost:4401', 'https://editor.example.com'];
  const who = `A backend function answers only tools and servers (no Origin) and the pages of the harness, the site and the editor (${OWN}, http://localhost:4401, http://127.0.0.1:4401, http://[::1]:4401, https://editor.example.com)`;

  it('allows tools and servers: no Origin, and no cross-site Fetch Metadata', () => {
    for (const headers of [{}, { 'sec-fetch-site': 'none' }, { 'sec-fetch-site': 'same-origin' }]) {
      expect(functionCallRefusal(headers, PORT, allowed), JSON.stringify(headers)).toBeNull();
    }
  });

  it('allows the pages of the harness, the site (under any loopback name) and the editor, whatever the Fetch Metadata', () => {
    for (const origin of [
      'http://localhost:4400',
      'http://[::1]:4400',
      'http://127.0.0.1:4401',
      'http://[::1]:4401',
      'https://editor.example.com',
    ]) {
      expect(
        functionCallRefusal({ origin, 'sec-fetch-site': 'cross-site' }, PORT, allowed),
        origin,
      ).toBeNull();
    }
  });

  it('refuses any other Origin, saying who it answers, with at most 200 characters of the Origin', () => {
    for (const origin of ['null', 'https://evil.example', 'http://localhost:4402']) {
      expect(functionCallRefusal({ origin }, PORT, allowed)).toBe(
        `${who}; a request from Origin ${JSON.stringify(origin)} was refused`,
      );
    }
    const long = `https://${'c'.repeat(300)}.example`;
    expect(functionCallRefusal({ origin: long }, PORT, allowed)).toBe(
      `${who}; a request from Origin ${JSON.stringify(long.slice(0, 200))} was refused`,
    );
  });

  it('refuses a page’s request without Origin (a no-cors post) by its Fetch Metadata', () => {
    for (const site of ['cross-site', 'same-site', 'SAME-ORIGIN']) {
      expect(functionCallRefusal({ 'sec-fetch-site': site }, PORT, allowed)).toBe(
        `${who}; a request a page sent from another origin (Sec-Fetch-Site: ${site}) was refused`,
      );
    }
    expect(functionCallRefusal({ 'sec-fetch-site': 'y'.repeat(100) }, PORT, allowed)).toBe(
      `${who}; a request a page sent from another origin (Sec-Fetch-Site: ${'y'.repeat(40)}) was refused`,
    );
  });

  it('without a known port, allows only the origins given', () => {
    expect(functionCallRefusal({ origin: 'http://localhost:4401' }, undefined, allowed)).toBeNull();
    expect(functionCallRefusal({ origin: 'http://localhost:4400' }, undefined, [])).toBe(
      'A backend function answers only tools and servers (no Origin) and the pages of the harness, the site and the editor (); a request from Origin "http://localhost:4400" was refused',
    );
  });
});

describe('registerRequestGuard', () => {
  /** An app with the guard, the emulator's error answers, and routes that say they ran. */
  function guardedApp(port: number | null = PORT) {
    const app = testApp({}, port);
    registerRequestGuard(app);
    registerErrorHandlers(app, true);
    const ran: string[] = [];
    const mark =
      (name: string): onRequestHookHandler =>
      async () => {
        ran.push(name);
      };
    app.get('/api/open', async () => ({ route: 'open' }));
    app.get('/__harness/state', async () => ({ route: 'state' }));
    app.post('/__harness/pay/:id', async () => ({ route: 'pay post' }));
    app.get('/__harness/pay/:id', async () => ({ route: 'pay page' }));
    app.get('/__harness/assets/pages.css', async () => ({ route: 'css' }));
    app.get('/__HARNESS/upper', async () => ({ route: 'upper' }));
    app.route({
      method: 'GET',
      url: '/__harness/one-hook',
      onRequest: mark('one'),
      handler: async () => ran,
    });
    app.route({
      method: 'GET',
      url: '/__harness/two-hooks',
      onRequest: [mark('first'), mark('second')],
      handler: async () => ran,
    });
    return { app, ran };
  }

  const cross = { ...host, origin: 'https://evil.example' };

  it('answers 403 foreign_host to a request addressed to another name, on any route', async () => {
    const { app } = guardedApp();
    for (const url of ['/api/open', '/__harness/state', '/no/such/route']) {
      const response = await app.inject({ url, headers: { host: 'rebound.example:4400' } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toStrictEqual({
        message: hostRefusal({ host: 'rebound.example:4400' }, PORT),
        code: 'foreign_host',
      });
    }
  });

  it('refuses every request when the port it arrived on is unknown', async () => {
    const { app } = guardedApp(null);
    const response = await app.inject({ url: '/api/open', headers: host });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'foreign_host' });
  });

  it('lets any page reach a route outside the control API', async () => {
    const { app } = guardedApp();
    const response = await app.inject({ url: '/api/open', headers: cross });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toStrictEqual({ route: 'open' });
  });

  it('answers 403 foreign_origin to another page’s request to a control route, however it is declared', async () => {
    const { app } = guardedApp();
    for (const url of ['/__harness/state', '/__HARNESS/upper']) {
      const response = await app.inject({ url, headers: cross });
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toStrictEqual({
        message: `${CONTROL_WHO}; a request from Origin "https://evil.example" was refused`,
        code: 'foreign_origin',
      });
    }
    const same = await app.inject({
      url: '/__harness/state',
      headers: { ...host, origin: 'http://localhost:4400' },
    });
    expect(same.json()).toStrictEqual({ route: 'state' });
  });

  it('guards the control routes under any spelling of their address', async () => {
    const { app } = guardedApp();
    const response = await app.inject({ url: '/%5F%5Fharness/state', headers: cross });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'foreign_origin' });
  });

  it('lets any page GET (or HEAD) the payment page and the pages’ stylesheet, but not post to them', async () => {
    const { app } = guardedApp();
    for (const url of ['/__harness/pay/cs_1', '/__harness/assets/pages.css']) {
      const get = await app.inject({ url, headers: cross });
      expect(get.statusCode, url).toBe(200);
      const head = await app.inject({ method: 'HEAD', url, headers: cross });
      expect(head.statusCode, url).toBe(200);
    }
    const post = await app.inject({ method: 'POST', url: '/__harness/pay/cs_1', headers: cross });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({ code: 'foreign_origin' });
    const tool = await app.inject({ method: 'POST', url: '/__harness/pay/cs_1', headers: host });
    expect(tool.json()).toStrictEqual({ route: 'pay post' });
  });

  it('runs before a route’s own onRequest hooks, which still run when it allows the request', async () => {
    const { app, ran } = guardedApp();
    for (const url of ['/__harness/one-hook', '/__harness/two-hooks']) {
      const refused = await app.inject({ url, headers: cross });
      expect(refused.statusCode, url).toBe(403);
    }
    expect(ran).toStrictEqual([]);
    const one = await app.inject({ url: '/__harness/one-hook', headers: host });
    expect(one.json()).toStrictEqual(['one']);
    const two = await app.inject({ url: '/__harness/two-hooks', headers: host });
    expect(two.json()).toStrictEqual(['one', 'first', 'second']);
  });
});
