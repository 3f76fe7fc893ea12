/**
 * Only the harness may call a function (docs/security.md, "Servers of the harness and the backend functions"), in each
 * runtime: a function is reachable only through the emulator's /functions/{name} route. Its runtime listens on a
 * loopback port, and everything that reaches that port another way (a local program, a page through DNS rebinding,
 * forged platform headers, a guessed key) is refused before the function's code runs: the fixture `echo` counts the
 * calls its handler saw, and the count does not move. Miniflare's own server in the harness process refuses everything:
 * miniflare-loopback.test.ts.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json, Running } from '../emulator/emulator-harness.ts';
import { fn, RUNTIMES, startWithFixtures } from './function-harness.ts';

interface Direct {
  status: number;
  body: Json;
}

/** A request straight to the runtime's port, with exactly these headers (Host included). */
function direct(port: number, path: string, headers: Record<string, string>): Promise<Direct> {
  return new Promise((resolve, reject) => {
    const body = '{"packageName":"gold"}';
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { ...headers, 'content-length': body.length },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          let parsed: Json = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

describe.each(RUNTIMES)('only the harness can call a function (%s)', (runtime) => {
  let h: Running;
  let port: number;
  const callsSeen = async (): Promise<number> => (await h.call('POST', fn('echo'), { body: {} })).body.calls;

  beforeAll(async () => {
    h = await startWithFixtures({ functionsRuntime: runtime });
    await h.call('POST', fn('echo'), { body: {} });
    const echo = (await h.call('GET', '/__harness/functions')).body.find((f: Json) => f.name === 'echo');
    port = echo.port;
  });
  afterAll(() => h.close());

  const forged = {
    'content-type': 'application/json',
    'base44-app-id': 'local-app',
    'base44-api-url': 'http://127.0.0.1:9/',
    'base44-service-authorization': 'Bearer local-service-token',
    authorization: 'Bearer stolen',
  };
  const ways: [string, string, Record<string, string>][] = [
    ['its port, as a local program finds it', '/', { host: '127.0.0.1' }],
    [
      'its port, from a page through DNS rebinding (a foreign Host)',
      fn('echo'),
      { host: 'rebound.example', origin: 'http://rebound.example' },
    ],
    ['its port, with the platform headers forged', fn('echo'), { host: 'localhost', ...forged }],
    [
      'its port, with a guessed harness key and header list',
      fn('echo'),
      {
        host: '127.0.0.1',
        ...forged,
        'x-harness-call-key': '0'.repeat(64),
        'x-harness-forwarded': 'base44-api-url,base44-service-authorization',
      },
    ],
    ["the runtime's own paths", '/cdn-cgi/handler/scheduled', { host: '127.0.0.1' }],
  ];

  for (const [way, path, headers] of ways) {
    it(`refuses ${way} before the function runs`, async () => {
      const before = await callsSeen();
      const answer = await direct(port, path, headers);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(600);
      // Nothing of the function: not its answer, not its secrets.
      expect(JSON.stringify(answer.body)).not.toMatch(/instance|sk_test|whsec|calls/);
      if (!path.startsWith('/cdn-cgi/')) {
        expect(answer).toEqual({
          status: 403,
          body: {
            message:
              "A function is called only through the emulator's /api/apps/{appId}/functions/{name} route",
            code: 'forbidden',
          },
        });
      }
      expect(await callsSeen()).toBe(before + 1);
    });
  }

  it('through the route, forged platform headers and harness headers from the caller are replaced or dropped', async () => {
    const answer = await h.call('POST', fn('echo'), {
      body: {},
      headers: {
        'base44-api-url': 'http://127.0.0.1:9/',
        'base44-app-id': 'other-app',
        'base44-service-authorization': 'Bearer forged',
        'x-harness-call-key': '0'.repeat(64),
        'x-harness-forwarded': 'cookie',
        cookie: 'session=secret',
      },
    });
    expect(answer.status).toBe(200);
    const seen = answer.body.headers;
    expect(seen['base44-api-url']).toBe(h.url);
    expect(seen['base44-app-id']).toBe('local-app');
    expect(seen['base44-service-authorization']).toBe('Bearer local-service-token');
    expect(Object.keys(seen).filter((name) => name.startsWith('x-harness') || name === 'cookie')).toEqual([]);
  });
});
