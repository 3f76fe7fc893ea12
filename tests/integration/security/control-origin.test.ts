/**
 * The control API (`/__harness/*`) answers only tools (no Origin, no cross-site Sec-Fetch-Site) and the harness's own
 * pages, judged on the routed path, for GETs too (the outbox holds one-time codes). Over real HTTP, with the headers a
 * browser sends for a page on another origin.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP, entities, type Running, startEmulator } from '../emulator/emulator-harness.ts';
import { request } from './raw-http.ts';

let h: Running;
let port: number;

beforeAll(async () => {
  h = await startEmulator();
  port = Number(new URL(h.url).port);
});
afterAll(() => h.close());
beforeEach(() => h.emulator.reset());

/** Headers of a request some other page caused, as browsers send them. */
const hostile = (): [label: string, headers: Record<string, string>][] => [
  ['a foreign Origin', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['a foreign Origin (no Fetch Metadata)', { origin: 'https://evil.example' }],
  ['Origin null (no-referrer page, sandboxed frame)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
  ['Origin null alone', { origin: 'null' }],
  ['the site (another port)', { origin: 'http://localhost:4401', 'sec-fetch-site': 'same-site' }],
  ['another local port', { origin: `http://localhost:${port + 1}` }],
  ['the harness origin over https', { origin: `https://localhost:${port}` }],
  ['a cross-site fetch without Origin', { 'sec-fetch-site': 'cross-site' }],
  ['a same-site fetch from another port, without Origin', { 'sec-fetch-site': 'same-site' }],
  [
    'its own Origin, but cross-site Fetch Metadata',
    { origin: `http://localhost:${port}`, 'sec-fetch-site': 'cross-site' },
  ],
];

/** Spellings of a control path that the router sends to the same handler. */
const spellings = (path: string) => [
  `/__harness/${path}`,
  `/%5F%5Fharness/${path}`,
  `/%5f%5Fharness/${path}`,
  `/_%5Fharness/${path}`,
  `/__harness/%${path.charCodeAt(0).toString(16).toUpperCase()}${path.slice(1)}`,
];

const CONTROL: [method: string, path: string, body?: unknown][] = [
  ['GET', 'outbox'],
  ['GET', 'requests'],
  ['GET', 'orders'],
  ['GET', 'faults'],
  ['GET', 'settings'],
  ['GET', 'health'],
  ['POST', 'reset'],
  ['POST', 'faults', { path: '/api', status: 500 }],
  ['DELETE', 'faults'],
  ['POST', 'settings', { requireLogin: true }],
  ['POST', 'realtime/drop', { refuseMs: 1000 }],
  ['POST', 'integrations', { package: 'p', endpoint: 'e' }],
];

// The payment double's control routes (a session that does not exist: the guard answers before the route would).
const PAYMENT_CONTROL: [method: string, path: string, body?: unknown][] = [
  ['GET', 'orders/cs_test_none/events'],
  ['POST', 'orders/cs_test_none/settle', { outcome: 'succeeded' }],
  ['POST', 'orders/cs_test_none/advance', { renewal: 'paid' }],
  ['POST', 'orders/cs_test_none/cancel', { at: 'now' }],
  ['POST', 'orders/cs_test_none/webhook'],
];

describe('the control API refuses requests other pages cause', () => {
  it.each([...CONTROL, ...PAYMENT_CONTROL])(
    '%s /__harness/%s, in every spelling',
    async (method, path, body) => {
      for (const url of spellings(path)) {
        for (const [label, headers] of hostile()) {
          const answer = await request(h.url, {
            method,
            path: url,
            headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          expect(answer.status, `${method} ${url} with ${label}: ${answer.text}`).toBe(403);
          expect(answer.body).toMatchObject({
            code: 'foreign_origin',
            message: expect.stringMatching(/tools/),
          });
        }
      }
    },
  );

  it('leaks nothing and changes nothing: no outbox codes, no reset, no faults, no settings', async () => {
    const token = await h.tokenOf('user');
    await h.call('POST', entities('Kept'), { token, body: { name: 'kept' } });
    await h.call('POST', `/api/apps/${APP}/auth/reset-password-request`, {
      body: { email: 'user@example.com' },
    });
    const attacker = { origin: 'null', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' };
    const outbox = await request(h.url, { path: '/%5F%5Fharness/outbox', headers: attacker });
    expect(outbox.status).toBe(403);
    expect(outbox.text).not.toMatch(/reset_token/);
    await request(h.url, { method: 'POST', path: '/%5F%5Fharness/reset', headers: attacker, body: '{}' });
    await request(h.url, {
      method: 'POST',
      path: '/__harness/faults',
      headers: attacker,
      body: JSON.stringify({ path: '/api', status: 500 }),
    });
    await request(h.url, {
      method: 'POST',
      path: '/__harness/settings',
      headers: attacker,
      body: '{"requireLogin":true}',
    });
    const kept = await h.call('GET', entities('Kept'), { token: await h.tokenOf('user') });
    expect(kept.body).toEqual([expect.objectContaining({ name: 'kept' })]);
    expect((await h.call('GET', '/__harness/faults')).body).toEqual([]);
    expect((await h.call('GET', '/__harness/settings')).body).toMatchObject({ requireLogin: false });
    expect((await h.call('GET', '/__harness/outbox')).body).toHaveLength(1);
  });

  it('HEAD (answered by the GET handler) is refused too', async () => {
    const answer = await request(h.url, {
      method: 'HEAD',
      path: '/__harness/outbox',
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
  });
});

/** Every route of the app as the router lists it (`printRoutes` draws a tree: four characters per level). */
function routesOf(tree: string): { path: string; methods: string[] }[] {
  const stack: string[] = [];
  const routes: { path: string; methods: string[] }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = `${stack.at(-1) ?? ''}${match[2]}`;
    stack.push(path);
    if (match[3]) routes.push({ path, methods: match[3].split(', ') });
  }
  return routes;
}

describe('every control route, as the router lists it (including routes other modules add)', () => {
  it('refuses a foreign Origin and Origin null on every method but the payment page’s GET', async () => {
    const routes = routesOf(h.emulator.app.printRoutes({ commonPrefix: false })).filter((r) =>
      r.path.startsWith('/__harness'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(14);
    let checked = 0;
    for (const { path, methods } of routes) {
      const url = path.replace(/:[A-Za-z]+/g, 'cs_test_x');
      for (const method of methods) {
        const page = (method === 'GET' || method === 'HEAD') && /^\/__harness\/(pay|assets)\//.test(path);
        for (const origin of ['https://evil.example', 'null']) {
          const answer = await request(h.url, { method, path: url, headers: { origin } });
          if (page) expect(answer.status, `${method} ${url}`).not.toBe(403);
          else expect(answer.status, `${method} ${url} from ${origin}`).toBe(403);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe('tools and the harness’s own pages keep full access', () => {
  const allowed = (): [label: string, headers: Record<string, string>][] => [
    ['a tool (no Origin, no Fetch Metadata)', {}],
    [
      'the editor shell (same origin)',
      { origin: `http://localhost:${port}`, 'sec-fetch-site': 'same-origin' },
    ],
    [
      'the editor shell opened as 127.0.0.1',
      { origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin' },
    ],
    ['the editor shell opened as [::1]', { origin: `http://[::1]:${port}` }],
    ['a same-origin GET (no Origin)', { 'sec-fetch-site': 'same-origin' }],
    ['an address typed by the user', { 'sec-fetch-site': 'none' }],
  ];

  it.each(CONTROL)('%s /__harness/%s', async (method, path, body) => {
    for (const [label, headers] of allowed()) {
      if (path === 'reset' || path === 'settings') h.emulator.reset();
      const answer = await request(h.url, {
        method,
        path: `/__harness/${path}`,
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(answer.status, `${label}: ${answer.text}`).toBe(200);
    }
    h.emulator.reset();
  });

  it.each(PAYMENT_CONTROL)(
    '%s /__harness/%s reaches its route (an unknown session: 404)',
    async (method, path, body) => {
      for (const [label, headers] of allowed()) {
        const answer = await request(h.url, {
          method,
          path: `/__harness/${path}`,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        expect(answer.status, `${label}: ${answer.text}`).toBe(404);
        expect(answer.body).toMatchObject({ code: 'session_not_found' });
      }
    },
  );

  it('a percent-encoded path reaches the same handler for a tool', async () => {
    expect((await request(h.url, { path: '/%5F%5Fharness/health' })).body).toEqual({ ok: true });
  });
});

describe('the payment page', () => {
  it('opens from the site (a top-level navigation from another port) and from anywhere', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' } as Record<string, string>,
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      {},
    ]) {
      const page = await request(h.url, { path: '/__harness/pay/cs_test_unknown', headers });
      // 404: the handler ran and found no such session (a refusal would be 403).
      expect(page.status).toBe(404);
      expect(page.text).toContain('does not exist');
      const css = await request(h.url, { path: '/__harness/assets/pages.css', headers });
      expect(css.status).toBe(200);
    }
  });

  it('Pay and Cancel are its own form posts: same origin passes, another page is refused', async () => {
    for (const action of ['pay', 'cancel']) {
      const path = `/__harness/pay/cs_test_unknown/${action}`;
      const own = await request(h.url, {
        method: 'POST',
        path,
        headers: { origin: `http://localhost:${port}`, 'sec-fetch-site': 'same-origin' },
      });
      expect(own.status, own.text).toBe(404);
      for (const headers of [
        { origin: 'http://localhost:4401', 'sec-fetch-site': 'same-site' } as Record<string, string>,
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
      ]) {
        const other = await request(h.url, { method: 'POST', path, headers });
        expect(other.status, JSON.stringify(headers)).toBe(403);
      }
    }
  });

  it('sends Referrer-Policy same-origin, so its own form posts carry its Origin (not null)', async () => {
    const page = await request(h.url, { path: '/login' });
    expect(page.headers['referrer-policy']).toBe('same-origin');
  });
});
