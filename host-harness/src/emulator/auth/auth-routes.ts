import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireApp } from '../apps/index.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../core/errors.ts';
import { objectBody, textField } from '../core/http/route-schema.ts';
import { type Outbox, refuseLineBreak } from '../email/index.ts';
import { callerOf, requireAdmin } from './caller.ts';
import type { AuthState } from './members.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { signIn, userFor } from './sign-in.ts';
import { isPlatformOwnedUserField, userProfile } from './user-profile.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{1,63}$/;
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 200;

// The shapes of the bodies (route schemas: a wrong type or length is refused before the route runs, 400
// invalid_body); what a value means (a well-formed address, a strong enough password) is the route's own check.
const emailField = textField(254, 'an e-mail address of at most 254 characters');
const passwordField = textField(MAX_PASSWORD);
const bodies = {
  login: objectBody({ email: emailField, password: passwordField }, ['email', 'password']),
  register: objectBody({ email: emailField, password: passwordField }, ['email', 'password']),
  verifyOtp: objectBody({ email: emailField, otp_code: textField(12) }, ['email', 'otp_code']),
  email: objectBody({ email: emailField }, ['email']),
  resetPassword: objectBody({ reset_token: textField(200), new_password: passwordField }, [
    'reset_token',
    'new_password',
  ]),
  changePassword: objectBody(
    { user_id: textField(100), current_password: passwordField, new_password: passwordField },
    ['user_id', 'current_password', 'new_password'],
  ),
  invite: objectBody(
    { user_email: emailField, role: { enum: ['user', 'admin'], description: 'user or admin' } },
    ['user_email'],
  ),
};

/** A body that passed its route schema. */
type Body<K extends string> = Record<K, string>;
const bodyOf = <K extends string>(request: FastifyRequest) => request.body as Body<K>;

function email(value: string, field = 'email'): string {
  // Every address here is written to the To of a message (a code, a reset, an invitation): a line break is refused
  // wherever it is, not trimmed away (docs/security.md, "Servers of the harness and the backend functions": e-mail
  // header fields).
  refuseLineBreak(field, value, 'invalid_email');
  const address = value.trim();
  if (!EMAIL.test(address))
    throw new BadRequestError(`${field} is not a valid e-mail address`, 'invalid_email');
  return address.toLowerCase();
}

function password(value: string, field: string): string {
  if (value.length < MIN_PASSWORD)
    throw new BadRequestError(`${field} must have at least ${MIN_PASSWORD} characters`, 'weak_password');
  return value;
}

