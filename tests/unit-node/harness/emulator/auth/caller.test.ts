/**
 * Who is calling, from a request's headers (`Authorization`, `on-behalf-of`, `X-Base44-Anonymous-Id`), and the member
 * and admin checks that routes build on.
 */
import { describe, expect, it } from 'vitest';
import {
  type Caller,
  callerOf,
  isAdmin,
  requireAdmin,
  requireMember,
} from '../../../../../host-harness/src/emulator/auth/caller.ts';
import { SERVICE_TOKEN } from '../../../../../host-harness/src/emulator/auth/seeded-accounts.ts';
import { APP, memoryAuthState } from '../memory-auth-state.ts';
import { outcome } from '../outcome.ts';

function signedUp(state: ReturnType<typeof memoryAuthState>, email: string) {
  const account = state.accounts.create({ email, passwordHash: null, fullName: '', verified: true });
  return { account, token: state.accounts.issueToken(account.id) };
}

const headers = (given: Record<string, string | string[]>) => ({ headers: given });

describe('callerOf: the bearer token', () => {
  it('is anonymous without a token or with a token nobody was given', () => {
    const state = memoryAuthState();
    const anonymous: Caller = { service: false, account: null, anonymousId: null };
    expect(callerOf(state, headers({}))).toEqual(anonymous);
    expect(callerOf(state, headers({ authorization: 'Bearer not-a-token' }))).toEqual(anonymous);
  });

  it('is the account a known token belongs to, however the scheme is written', () => {
    const state = memoryAuthState();
    const { account, token } = signedUp(state, 'ann@example.com');
    for (const authorization of [
      `Bearer ${token}`,
      `bearer ${token}`,
      `BEARER ${token}`,
      `Bearer   ${token}`,
      `Bearer\t${token}`,
      `  Bearer ${token}  `,
    ]) {
      expect(callerOf(state, headers({ authorization })), authorization).toEqual({
        service: false,
        account,
        anonymousId: null,
      });
    }
  });

  it('reads nothing from a header that is not exactly "Bearer <token>"', () => {
    const state = memoryAuthState();
    const { token } = signedUp(state, 'ann@example.com');
    for (const authorization of [
      token,
      `Basic ${token}`,
      `Bearer${token}`,
      `xBearer ${token}`,
      `Bearer ${token} extra`,
      `Bearer ${token},`,
      'Bearer',
      'Bearer ',
    ]) {
      expect(callerOf(state, headers({ authorization })).account, authorization).toBeNull();
    }
    // A token of one character is still read (and, being unknown, gives nobody).
    const one = signedUp(state, 'bo@example.com');
    expect(callerOf(state, headers({ authorization: `Bearer ${one.token.slice(0, 1)}` })).account).toBeNull();
  });

  it('is the service role for the service token, acting for nobody', () => {
    const state = memoryAuthState();
    for (const authorization of [`Bearer ${SERVICE_TOKEN}`, `bearer   ${SERVICE_TOKEN} `]) {
      expect(callerOf(state, headers({ authorization }))).toEqual({
        service: true,
        account: null,
        anonymousId: null,
      });
    }
    expect(SERVICE_TOKEN).toBe('local-service-token');
  });

  it('is the service role acting for the account of a valid on-behalf-of token', () => {
    const state = memoryAuthState();
    const { account, token } = signedUp(state, 'ann@example.com');
    const service = { authorization: `Bearer ${SERVICE_TOKEN}` };
    expect(callerOf(state, headers({ ...service, 'on-behalf-of': `Bearer ${token}` }))).toEqual({
      service: true,
      account,
      anonymousId: null,
    });
    for (const behalf of ['Bearer unknown', token, 'Bearer ', '']) {
      expect(callerOf(state, headers({ ...service, 'on-behalf-of': behalf })), behalf).toEqual({
        service: true,
        account: null,
        anonymousId: null,
      });
    }
  });

  it('ignores on-behalf-of from anyone but the service role', () => {
    const state = memoryAuthState();
    const ann = signedUp(state, 'ann@example.com');
    const bo = signedUp(state, 'bo@example.com');
    const asAnn = callerOf(
      state,
      headers({ authorization: `Bearer ${ann.token}`, 'on-behalf-of': `Bearer ${bo.token}` }),
    );
    expect(asAnn).toEqual({ service: false, account: ann.account, anonymousId: null });
    expect(callerOf(state, headers({ 'on-behalf-of': `Bearer ${bo.token}` })).account).toBeNull();
  });
});

