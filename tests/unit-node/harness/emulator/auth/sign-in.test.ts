/**
 * Signing in with an e-mail and a password (the `auth/login` route and the login page), and the user answered with the
 * token, over the real account store.
 */
import { describe, expect, it } from 'vitest';
import { hashPasswordSync } from '../../../../../host-harness/src/emulator/auth/passwords.ts';
import { signIn, userFor } from '../../../../../host-harness/src/emulator/auth/sign-in.ts';
import { APP, memoryAuthState } from '../memory-auth-state.ts';
import { settled } from '../outcome.ts';

function withAnn(verified = true) {
  const state = memoryAuthState();
  const ann = state.accounts.create({
    email: 'ann@example.com',
    passwordHash: hashPasswordSync('ann-password'),
    fullName: 'Ann Example',
    verified,
  });
  return { state, ann };
}

describe('userFor: the user shown after sign-in', { timeout: 60_000 }, () => {
  it('is the app’s User record for a member', () => {
    const { state, ann } = withAnn();
    const record = state.join(APP, ann.id, { role: 'admin', email: ann.email, company: 'Acme' });
    expect(userFor(state, APP, ann)).toBe(record);
  });

  it('is a bare user profile for an account outside the app', () => {
    const { state, ann } = withAnn();
    state.join('app-2', ann.id, { role: 'admin' });
    expect(userFor(state, APP, ann)).toEqual({
      id: ann.id,
      email: 'ann@example.com',
      full_name: 'Ann Example',
      role: 'user',
    });
  });
});

describe('signIn', { timeout: 60_000 }, () => {
  it('issues a token of the account and answers the user', async () => {
    const { state, ann } = withAnn();
    state.join(APP, ann.id, { role: 'user', email: ann.email });
    const answer = await signIn(state, APP, 'ann@example.com', 'ann-password');
    expect(state.accounts.accountForToken(answer.access_token)?.id).toBe(ann.id);
    expect(answer.user).toEqual({ id: ann.id, role: 'user', email: 'ann@example.com' });
  });

  it('finds the account whatever the case and surrounding spaces of the e-mail', async () => {
    const { state, ann } = withAnn();
    const answer = await signIn(state, APP, '  ANN@example.com ', 'ann-password');
    expect(state.accounts.accountForToken(answer.access_token)?.id).toBe(ann.id);
    expect(answer.user).toMatchObject({ id: ann.id, role: 'user' });
  });

  it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
    const { state } = withAnn();
    const invalid = '401 invalid_credentials: Invalid email or password';
    expect(await settled(() => signIn(state, APP, 'bo@example.com', 'ann-password'))).toBe(invalid);
    expect(await settled(() => signIn(state, APP, 'ann@example.com', 'Ann-password'))).toBe(invalid);
    expect(await settled(() => signIn(state, APP, 'ann@example.com', ''))).toBe(invalid);
  });

  it('refuses an account without a password (invited, not yet set)', async () => {
    const state = memoryAuthState();
    state.accounts.create({ email: 'inv@example.com', passwordHash: null, fullName: '', verified: true });
    expect(await settled(() => signIn(state, APP, 'inv@example.com', ''))).toBe(
      '401 invalid_credentials: Invalid email or password',
    );
  });

  it('refuses an unverified account with 403, after checking its password', async () => {
    const { state } = withAnn(false);
    expect(await settled(() => signIn(state, APP, 'ann@example.com', 'ann-password'))).toBe(
      '403 email_not_verified: Verify your e-mail address before signing in',
    );
    expect(await settled(() => signIn(state, APP, 'ann@example.com', 'wrong-password'))).toBe(
      '401 invalid_credentials: Invalid email or password',
    );
  });
});
