/**
 * The startup auth error for each failure (docs/platform-api.md, "Startup"): only a 403 with a reason is anything but
 * `unknown`, and only the reasons `auth_required` and `user_not_registered` get the contract's own messages.
 */
import { describe, expect, it } from 'vitest';
import {
  deriveHttpError,
  PlatformNetworkError,
  toPublicSettingsAuthError,
  toUserCheckAuthError,
} from '../../../src/platform/index.ts';

const answer = (status: number, body: unknown) => deriveHttpError(status, body, new Headers());
const refused = (reason: unknown, message = 'Denied') => answer(403, { message, extra_data: { reason } });

describe('toPublicSettingsAuthError', () => {
  it('auth_required and user_not_registered get the contract’s messages', () => {
    expect(toPublicSettingsAuthError(refused('auth_required'))).toEqual({
      type: 'auth_required',
      message: 'Authentication required',
    });
    expect(toPublicSettingsAuthError(refused('user_not_registered'))).toEqual({
      type: 'user_not_registered',
      message: 'User not registered for this app',
    });
  });

  it('any other 403 reason is kept as its type, with the server’s message (not read as "not registered")', () => {
    expect(toPublicSettingsAuthError(refused('app_suspended', 'This app is suspended'))).toEqual({
      type: 'app_suspended',
      message: 'This app is suspended',
    });
  });

  // The errors are made inside the test, not in the table: a table is built while the file is collected, where a
  // mutation tool would see the derivation run outside any test.
  it.each([
    ['a 403 without a reason', () => answer(403, { message: 'Forbidden' })],
    ['a 403 with an empty reason', () => refused('', 'Forbidden')],
    ['a 403 whose reason is not text', () => refused(42, 'Forbidden')],
    ['a 403 whose extra_data is null', () => answer(403, { message: 'Forbidden', extra_data: null })],
    ['a 403 with a text body', () => Object.assign(answer(403, 'Forbidden'), { message: 'Forbidden' })],
    [
      'a 401 with a reason',
      () => answer(401, { message: 'Forbidden', extra_data: { reason: 'auth_required' } }),
    ],
    [
      'a 500 with a reason',
      () => answer(500, { message: 'Forbidden', extra_data: { reason: 'user_not_registered' } }),
    ],
  ])('%s is unknown, with the server’s message', (_label, error) => {
    expect(toPublicSettingsAuthError(error())).toEqual({ type: 'unknown', message: 'Forbidden' });
  });

  it('a failure without a message, or without an answer, is unknown with its own message or the fallback', () => {
    expect(toPublicSettingsAuthError(answer(502, { message: '' }))).toEqual({
      type: 'unknown',
      message: 'Request failed with status code 502',
    });
    expect(toPublicSettingsAuthError(new PlatformNetworkError(new TypeError('fetch failed')))).toEqual({
      type: 'unknown',
      message: 'Network Error',
    });
    const blank = Object.assign(answer(500, {}), { message: '' });
    expect(toPublicSettingsAuthError(blank)).toEqual({ type: 'unknown', message: 'Failed to load app' });
  });

  it('something that is not a platform error is "unexpected", whatever it says', () => {
    for (const thrown of [new Error('auth_required'), 'user_not_registered', null]) {
      expect(toPublicSettingsAuthError(thrown)).toEqual({
        type: 'unknown',
        message: 'An unexpected error occurred',
      });
    }
  });
});

describe('toUserCheckAuthError', () => {
  it('401 and 403 on `me` mean auth_required', () => {
    for (const status of [401, 403]) {
      expect(toUserCheckAuthError(answer(status, { message: 'Invalid token' }))).toEqual({
        type: 'auth_required',
        message: 'Authentication required',
      });
    }
  });

  it('anything else keeps the visitor signed out without an error', () => {
    expect(toUserCheckAuthError(answer(500, { message: 'boom' }))).toBeNull();
    expect(toUserCheckAuthError(new PlatformNetworkError(new TypeError('fetch failed')))).toBeNull();
    expect(toUserCheckAuthError(Object.assign(new Error('x'), { status: 401 }))).toBeNull();
  });
});
