import { ForbiddenError, UnauthorizedError } from '../core/errors.ts';
import type { Account } from './account-store.ts';
import type { CallerState } from './members.ts';
import { verifyPassword } from './passwords.ts';

/** The user shown after sign-in: the app's User record, or a bare profile for an account outside the app. */
export function userFor(state: CallerState, appId: string, account: Account): Record<string, unknown> {
  return (
    state.member(appId, account.id) ?? {
      id: account.id,
      email: account.email,
      full_name: account.full_name,
      role: 'user',
    }
  );
}

/** Checks e-mail and password and issues a token: used by `auth/login` and by the login page. */
export async function signIn(
  state: CallerState,
  appId: string,
  email: string,
  password: string,
): Promise<{ access_token: string; user: Record<string, unknown> }> {
  const account = state.accounts.byEmail(email.trim());
  if (!account || !(await verifyPassword(password, account.password_hash))) {
    throw new UnauthorizedError('Invalid email or password', 'invalid_credentials');
  }
  if (!account.verified)
    throw new ForbiddenError('Verify your e-mail address before signing in', 'email_not_verified');
  return { access_token: state.accounts.issueToken(account.id), user: userFor(state, appId, account) };
}
