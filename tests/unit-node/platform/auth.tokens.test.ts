import { describe, expect, it } from 'vitest';
import { createPlatformClient, TOKEN_STORAGE_KEYS } from '../../../src/platform/index.ts';
import {
  createFakeLocation,
  createMemoryStorage,
  json,
  recordingServerPerFile,
} from '../../support/recording-server.ts';

const server = recordingServerPerFile();

function setup(stored: Record<string, string> = {}, appBaseUrl = '') {
  const storage = createMemoryStorage(stored);
  const location = createFakeLocation('https://site.example/Pricing?tab=1#faq');
  const client = createPlatformClient({
    appId: 'local-app',
    serverUrl: server.url,
    storage,
    location,
    appBaseUrl,
  });
  return { storage, location, client };
}

describe('token handling', () => {
  it('uses the stored token (primary key, then compat key)', async () => {
    await setup({ token: 'compat' }).client.auth.me();
    expect(server.last().headers.authorization).toBe('Bearer compat');
    await setup({ base44_access_token: 'primary', token: 'compat' }).client.auth.me();
    expect(server.last().headers.authorization).toBe('Bearer primary');
  });

  it('login saves the token under both keys and uses it', async () => {
    server.respond((_req, res) =>
      json(res, 200, { access_token: 'fresh', user: { id: 'u1', role: 'user' } }),
    );
    const { client, storage } = setup();
    const answer = await client.auth.loginViaEmailPassword('user@example.com', 'user1234', 'turnstile');
    expect(answer).toEqual({ access_token: 'fresh', user: { id: 'u1', role: 'user' } });
    expect(JSON.parse(server.last().body.toString())).toEqual({
      email: 'user@example.com',
      password: 'user1234',
      turnstile_token: 'turnstile',
    });
    expect(TOKEN_STORAGE_KEYS.map((key) => storage.getItem(key))).toEqual(['fresh', 'fresh']);
    await client.auth.me();
    expect(server.last().headers.authorization).toBe('Bearer fresh');
  });

  it('a 401 on login logs out: both keys cleared, the page reloaded, the error rethrown', async () => {
    server.respond((_req, res) => json(res, 401, { message: 'Invalid email or password' }));
    const { client, storage, location } = setup({ base44_access_token: 'old', token: 'old' });
    await expect(client.auth.loginViaEmailPassword('a@b.c', 'wrong')).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(storage.map.size).toBe(0);
    expect(location.reloads).toBe(1);
    expect(client.auth.getToken()).toBeNull();
  });

  it.each([401, 403])(
    'a %i on me() removes the rejected token, so there is no login loop',
    async (status) => {
      server.respond((_req, res) => json(res, status, { message: 'nope' }));
      const { client, storage } = setup({ base44_access_token: 'stale', token: 'stale' });
      await expect(client.auth.me()).rejects.toMatchObject({ status });
      expect(storage.map.size).toBe(0);
      expect(await client.auth.isAuthenticated()).toBe(false);
      expect(server.last().headers.authorization).toBeUndefined();
    },
  );

  it('a 500 on me() keeps the token', async () => {
    server.respond((_req, res) => json(res, 500, { message: 'down' }));
    const { client, storage } = setup({ base44_access_token: 't', token: 't' });
    await expect(client.auth.me()).rejects.toMatchObject({ status: 500 });
    expect(storage.getItem('base44_access_token')).toBe('t');
  });

  it('setToken(token, false) uses the token without saving it', async () => {
    const { client, storage } = setup();
    client.setToken('memory-only', false);
    await client.auth.me();
    expect(server.last().headers.authorization).toBe('Bearer memory-only');
    expect(storage.map.size).toBe(0);
  });

  it('works with blocked storage: nothing throws, the token lives in memory', async () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const client = createPlatformClient({
      appId: 'local-app',
      serverUrl: server.url,
      storage: blocked,
      location: null,
    });
    client.setToken('t');
    await client.auth.me();
    expect(server.last().headers.authorization).toBe('Bearer t');
    expect(() => client.auth.logout()).not.toThrow();
  });
});

describe('login and logout redirects', () => {
  it('logout(redirect) clears both keys and goes to the platform logout with from_url', () => {
    const { client, storage, location } = setup(
      { base44_access_token: 't', token: 't' },
      'https://app.example',
    );
    client.auth.logout('https://site.example/?a=1&b=2');
    expect(storage.map.size).toBe(0);
    expect(location.href).toBe(
      `https://app.example/api/apps/auth/logout?from_url=${encodeURIComponent('https://site.example/?a=1&b=2')}`,
    );
    expect(location.reloads).toBe(0);
  });

  it('logout() without a redirect clears the token and reloads', () => {
    const { client, storage, location } = setup({ base44_access_token: 't', token: 't' });
    client.auth.logout();
    expect(storage.map.size).toBe(0);
    expect(location.reloads).toBe(1);
    expect(location.href).toBe('https://site.example/Pricing?tab=1#faq');
  });

  it('redirectToLogin clears the stored token and sends an absolute, encoded from_url', () => {
    const { client, storage, location } = setup({ base44_access_token: 't', token: 't' });
    client.auth.redirectToLogin('/Pricing?x=1&access_token=leak#faq');
    expect(storage.map.size).toBe(0);
    expect(location.href).toBe(
      `/login?from_url=${encodeURIComponent('https://site.example/Pricing?x=1#faq')}`,
    );
  });

  it('redirectToLogin() defaults to the current address under appBaseUrl', () => {
    const { client, location } = setup({}, 'https://app.example');
    client.auth.redirectToLogin();
    expect(location.href).toBe(
      `https://app.example/login?from_url=${encodeURIComponent('https://site.example/Pricing?tab=1#faq')}`,
    );
  });
});