describe('callerOf: the anonymous id', () => {
  it('keeps a well-formed id of 1 to 100 word characters or dashes, for any caller', () => {
    const state = memoryAuthState();
    const { token } = signedUp(state, 'ann@example.com');
    for (const id of ['a', 'visitor_1-x', 'x'.repeat(100)]) {
      expect(callerOf(state, headers({ 'x-base44-anonymous-id': id })).anonymousId, id).toBe(id);
    }
    const withToken = { authorization: `Bearer ${token}`, 'x-base44-anonymous-id': 'v1' };
    expect(callerOf(state, headers(withToken)).anonymousId).toBe('v1');
    const service = { authorization: `Bearer ${SERVICE_TOKEN}`, 'x-base44-anonymous-id': 'v2' };
    expect(callerOf(state, headers(service)).anonymousId).toBe('v2');
  });

  it('drops an empty, long, odd or repeated id', () => {
    const state = memoryAuthState();
    for (const id of ['', 'x'.repeat(101), 'a b', 'a.b', 'é', 'a\nb', '<x>', ' a']) {
      expect(callerOf(state, headers({ 'x-base44-anonymous-id': id })).anonymousId, id).toBeNull();
    }
    expect(callerOf(state, headers({ 'x-base44-anonymous-id': ['a', 'b'] })).anonymousId).toBeNull();
  });
});

describe('requireMember, requireAdmin and isAdmin', () => {
  function cast() {
    const state = memoryAuthState();
    const admin = signedUp(state, 'admin@example.com').account;
    const user = signedUp(state, 'user@example.com').account;
    const outsider = signedUp(state, 'outsider@example.com').account;
    state.join(APP, admin.id, { role: 'admin', email: admin.email });
    state.join(APP, user.id, { role: 'user', email: user.email });
    // Admin of another app only.
    state.join('app-2', outsider.id, { role: 'admin' });
    const as = (account: typeof admin | null, service = false): Caller => ({
      service,
      account,
      anonymousId: null,
    });
    return {
      state,
      admin: as(admin),
      user: as(user),
      outsider: as(outsider),
      anonymous: as(null),
      service: as(null, true),
    };
  }

  it('requireMember: the signed-in member and their User record; 401 anonymous, 403 not registered', () => {
    const { state, user, outsider, anonymous, service } = cast();
    expect(requireMember(state, APP, user)).toEqual({
      account: user.account,
      user: { id: user.account!.id, role: 'user', email: 'user@example.com' },
    });
    expect(outcome(() => requireMember(state, APP, anonymous))).toBe(
      '401 auth_required: Authentication required',
    );
    expect(outcome(() => requireMember(state, APP, service))).toBe(
      '401 auth_required: Authentication required',
    );
    expect(outcome(() => requireMember(state, APP, outsider))).toBe(
      '403 user_not_registered: User not registered for this app',
    );
    expect(outcome(() => requireMember(state, 'app-2', outsider))).toBe('done');
  });

  it('requireAdmin: the service role or an admin member of this app', () => {
    const { state, admin, user, outsider, anonymous, service } = cast();
    expect(outcome(() => requireAdmin(state, APP, service))).toBe('done');
    expect(outcome(() => requireAdmin(state, APP, admin))).toBe('done');
    expect(outcome(() => requireAdmin(state, APP, user))).toBe(
      '403 forbidden: Only an admin of this app can do this',
    );
    expect(outcome(() => requireAdmin(state, APP, outsider))).toBe(
      '403 user_not_registered: User not registered for this app',
    );
    expect(outcome(() => requireAdmin(state, APP, anonymous))).toBe(
      '401 auth_required: Authentication required',
    );
    expect(outcome(() => requireAdmin(state, 'app-2', outsider))).toBe('done');
  });

  it('isAdmin: the same question, answered true or false', () => {
    const { state, admin, user, outsider, anonymous, service } = cast();
    expect(isAdmin(state, APP, service)).toBe(true);
    expect(isAdmin(state, APP, admin)).toBe(true);
    expect(isAdmin(state, APP, user)).toBe(false);
    expect(isAdmin(state, APP, outsider)).toBe(false);
    expect(isAdmin(state, 'app-2', outsider)).toBe(true);
    expect(isAdmin(state, APP, anonymous)).toBe(false);
  });
});
