import { describe, expect, it } from 'vitest';
import { APP, emulatorPerFile, entities, type Running } from './emulator-harness.ts';

let h: Running;
const settings = `/api/apps/public/prod/public-settings/by-id/${APP}`;

emulatorPerFile((started) => {
  h = started;
});

describe('control API', () => {
  it('health answers {ok: true}', async () => {
    expect((await h.call('GET', '/__harness/health')).body).toEqual({ ok: true });
  });

  it('reset brings back the seeded state: data, faults, settings, outbox, checkout sessions', async () => {
    const token = await h.tokenOf('user');
    await h.call('POST', entities('Thing'), { token, body: { a: 1 } });
    await h.call('POST', '/__harness/settings', { body: { requireLogin: true } });
    await h.call('POST', '/__harness/faults', {
      body: { path: '/api/apps/local-app/functions', status: 500 },
    });
    await h.call('POST', `/api/apps/${APP}/auth/reset-password-request`, {
      body: { email: 'user@example.com' },
    });
    const reset = await h.call('POST', '/__harness/reset');
    expect(reset.body).toEqual({ ok: true });
    expect((await h.call('GET', entities('Thing'), { token: await h.tokenOf('user') })).status).toBe(404);
    expect((await h.call('GET', settings)).status).toBe(200);
    expect((await h.call('GET', '/__harness/faults')).body).toEqual([]);
    expect((await h.call('GET', '/__harness/outbox')).body).toEqual([]);
    expect((await h.call('GET', '/__harness/checkout-sessions')).body).toEqual([]);
    expect((await h.call('GET', '/__harness/settings')).body).toMatchObject({ requireLogin: false });
  });

  it('settings replace public_settings and toggle requireLogin', async () => {
    const answer = await h.call('POST', '/__harness/settings', {
      body: { public_settings: { theme: 'dark' } },
    });
    expect(answer.body).toEqual({ public_settings: { theme: 'dark' }, requireLogin: false });
    expect((await h.call('GET', settings)).body.public_settings).toEqual({ theme: 'dark' });
    expect((await h.call('POST', '/__harness/settings', { body: { requireLogin: 'yes' } })).body).toEqual({
      message: 'requireLogin must be true or false',
      code: 'invalid_body',
    });
    const list = await h.call('POST', '/__harness/settings', { body: { public_settings: [] } });
    expect(list.body).toEqual({ message: 'public_settings must be an object', code: 'invalid_body' });
    // Nothing was changed by the refused calls.
    expect((await h.call('GET', '/__harness/settings')).body).toMatchObject({ requireLogin: false });
  });

  it('integration responses need a package and an endpoint name (route schema)', async () => {
    const missing = await h.call('POST', '/__harness/integrations', { body: { package: 'Core' } });
    expect(missing.body).toEqual({ message: 'endpoint is required', code: 'invalid_body' });
    const odd = await h.call('POST', '/__harness/integrations', {
      body: { package: 'Core', endpoint: '../x' },
    });
    expect(odd.body).toEqual({
      message: 'endpoint must be a name (letters, digits, _ and -)',
      code: 'invalid_body',
    });
  });

  it('refuses state-changing control calls from a foreign origin', async () => {
    const answer = await h.call('POST', '/__harness/reset', { headers: { origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
  });
});

describe('faults', () => {
  const target = `/api/apps/${APP}/functions/createCheckout`;
  const checkout = () =>
    fetch(`${h.url}${target}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"packageName":"gold"}',
    });
  const addFault = (body: unknown) => h.call('POST', '/__harness/faults', { body });

  it('answers a status and body, `times` times', async () => {
    await addFault({ method: 'POST', path: target, status: 503, body: { message: 'down' }, times: 2 });
    expect((await checkout()).status).toBe(503);
    const second = await checkout();
    expect(await second.json()).toEqual({ message: 'down' });
    expect((await checkout()).status).toBe(200);
  });

  it('matches the method when given', async () => {
    await addFault({ method: 'GET', path: target, status: 500 });
    expect((await checkout()).status).toBe(200);
  });

  it('matches by path prefix, and DELETE clears every fault', async () => {
    await addFault({ path: '/api/apps/local-app/functions', status: 429 });
    await addFault({ path: '/api/apps/local-app/entities', status: 500 });
    expect((await checkout()).status).toBe(429);
    expect((await h.call('GET', entities('X'))).status).toBe(500);
    await h.call('DELETE', '/__harness/faults');
    expect((await checkout()).status).toBe(200);
  });

  it('delays a request', async () => {
    await addFault({ path: target, delayMs: 300, times: 1 });
    const started = Date.now();
    expect((await checkout()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('answers 200 with a malformed JSON body', async () => {
    await addFault({ path: target, malformed: true, times: 1 });
    const answer = await checkout();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    await expect(answer.json()).rejects.toThrow();
  });

  it('drops the connection without an answer', async () => {
    await addFault({ path: target, drop: true, times: 1 });
    await expect(checkout()).rejects.toThrow();
    expect((await checkout()).status).toBe(200);
  });

  it('never applies to /__harness/* and validates its input', async () => {
    expect((await addFault({ path: '/__harness/health', status: 500 })).status).toBe(400);
    await addFault({ path: '/', status: 500 });
    expect((await h.call('GET', '/__harness/health')).status).toBe(200);
    expect((await addFault({ path: 'no-slash', status: 500 })).status).toBe(400);
    expect((await addFault({ path: '/x' })).status).toBe(400);
    expect((await addFault({ path: '/x', status: 99 })).status).toBe(400);
  });
});

describe('requests and CORS', () => {
  it('lists the last requests with header names and never Authorization values', async () => {
    const token = await h.tokenOf('user');
    await h.call('GET', `${entities('User', '/me')}?x=1`, { token, headers: { 'x-app-id': APP } });
    const requests = (await h.call('GET', '/__harness/requests?limit=1')).body;
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: entities('User', '/me'),
        query: { x: '1' },
        status: 200,
        headers: expect.arrayContaining(['authorization', 'x-app-id']),
      }),
    ]);
    expect(JSON.stringify(requests)).not.toContain(token);
    expect((await h.call('GET', '/__harness/requests?limit=0')).status).toBe(400);
  });

  it('allows local origins, with the contract headers, and exposes x-base44-connector-error', async () => {
    const preflight = await fetch(`${h.url}${entities('Thing')}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4401',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,x-app-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4401');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    for (const name of [
      'Authorization',
      'Content-Type',
      'X-App-Id',
      'X-Origin-URL',
      'Base44-Functions-Version',
      'on-behalf-of',
      'X-Base44-Anonymous-Id',
    ]) {
      expect(preflight.headers.get('access-control-allow-headers')).toContain(name);
    }
    const simple = await fetch(`${h.url}/__harness/health`, { headers: { origin: 'http://127.0.0.1:9999' } });
    expect(simple.headers.get('access-control-expose-headers')).toBe('x-base44-connector-error');
    const foreign = await fetch(`${h.url}/__harness/health`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
