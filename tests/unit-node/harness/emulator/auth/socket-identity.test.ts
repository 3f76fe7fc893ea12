/** Who opens a realtime socket, from its handshake query: the service role, an account, an anonymous visitor, or refused. */
import { describe, expect, it } from 'vitest';
import { SERVICE_TOKEN } from '../../../../../host-harness/src/emulator/auth/seeded-accounts.ts';
import { socketIdentity } from '../../../../../host-harness/src/emulator/auth/socket-identity.ts';
import { APP, memoryAuthState } from '../memory-auth-state.ts';

describe('socketIdentity', () => {
  it('refuses a handshake without a known app_id', () => {
    const state = memoryAuthState();
    for (const appId of [undefined, 'unknown-app', ['app-1'], 1]) {
      expect(socketIdentity(state, { app_id: appId, token: SERVICE_TOKEN }), String(appId)).toBe(
        'Unknown app_id',
      );
    }
  });

  it('takes no token, or what the reference client sends for nobody, as an anonymous visitor', () => {
    const state = memoryAuthState();
    for (const token of [undefined, '', 'null', 'undefined', 42]) {
      expect(socketIdentity(state, { app_id: APP, token, anonymous_id: 'v1' }), String(token)).toEqual({
        appId: APP,
        service: false,
        accountId: null,
        anonymousId: 'v1',
      });
    }
  });

  it('keeps the first 100 characters of a string anonymous_id, and nothing else', () => {
    const state = memoryAuthState();
    const long = `${'a'.repeat(100)}b`;
    expect(socketIdentity(state, { app_id: APP, anonymous_id: long })).toMatchObject({
      anonymousId: 'a'.repeat(100),
    });
    expect(socketIdentity(state, { app_id: APP, anonymous_id: ['v1'] })).toMatchObject({ anonymousId: null });
    expect(socketIdentity(state, { app_id: APP })).toMatchObject({ anonymousId: null });
  });

  it('is the service role for the service token (no anonymous id)', () => {
    const state = memoryAuthState();
    expect(socketIdentity(state, { app_id: APP, token: SERVICE_TOKEN, anonymous_id: 'v1' })).toEqual({
      appId: APP,
      service: true,
      accountId: null,
      anonymousId: null,
    });
  });

  it('is the account of a known token (no anonymous id), and refuses an unknown token', () => {
    const state = memoryAuthState();
    const ann = state.accounts.create({
      email: 'ann@example.com',
      passwordHash: null,
      fullName: '',
      verified: true,
    });
    const token = state.accounts.issueToken(ann.id);
    expect(socketIdentity(state, { app_id: APP, token, anonymous_id: 'v1' })).toEqual({
      appId: APP,
      service: false,
      accountId: ann.id,
      anonymousId: null,
    });
    expect(socketIdentity(state, { app_id: APP, token: `${token}x` })).toBe('Invalid token');
    expect(socketIdentity(state, { app_id: APP, token: `Bearer ${token}` })).toBe('Invalid token');
  });
});
