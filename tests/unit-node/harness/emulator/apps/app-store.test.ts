/**
 * The apps the emulator knows (`apps/app-store.ts`): an app's settings stored and read back, and the 404 for an unknown
 * or malformed app id.
 */
import { describe, expect, it } from 'vitest';
import {
  APP_TABLES,
  AppStore,
  DEFAULT_APP_SETTINGS,
  requireApp,
} from '../../../../../host-harness/src/emulator/apps/app-store.ts';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import { refusal } from '../feature-app.ts';

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
