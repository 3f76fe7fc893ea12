/**
 * The emulator's CORS (`cors.ts`): local origins only, no credentials, preflights answered by the hook before any
 * route. Checked through Fastify's `inject` (no socket).
 */
import { describe, expect, it } from 'vitest';
import { LOCAL_ORIGIN, registerCors } from '../../../../../../host-harness/src/emulator/core/http/cors.ts';
import { testApp } from '../../test-app.ts';

function corsApp() {
  const app = testApp();
  registerCors(app);
  app.get('/api/thing', async () => ({ route: 'thing' }));
  app.options('/api/thing', async () => ({ route: 'options' }));
  return app;
}

const CORS_NAMES = [
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
];

describe('LOCAL_ORIGIN', () => {
  it('matches http(s) origins on this machine’s names, with a port of up to five digits or none', () => {
    for (const origin of [
      'http://localhost',
      'https://localhost',
      'http://localhost:4401',
      'http://127.0.0.1:1',
      'https://127.0.0.1:65535',
      'http://[::1]:4400',
      'http://[::1]',
    ]) {
      expect(LOCAL_ORIGIN.test(origin), origin).toBe(true);
    }
  });

  it('does not match other names, look-alikes, paths, or a sixth port digit', () => {
    for (const origin of [
      'null',
      'https://evil.example',
      'http://localhost.evil.example',
      'http://evil.example/http://localhost',
      'http://localhost/',
      'http://localhost:',
      'http://localhost:123456',
      'http://localhost:44a1',
      'http://127a0a0a1',
      'http://127.0.0.2',
      'http://::1',
      'ftp://localhost',
      'httpss://localhost',
      'http:/localhost',
      ' http://localhost',
    ]) {
      expect(LOCAL_ORIGIN.test(origin), origin).toBe(false);
    }
  });
});

describe('registerCors', () => {
  it('allows a local origin to read answers (no credentials), varying by Origin', async () => {
    const response = await corsApp().inject({
      url: '/api/thing',
      headers: { origin: 'http://localhost:4401' },
    });
    expect(response.json()).toStrictEqual({ route: 'thing' });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:4401');
    expect(response.headers.vary).toBe('Origin');
    expect(response.headers['access-control-expose-headers']).toBe('x-base44-connector-error');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(response.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('adds nothing for a request without Origin or from another site', async () => {
    const app = corsApp();
    for (const headers of [{}, { origin: 'https://evil.example' }, { origin: '' }]) {
      const response = await app.inject({ url: '/api/thing', headers });
      expect(response.json()).toStrictEqual({ route: 'thing' });
      for (const name of [...CORS_NAMES, 'vary']) expect(response.headers[name], name).toBeUndefined();
    }
  });

  it('answers a local origin’s preflight itself: 204, the methods and headers the platform accepts, for ten minutes', async () => {
    const response = await corsApp().inject({
      method: 'OPTIONS',
      url: '/api/thing',
      headers: { origin: 'http://127.0.0.1:4401', 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4401');
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(response.headers['access-control-allow-headers']).toBe(
      'Authorization, Content-Type, Accept, X-App-Id, X-Origin-URL, Base44-Functions-Version, on-behalf-of, X-Base44-Anonymous-Id',
    );
    expect(response.headers['access-control-max-age']).toBe('600');
  });

  it('leaves an OPTIONS that is not a preflight, and a preflight from another site, to the route', async () => {
    const app = corsApp();
    const plain = await app.inject({
      method: 'OPTIONS',
      url: '/api/thing',
      headers: { origin: 'http://localhost' },
    });
    expect(plain.json()).toStrictEqual({ route: 'options' });
    expect(plain.headers['access-control-allow-origin']).toBe('http://localhost');
    expect(plain.headers['access-control-allow-methods']).toBeUndefined();
    const foreign = await app.inject({
      method: 'OPTIONS',
      url: '/api/thing',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.json()).toStrictEqual({ route: 'options' });
    for (const name of CORS_NAMES) expect(foreign.headers[name], name).toBeUndefined();
  });

  it('a GET carrying a preflight’s header is still a GET', async () => {
    const response = await corsApp().inject({
      url: '/api/thing',
      headers: { origin: 'http://localhost', 'access-control-request-method': 'GET' },
    });
    expect(response.json()).toStrictEqual({ route: 'thing' });
    expect(response.headers['access-control-allow-methods']).toBeUndefined();
  });
});
