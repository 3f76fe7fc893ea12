import type { CallerState } from '../auth/index.ts';
import type { SocketIdentity } from '../realtime/index.ts';
import type { ConversationStore } from './conversation-store.ts';

const CONVERSATION_ROOM = /^\/agent-conversations\/([A-Za-z0-9_-]{1,64})$/;

/**
 * Who may join a conversation's realtime room (`/agent-conversations/{id}`): its owner (an account, or the anonymous
 * visitor who started it), the app's admins and the service role. Undefined for a room that is not a conversation's.
 */
export function mayJoinConversationRoom(
  state: Pick<CallerState, 'member'> & { conversations: ConversationStore },
  who: SocketIdentity,
  room: string,
): boolean | undefined {
  const conversation = CONVERSATION_ROOM.exec(room);
  if (!conversation) return undefined;
  try {
    const { owner } = state.conversations.get(who.appId, conversation[1]!);
    if (who.service) return true;
    if (who.accountId)
      return owner === who.accountId || state.member(who.appId, who.accountId)?.role === 'admin';
    return who.anonymousId !== null && owner === `anon:${who.anonymousId}`;
  } catch {
    return false;
  }
}
