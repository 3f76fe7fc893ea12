/**
 * The apps the emulator knows: the seeded app's settings (stored, read back, defaults after a reset), the 404 for an
 * unknown or malformed app id, and the control API's settings routes (read; change public settings and requireLogin,
 * each only when given; anything else refused).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { registerAppSettingsRoutes } from '../../../../../host-harness/src/emulator/apps/app-settings-routes.ts';
import {
  APP_TABLES,
  AppStore,
  DEFAULT_APP_SETTINGS,
  requireApp,
} from '../../../../../host-harness/src/emulator/apps/app-store.ts';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import { APP, type FeatureApp, featureApp, refusal } from '../feature-app.ts';

describe('AppStore', () => {
  it('stores an app’s settings and reads them back; an unknown app has none', () => {
    const apps = new AppStore(openDatabase(null, [APP_TABLES]));
    expect(apps.get('shop')).toBeUndefined();
    apps.put('shop', { public_settings: { name: 'Shop' }, requireLogin: true });
    expect(apps.get('shop')).toStrictEqual({ public_settings: { name: 'Shop' }, requireLogin: true });
    apps.put('shop', { public_settings: {}, requireLogin: false });
    expect(apps.get('shop')).toStrictEqual({ public_settings: {}, requireLogin: false });
    expect(apps.get('other')).toBeUndefined();
  });

  it('a new app is public, named Local app', () => {
    expect(DEFAULT_APP_SETTINGS).toStrictEqual({
      public_settings: { name: 'Local app', requires_auth: false },
      requireLogin: false,
    });
  });
});

describe('requireApp', () => {
  it('passes for a known app', () => {
    const apps = new AppStore(openDatabase(null, [APP_TABLES]));
    apps.put('shop_2-b', DEFAULT_APP_SETTINGS);
    expect(refusal(() => requireApp({ apps }, 'shop_2-b'))).toBeNull();
  });

  it('answers 404 app_not_found for an unknown app, naming it (64 characters at most)', () => {
    const apps = new AppStore(openDatabase(null, [APP_TABLES]));
    apps.put('shop', DEFAULT_APP_SETTINGS);
    expect(refusal(() => requireApp({ apps }, 'other'))).toStrictEqual({
      status: 404,
      code: 'app_not_found',
      message: 'App other not found',
    });
    expect(refusal(() => requireApp({ apps }, 'x'.repeat(70)))).toStrictEqual({
      status: 404,
      code: 'app_not_found',
      message: `App ${'x'.repeat(64)} not found`,
    });
  });

  it('refuses an id that is not a name, even one stored under it', () => {
    const apps = new AppStore(openDatabase(null, [APP_TABLES]));
    for (const id of ['', 'a b', 'a/b', 'a.b', `${'a'.repeat(65)}`, 'shop\n', 'é']) {
      apps.put(id, DEFAULT_APP_SETTINGS);
      expect(refusal(() => requireApp({ apps }, id))?.code, JSON.stringify(id)).toBe('app_not_found');
    }
    apps.put('a'.repeat(64), DEFAULT_APP_SETTINGS);
    expect(refusal(() => requireApp({ apps }, 'a'.repeat(64)))).toBeNull();
  });
});

describe('the control API’s settings routes', () => {
  let running: FeatureApp | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('GET /__harness/settings answers the seeded app’s settings', async () => {
    running = await featureApp((app, state) => registerAppSettingsRoutes(app, state));
    const answer = await running.call('GET', '/__harness/settings');
    expect(answer.status).toBe(200);
    expect(answer.body).toStrictEqual(DEFAULT_APP_SETTINGS);
  });

  it('POST changes public_settings and requireLogin, each only when given, and answers the result', async () => {
    running = await featureApp((app, state) => registerAppSettingsRoutes(app, state));
    const first = await running.call('POST', '/__harness/settings', { body: { requireLogin: true } });
    expect(first.status).toBe(200);
    expect(first.body).toStrictEqual({ ...DEFAULT_APP_SETTINGS, requireLogin: true });
    expect(running.state.apps.get(APP)).toStrictEqual(first.body);

    const second = await running.call('POST', '/__harness/settings', {
      body: { public_settings: { name: 'Shop', requires_auth: true } },
    });
    expect(second.body).toStrictEqual({
      public_settings: { name: 'Shop', requires_auth: true },
      requireLogin: true,
    });
    expect(running.state.apps.get(APP)).toStrictEqual(second.body);

    const third = await running.call('POST', '/__harness/settings', { body: { other: 1 } });
    expect(third.body).toStrictEqual(second.body);
    expect((await running.call('GET', '/__harness/settings')).body).toStrictEqual(second.body);
  });

  it('refuses settings of the wrong type, naming the field, and changes nothing', async () => {
    running = await featureApp((app, state) => registerAppSettingsRoutes(app, state));
    const wrongFlag = await running.call('POST', '/__harness/settings', { body: { requireLogin: 'yes' } });
    expect(wrongFlag.status).toBe(400);
    expect(wrongFlag.body.message).toBe('requireLogin must be true or false');
    const wrongSettings = await running.call('POST', '/__harness/settings', {
      body: { public_settings: [] },
    });
    expect(wrongSettings.status).toBe(400);
    expect(wrongSettings.body.message).toBe('public_settings must be an object');
    const notObject = await running.call('POST', '/__harness/settings', { body: [1] });
    expect(notObject.status).toBe(400);
    expect(notObject.body.message).toBe('The request body must be a JSON object');
    expect(running.state.apps.get(APP)).toStrictEqual(DEFAULT_APP_SETTINGS);
  });
});