/** Auth of the contract: login, register and its one-time codes, password reset and change, invitations, SSO. */
export function registerAuthRoutes(app: FastifyInstance, state: AuthState & { outbox: Outbox }): void {
  const auth = '/api/apps/:appId/auth';
  const appOf = (request: FastifyRequest) => (request.params as { appId: string }).appId;
  // Who may call comes before the body's shape (preValidation runs before the schema): an unknown app is a 404,
  // a missing sign-in a 401, whatever the body.
  const knownApp = async (request: FastifyRequest) => requireApp(state, appOf(request));
  const signedIn = async (request: FastifyRequest) => {
    requireApp(state, appOf(request));
    if (!callerOf(state, request).account) throw new UnauthorizedError();
  };
  const admin = async (request: FastifyRequest) => {
    requireApp(state, appOf(request));
    requireAdmin(state, appOf(request), callerOf(state, request));
  };

  app.post(`${auth}/login`, { preValidation: knownApp, schema: { body: bodies.login } }, async (request) => {
    const data = bodyOf<'email' | 'password'>(request);
    // signIn trims the address.
    return signIn(state, appOf(request), data.email, data.password);
  });

  app.post(
    `${auth}/register`,
    { preValidation: knownApp, schema: { body: bodies.register } },
    async (request) => {
      const appId = appOf(request);
      const data = bodyOf<'email' | 'password'>(request);
      const address = email(data.email);
      const secret = password(data.password, 'password');
      // Validated before anything is written; id, role, e-mail and timestamps are the platform's, never the caller's.
      const profile = userProfile(data);
      const fullName = typeof profile.full_name === 'string' ? profile.full_name.slice(0, 200) : '';
      // The password is hashed whether or not the address is taken, so the answer's timing does not tell.
      const passwordHash = await hashPassword(secret);
      // One transaction: the account, its code and the e-mail exist together or not at all. The address is checked
      // here, after the hash, because another registration may have taken it in the meantime.
      state.db.transaction(() => {
        if (state.accounts.byEmail(address))
          throw new ConflictError('An account with this e-mail already exists', 'email_taken');
        state.accounts.create({ email: address, passwordHash, fullName, verified: false, profile });
        const code = state.accounts.issueOtp(address);
        state.outbox.add({
          kind: 'otp',
          to: address,
          subject: `Your ${appId} verification code`,
          body: `Your code is ${code}`,
          code,
        });
      })();
      return { success: true, message: 'A verification code was sent to your e-mail address' };
    },
  );

  app.post(
    `${auth}/verify-otp`,
    { preValidation: knownApp, schema: { body: bodies.verifyOtp } },
    async (request) => {
      const appId = appOf(request);
      const data = bodyOf<'email' | 'otp_code'>(request);
      const address = email(data.email);
      const code = data.otp_code;
      const account = state.accounts.byEmail(address);
      // All or nothing: the code is used up, the account verified, its token issued and its User record created in one
      // transaction (the record last: its cache and realtime event follow a write that can no longer be undone).
      const outcome = state.db.transaction(() => {
        const check = account ? state.accounts.checkOtp(address, code) : 'invalid';
        if (!account || check !== 'ok') return { check, token: null };
        state.accounts.markVerified(account.id);
        const token = state.accounts.issueToken(account.id);
        if (!state.member(appId, account.id)) {
          // A profile stored before platform-owned fields were refused may still hold some: they are dropped here too.
          const extra = Object.fromEntries(
            // full_name too is set below, from the account.
            Object.entries(account.profile).filter(([key]) => !isPlatformOwnedUserField(key)),
          );
          state.addMember(
            appId,
            account.id,
            { ...extra, email: account.email, full_name: account.full_name, role: 'user' },
            { id: account.id, email: account.email },
          );
        }
        return { check, token };
      })();
      if (!account || outcome.token === null) {
        const { check } = outcome;
        const message =
          check === 'expired'
            ? 'The code has expired'
            : check === 'locked'
              ? 'Too many attempts; request a new code'
              : 'The code is not valid';
        throw new BadRequestError(message, `otp_${check}`);
      }
      return { access_token: outcome.token, user: userFor(state, appId, account) };
    },
  );

  app.post(
    `${auth}/resend-otp`,
    { preValidation: knownApp, schema: { body: bodies.email } },
    async (request) => {
      const address = email(bodyOf<'email'>(request).email);
      const account = state.accounts.byEmail(address);
      if (account && !account.verified) {
        // The new code and its e-mail together: a code nobody was told about would lock the account out.
        state.db.transaction(() => {
          const code = state.accounts.issueOtp(address);
          state.outbox.add({
            kind: 'otp',
            to: address,
            subject: 'Your new verification code',
            body: `Your code is ${code}`,
            code,
          });
        })();
      }
      // Same answer whether or not the account exists: no account enumeration.
      return { success: true };
    },
  );

  const resetRequest = { preValidation: knownApp, schema: { body: bodies.email } };
  app.post(`${auth}/reset-password-request`, resetRequest, async (request) => {
    const address = email(bodyOf<'email'>(request).email);
    const account = state.accounts.byEmail(address);
    if (account) {
      state.db.transaction(() => {
        const token = state.accounts.issueResetToken(account.id);
        state.outbox.add({
          kind: 'password_reset',
          to: address,
          subject: 'Reset your password',
          body: `Your reset token is ${token}`,
          reset_token: token,
        });
      })();
    }
    return { success: true };
  });

  const reset = { preValidation: knownApp, schema: { body: bodies.resetPassword } };
  app.post(`${auth}/reset-password`, reset, async (request) => {
    const data = bodyOf<'reset_token' | 'new_password'>(request);
    const token = data.reset_token;
    const secret = password(data.new_password, 'new_password');
    // Hashed first (it awaits), then the token is used, the password set and old sessions revoked in one transaction:
    // a failure anywhere leaves the token usable and the old password in place.
    const hash = await hashPassword(secret);
    state.db.transaction(() => {
      const id = state.accounts.consumeResetToken(token);
      if (!id)
        throw new BadRequestError('The reset token is not valid or has expired', 'invalid_reset_token');
      state.accounts.setPasswordHash(id, hash);
      state.accounts.revokeTokens(id);
    })();
    return { success: true };
  });

  const change = { preValidation: signedIn, schema: { body: bodies.changePassword } };
  app.post(`${auth}/change-password`, change, async (request) => {
    const caller = callerOf(state, request);
    if (!caller.account) throw new UnauthorizedError();
    const data = bodyOf<'user_id' | 'current_password' | 'new_password'>(request);
    const userId = data.user_id;
    const current = data.current_password;
    const secret = password(data.new_password, 'new_password');
    if (userId !== caller.account.id) throw new ForbiddenError('You can only change your own password');
    if (!(await verifyPassword(current, caller.account.password_hash))) {
      throw new BadRequestError('The current password is incorrect', 'invalid_credentials');
    }
    state.accounts.setPasswordHash(userId, await hashPassword(secret));
    return { success: true };
  });

  const invite = async (request: FastifyRequest) => {
    const appId = appOf(request);
    const data = request.body as { user_email: string; role?: 'user' | 'admin' };
    const address = email(data.user_email, 'user_email');
    const role = data.role ?? 'user';
    // One transaction: the account, the invitation e-mail and the membership (last, see verify-otp) or nothing.
    return state.db.transaction(() => {
      const account =
        state.accounts.byEmail(address) ??
        state.accounts.create({ email: address, passwordHash: null, fullName: '', verified: true });
      if (state.member(appId, account.id))
        throw new ConflictError('This user is already registered for the app', 'already_member');
      const token = state.accounts.issueResetToken(account.id);
      state.outbox.add({
        kind: 'invitation',
        to: address,
        subject: `You are invited to ${appId}`,
        body: `Set your password with token ${token}`,
        reset_token: token,
      });
      return state.addMember(
        appId,
        account.id,
        { email: address, full_name: account.full_name, role },
        { id: null, email: null },
      );
    })();
  };
  const inviteOptions = { preValidation: admin, schema: { body: bodies.invite } };
  app.post('/api/apps/:appId/users/invite-user', inviteOptions, invite);
  app.post('/api/apps/:appId/runtime/users/invite-user', inviteOptions, invite);

  app.get(`${auth}/sso/accesstoken/:userId`, { preValidation: knownApp }, async (request) => {
    const appId = appOf(request);
    const caller = callerOf(state, request);
    if (!caller.service)
      throw new ForbiddenError('SSO access tokens need the service role', 'service_role_required');
    const { userId } = request.params as { userId: string };
    if (!state.member(appId, userId))
      throw new NotFoundError(`User ${userId.slice(0, 64)} not found in app ${appId}`, 'user_not_found');
    return { access_token: state.accounts.issueToken(userId) };
  });
}
