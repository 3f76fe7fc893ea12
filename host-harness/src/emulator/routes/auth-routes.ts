import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../errors.ts';
import { callerOf, requireAdmin, requireApp } from '../http/caller.ts';
import { hashPassword, verifyPassword } from '../state/passwords.ts';
import { isPlatformOwnedUserField, userProfile } from '../state/record-data.ts';
import { signIn, userFor } from '../state/sign-in.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{1,63}$/;
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 200;

function body(request: FastifyRequest): Record<string, unknown> {
  const value = request.body;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Buffer.isBuffer(value)) {
    throw new BadRequestError('The request body must be a JSON object', 'invalid_body');
  }
  return value as Record<string, unknown>;
}

function text(data: Record<string, unknown>, field: string, max = 500): string {
  const value = data[field];
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw new BadRequestError(
      `${field} is required and must be a string of at most ${max} characters`,
      'invalid_body',
    );
  }
  return value;
}

function email(data: Record<string, unknown>, field = 'email'): string {
  const value = text(data, field, 254).trim();
  if (!EMAIL.test(value))
    throw new BadRequestError(`${field} is not a valid e-mail address`, 'invalid_email');
  return value.toLowerCase();
}

function password(data: Record<string, unknown>, field: string): string {
  const value = text(data, field, MAX_PASSWORD);
  if (value.length < MIN_PASSWORD)
    throw new BadRequestError(`${field} must have at least ${MIN_PASSWORD} characters`, 'weak_password');
  return value;
}

/** Auth of the contract: login, register and its one-time codes, password reset and change, invitations, SSO. */
export function registerAuthRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { state } = ctx;
  const auth = '/api/apps/:appId/auth';
  const appOf = (request: FastifyRequest) => {
    const { appId } = request.params as { appId: string };
    requireApp(state, appId);
    return appId;
  };

  app.post(`${auth}/login`, async (request) => {
    const appId = appOf(request);
    const data = body(request);
    return signIn(state, appId, text(data, 'email', 254).trim(), text(data, 'password', MAX_PASSWORD));
  });

  app.post(`${auth}/register`, async (request) => {
    const appId = appOf(request);
    const data = body(request);
    const address = email(data);
    const secret = password(data, 'password');
    // Validated before anything is written; id, role, e-mail and timestamps are the platform's, never the caller's.
    const profile = userProfile(data);
    const fullName = typeof profile.full_name === 'string' ? profile.full_name.slice(0, 200) : '';
    const taken = () => new ConflictError('An account with this e-mail already exists', 'email_taken');
    if (state.accounts.byEmail(address)) throw taken();
    const passwordHash = await hashPassword(secret);
    // One transaction: the account, its code and the e-mail exist together or not at all. The address is checked again
    // because another registration may have taken it while the password was being hashed.
    state.db.transaction(() => {
      if (state.accounts.byEmail(address)) throw taken();
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
  });

  app.post(`${auth}/verify-otp`, async (request) => {
    const appId = appOf(request);
    const data = body(request);
    const address = email(data);
    const code = text(data, 'otp_code', 12);
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
          Object.entries(account.profile).filter(
            ([key]) => key !== 'full_name' && !isPlatformOwnedUserField(key),
          ),
        );
        state.entities.createMany(
          appId,
          'User',
          [{ ...extra, email: account.email, full_name: account.full_name, role: 'user' }],
          { id: account.id, email: account.email },
          [account.id],
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
  });

  app.post(`${auth}/resend-otp`, async (request) => {
    appOf(request);
    const address = email(body(request));
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
  });

  app.post(`${auth}/reset-password-request`, async (request) => {
    appOf(request);
    const address = email(body(request));
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

  app.post(`${auth}/reset-password`, async (request) => {
    appOf(request);
    const data = body(request);
    const token = text(data, 'reset_token', 200);
    const secret = password(data, 'new_password');
    // Hashed first (it awaits), then the token is used, the password set and old sessions revoked in one transaction:
    // a failure anywhere leaves the token usable and the old password in place.
    const hash = await hashPassword(secret);
    const accountId = state.db.transaction(() => {
      const id = state.accounts.consumeResetToken(token);
      if (id) {
        state.accounts.setPasswordHash(id, hash);
        state.accounts.revokeTokens(id);
      }
      return id;
    })();
    if (!accountId)
      throw new BadRequestError('The reset token is not valid or has expired', 'invalid_reset_token');
    return { success: true };
  });

  app.post(`${auth}/change-password`, async (request) => {
    appOf(request);
    const caller = callerOf(state, request);
    if (!caller.account) throw new UnauthorizedError();
    const data = body(request);
    const userId = text(data, 'user_id', 100);
    const current = text(data, 'current_password', MAX_PASSWORD);
    const secret = password(data, 'new_password');
    if (userId !== caller.account.id) throw new ForbiddenError('You can only change your own password');
    if (!(await verifyPassword(current, caller.account.password_hash))) {
      throw new BadRequestError('The current password is incorrect', 'invalid_credentials');
    }
    state.accounts.setPasswordHash(userId, await hashPassword(secret));
    return { success: true };
  });

  const invite = async (request: FastifyRequest) => {
    const appId = appOf(request);
    requireAdmin(state, appId, callerOf(state, request));
    const data = body(request);
    const address = email(data, 'user_email');
    const role = data.role ?? 'user';
    if (role !== 'user' && role !== 'admin')
      throw new BadRequestError('role must be user or admin', 'invalid_role');
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
      const [user] = state.entities.createMany(
        appId,
        'User',
        [{ email: address, full_name: account.full_name, role }],
        { id: null, email: null },
        [account.id],
      );
      return user;
    })();
  };
  app.post('/api/apps/:appId/users/invite-user', invite);
  app.post('/api/apps/:appId/runtime/users/invite-user', invite);

  app.get(`${auth}/sso/accesstoken/:userId`, async (request) => {
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
