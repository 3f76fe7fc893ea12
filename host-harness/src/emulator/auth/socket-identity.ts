import type { SocketIdentity } from '../realtime/index.ts';
import type { CallerState } from './members.ts';
import { SERVICE_TOKEN } from './seeded-accounts.ts';

/** What the reference client sends as `token` for a visitor who is not signed in. */
const ANONYMOUS_TOKENS = new Set(['', 'null', 'undefined']);

/**
 * Who opens a realtime socket, from its handshake query (`app_id`, `token`, `anonymous_id`): the service role, a
 * signed-in account, or an anonymous visitor; or why it is refused (an unknown app, an unknown token).
 */
export function socketIdentity(state: CallerState, query: Record<string, unknown>): SocketIdentity | string {
  const appId = query.app_id;
  if (typeof appId !== 'string' || !state.apps.get(appId)) return 'Unknown app_id';
  const token = typeof query.token === 'string' ? query.token : '';
  const anonymousId = typeof query.anonymous_id === 'string' ? query.anonymous_id.slice(0, 100) : null;
  if (ANONYMOUS_TOKENS.has(token)) return { appId, service: false, accountId: null, anonymousId };
  if (token === SERVICE_TOKEN) return { appId, service: true, accountId: null, anonymousId: null };
  const account = state.accounts.accountForToken(token);
  if (!account) return 'Invalid token';
  return { appId, service: false, accountId: account.id, anonymousId: null };
}
