/**
 * Who may use the deploy API, over HTTP: a tool with the local workspace key or an admin's token; a page never, and
 * a refused upload is answered before it is read. The app itself as the CLI reads and sets it, and the routes the
 * harness does not emulate, which keep naming themselves.
 */
import { describe, expect, it } from 'vitest';
import { emulatorPerFile, type Running, SERVICE_TOKEN } from '../emulator/emulator-harness.ts';
import { APP_PATH, deployCall, WORKSPACE_KEY } from './deploy-support.ts';

let h: Running;
emulatorPerFile((running) => {
  h = running;
});

const listFunctions = (headers: Record<string, string>, token?: string) =>
  h.call('GET', `${APP_PATH}/backend-functions`, { headers, ...(token ? { token } : {}) });

describe('who may deploy', () => {
  it('the workspace key and an admin’s token are taken', async () => {
    expect((await listFunctions({ api_key: WORKSPACE_KEY })).status).toBe(200);
    expect((await listFunctions({}, await h.tokenOf('admin'))).status).toBe(200);
  });

  it('no credentials and any other key are a 401; a member, an outsider and the service role a 403', async () => {
    const none = await listFunctions({});
    expect([none.status, none.body.code]).toEqual([401, 'auth_required']);
    const other = await listFunctions({ api_key: 'b44k_someone_elses' });
    expect([other.status, other.body.code]).toEqual([401, 'invalid_api_key']);
    expect(other.body.message).toContain('the local platform takes b44k_local_harness');
    for (const token of [await h.tokenOf('user'), await h.tokenOf('outsider'), SERVICE_TOKEN])
      expect((await listFunctions({}, token)).status).toBe(403);
  });

  it('a page is refused whatever it holds, a preflight granted notwithstanding', async () => {
    const page = await listFunctions({ origin: 'http://localhost:4401', api_key: WORKSPACE_KEY });
    expect([page.status, page.body.code]).toEqual([403, 'foreign_origin']);
    const fetchMetadata = await listFunctions({ 'sec-fetch-site': 'cross-site', api_key: WORKSPACE_KEY });
    expect(fetchMetadata.status).toBe(403);
  });

  it('an upload without credentials is refused before its body is read', async () => {
    const started = Date.now();
    const refused = await h.call('POST', `${APP_PATH}/deploy-dist`, {
      raw: new Uint8Array(8 * 1024 * 1024),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect([refused.status, refused.body.code]).toEqual([401, 'auth_required']);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('an app that does not exist is a 404, and a route the harness does not emulate names itself', async () => {
    const unknownApp = await h.call('GET', '/api/apps/other-app/backend-functions', {
      headers: { api_key: WORKSPACE_KEY },
    });
    expect([unknownApp.status, unknownApp.body.code]).toEqual([404, 'app_not_found']);
    const agents = await deployCall(h, 'PUT', '/agent-configs', { body: [] });
    expect(agents.status).toBe(404);
    expect(agents.body.message).toBe('No such endpoint: PUT /api/apps/local-app/agent-configs');
  });
});

describe('the app as the CLI reads and sets it', () => {
  const settings = '/api/apps/public/prod/public-settings/by-id/local-app';

  it('reads the app and where its site is published', async () => {
    expect((await deployCall(h, 'GET', '')).body).toEqual({
      id: 'local-app',
      name: 'Local app',
      public_settings: 'public_without_login',
      organization_id: null,
    });
    const url = await h.call('GET', '/api/apps/platform/local-app/published-url', {
      headers: { api_key: WORKSPACE_KEY },
    });
    expect(url.body).toEqual({ url: h.emulator.publishedUrl() });
  });

  it('private makes an anonymous visitor sign in, public lets them in again, a reset forgets it', async () => {
    const set = await deployCall(h, 'PUT', '', { body: { public_settings: 'private_with_login' } });
    expect(set.body.public_settings).toBe('private_with_login');
    const anonymous = await h.call('GET', settings);
    expect([anonymous.status, anonymous.body.extra_data]).toEqual([403, { reason: 'auth_required' }]);
    expect((await h.call('GET', settings, { token: await h.tokenOf('user') })).status).toBe(200);
    await deployCall(h, 'PUT', '', { body: { public_settings: 'public_without_login' } });
    expect((await h.call('GET', settings)).status).toBe(200);
    await deployCall(h, 'PUT', '', { body: { public_settings: 'workspace_with_login' } });
    h.emulator.reset();
    expect((await h.call('GET', settings)).status).toBe(200);
    expect((await deployCall(h, 'GET', '')).body.public_settings).toBe('public_without_login');
  });

  it('refuses another visibility or another field, changing nothing', async () => {
    const bad = await deployCall(h, 'PUT', '', { body: { public_settings: 'private' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_body']);
    const other = await deployCall(h, 'PUT', '', {
      body: { public_settings: 'private_with_login', name: 'x' },
    });
    expect(other.status).toBe(400);
    expect((await h.call('GET', settings)).status).toBe(200);
  });

  it('has no connectors and no platform Stripe connector (what deploy reads when signed in)', async () => {
    expect((await deployCall(h, 'GET', '/external-auth/list')).body).toEqual({ integrations: [] });
    expect((await deployCall(h, 'GET', '/payments/stripe/status')).body).toEqual({
      stripe_mode: null,
      sandbox_claim_url: null,
    });
  });
});
