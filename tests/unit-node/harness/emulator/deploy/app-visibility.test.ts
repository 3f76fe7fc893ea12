/**
 * An app's visibility (app-visibility.ts), as the platform's CLI sets it in `public_settings`: public, or one of the
 * two that make visitors sign in; the local platform changes nothing else of an app.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUBLIC_SETTINGS,
  PUBLIC_SETTINGS,
  readAppUpdate,
  requiresSignIn,
} from '../../../../../host-harness/src/emulator/deploy/app-visibility.ts';
import { outcome } from '../outcome.ts';

describe('app visibility', () => {
  it('is what the CLI maps public, private and workspace to; a new app is public', () => {
    expect(PUBLIC_SETTINGS).toEqual(['public_without_login', 'private_with_login', 'workspace_with_login']);
    expect(DEFAULT_PUBLIC_SETTINGS).toBe('public_without_login');
    for (const value of PUBLIC_SETTINGS) expect(readAppUpdate({ public_settings: value })).toBe(value);
  });

  it('makes visitors sign in unless the app is public', () => {
    expect(requiresSignIn('public_without_login')).toBe(false);
    expect(requiresSignIn('private_with_login')).toBe(true);
    expect(requiresSignIn('workspace_with_login')).toBe(true);
  });

  it('refuses another value, another field, or a body that is not an object', () => {
    for (const value of ['public', 'PRIVATE_WITH_LOGIN', null, 1, undefined])
      expect(outcome(() => readAppUpdate({ public_settings: value }))).toBe(
        '400 invalid_body: public_settings must be one of public_without_login, private_with_login, workspace_with_login',
      );
    expect(outcome(() => readAppUpdate({ public_settings: 'private_with_login', auth_config: {} }))).toBe(
      "400 invalid_body: The local platform changes only an app's public_settings, not auth_config",
    );
    expect(outcome(() => readAppUpdate({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }))).toBe(
      "400 invalid_body: The local platform changes only an app's public_settings, not a, b, c, d, e",
    );
    for (const body of [null, [], 'private_with_login'])
      expect(outcome(() => readAppUpdate(body))).toBe(
        '400 invalid_body: The body must be { public_settings }',
      );
  });
});
