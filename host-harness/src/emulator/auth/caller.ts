import type { FastifyRequest } from 'fastify';
import { ForbiddenError, notRegisteredError, UnauthorizedError } from '../core/errors.ts';
import type { Account } from './account-store.ts';
import type { CallerState, MemberRecord } from './members.ts';
import { SERVICE_TOKEN } from './seeded-accounts.ts';

/** Who is calling: the service role, a signed-in account, or an anonymous visitor. */
export interface Caller {
  service: boolean;
  /** The signed-in account; for the service role, the `on-behalf-of` account if one was given. */
  account: Account | null;
  anonymousId: string | null;
}

function bearer(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match ? match[1]! : null;
}

/**
 * Resolves the caller from `Authorization` (and `on-behalf-of` for the service role). An unknown token is treated
 * as anonymous, like a visitor whose session expired; routes that need a user then answer 401.
 */
export function callerOf(state: CallerState, request: Pick<FastifyRequest, 'headers'>): Caller {
  const token = bearer(request.headers.authorization);
  const anon = request.headers['x-base44-anonymous-id'];
  const anonymousId = typeof anon === 'string' && /^[\w-]{1,100}$/.test(anon) ? anon : null;
  if (token === SERVICE_TOKEN) {
    const behalf = bearer(request.headers['on-behalf-of']);
    return {
      service: true,
      account: (behalf && state.accounts.accountForToken(behalf)) || null,
      anonymousId,
    };
  }
  return { service: false, account: (token && state.accounts.accountForToken(token)) || null, anonymousId };
}

/** The signed-in member calling (401 when anonymous, 403 `user_not_registered` when not a member of the app). */
export function requireMember(
  state: CallerState,
  appId: string,
  caller: Caller,
): { account: Account; user: MemberRecord } {
  if (!caller.account) throw new UnauthorizedError();
  const user = state.member(appId, caller.account.id);
  if (!user) throw notRegisteredError();
  return { account: caller.account, user };
}

/** The service role, or a member whose role is admin; 401/403 otherwise. */
export function requireAdmin(state: CallerState, appId: string, caller: Caller): void {
  if (caller.service) return;
  const { user } = requireMember(state, appId, caller);
  if (user.role !== 'admin') throw new ForbiddenError('Only an admin of this app can do this');
}

export function isAdmin(state: CallerState, appId: string, caller: Caller): boolean {
  if (caller.service) return true;
  return Boolean(caller.account && state.member(appId, caller.account.id)?.role === 'admin');
}
