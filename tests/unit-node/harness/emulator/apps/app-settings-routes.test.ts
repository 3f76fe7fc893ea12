/**
 * The control API's settings routes (`apps/app-settings-routes.ts`): read the seeded app's settings; change public
 * settings and requireLogin, each only when given; anything else refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { registerAppSettingsRoutes } from '../../../../../host-harness/src/emulator/apps/app-settings-routes.ts';
import { DEFAULT_APP_SETTINGS } from '../../../../../host-harness/src/emulator/apps/app-store.ts';
import { APP, type FeatureApp, featureApp } from '../feature-app.ts';

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
