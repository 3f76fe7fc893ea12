/**
 * Public settings, called in process: who may read an app's public settings (an account outside the app never; an
 * anonymous visitor unless the app requires login; the service role always), in the platform's 403 shapes, and the
 * logout redirect, which leads only to a local http(s) address.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerPublicSettingsRoutes } from '../../../../../host-harness/src/emulator/auth/public-settings-routes.ts';
import { APP, answered } from '../access-app.ts';
import { type CallOptions, type FeatureApp, featureApp } from '../feature-app.ts';

const NAME = { name: 'Locked', requires_auth: true };
const settingsOf = (appId: string) => `/api/apps/public/prod/public-settings/by-id/${appId}`;

let running: FeatureApp;

beforeEach(async () => {
  running = await featureApp((app, state) => registerPublicSettingsRoutes(app, state));
});
afterEach(async () => {
  await running.close();
});

const settings = (opts: CallOptions = {}) => running.call('GET', settingsOf(APP), opts);
const onBehalfOf = (who: 'user' | 'outsider'): CallOptions => {
  const id = who === 'user' ? '65f0a0000000000000000002' : '65f0a0000000000000000003';
  return { as: 'service', headers: { 'on-behalf-of': `Bearer ${running.state.accounts.issueToken(id)}` } };
};
const open = (publicSettings: Record<string, unknown>) => ({
  status: 200,
  body: { id: APP, public_settings: publicSettings },
});

describe('public settings', () => {
  it('answers {id, public_settings} to anonymous visitors, members and the service role', async () => {
    const stored = running.state.apps.get(APP)!.public_settings;
    for (const opts of [
      {},
      { as: 'user' },
      { as: 'admin' },
      { as: 'service' },
      { token: 'unknown' },
    ] as const)
      expect(answered(await settings(opts)), JSON.stringify(opts)).toStrictEqual(open(stored));
  });

  it('answers 403 user_not_registered to an account outside the app, but not to the service role acting for it', async () => {
    const notRegistered = {
      status: 403,
      body: {
        message: 'User not registered for this app',
        code: 'user_not_registered',
        extra_data: { reason: 'user_not_registered' },
      },
    };
    expect(answered(await settings({ as: 'outsider' }))).toStrictEqual(notRegistered);
    running.state.apps.put(APP, { requireLogin: true, public_settings: NAME });
    expect(answered(await settings({ as: 'outsider' }))).toStrictEqual(notRegistered);
    expect(answered(await settings(onBehalfOf('outsider')))).toStrictEqual(open(NAME));
  });

  it('answers 403 auth_required to anonymous visitors when the app requires login; to no one signed in', async () => {
    running.state.apps.put(APP, { requireLogin: true, public_settings: NAME });
    const required = {
      status: 403,
      body: {
        message: 'Authentication required',
        code: 'auth_required',
        extra_data: { reason: 'auth_required' },
      },
    };
    expect(answered(await settings())).toStrictEqual(required);
    expect(answered(await settings({ token: 'unknown' }))).toStrictEqual(required);
    for (const opts of [{ as: 'user' }, { as: 'admin' }, { as: 'service' }, onBehalfOf('user')] as const)
      expect(answered(await settings(opts)), JSON.stringify(opts)).toStrictEqual(open(NAME));
  });

  it('answers 404 app_not_found for an unknown app, whoever asks', async () => {
    for (const opts of [{}, { as: 'outsider' }, { as: 'service' }] as const)
      expect(answered(await running.call('GET', settingsOf('no-such-app'), opts))).toStrictEqual({
        status: 404,
        body: { message: 'App no-such-app not found', code: 'app_not_found' },
      });
  });
});

describe('logout redirect', () => {
  const logout = (query: string) => running.call('GET', `/api/apps/auth/logout${query}`);

  it('redirects (302) to a local http(s) from_url', async () => {
    for (const target of [
      'http://localhost:4401/Pricing?x=1#top',
      'https://127.0.0.1/',
      'http://[::1]:8080/a',
    ]) {
      const answer = await logout(`?from_url=${encodeURIComponent(target)}`);
      expect([answer.status, answer.headers.location], target).toStrictEqual([302, target]);
    }
  });

  it('answers 400 invalid_redirect for anything else, and redirects nowhere', async () => {
    const refused = {
      status: 400,
      body: { message: 'from_url must be an http(s) address on localhost', code: 'invalid_redirect' },
    };
    for (const query of [
      '',
      '?from_url=',
      `?from_url=${encodeURIComponent('https://evil.com/')}`,
      `?from_url=${encodeURIComponent('//evil.com')}`,
      `?from_url=${encodeURIComponent('javascript:alert(1)')}`,
      `?from_url=${encodeURIComponent('http://localhost@evil.com/')}`,
      `?from_url=${encodeURIComponent('http://localhost/')}&from_url=${encodeURIComponent('http://localhost/')}`,
    ]) {
      const answer = await logout(query);
      expect(answered(answer), query).toStrictEqual(refused);
      expect(answer.headers.location, query).toBeUndefined();
    }
  });
});
