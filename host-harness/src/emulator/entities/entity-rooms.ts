import type { CallerState } from '../auth/index.ts';
import type { SocketIdentity } from '../realtime/index.ts';

const ENTITY_ROOM = /^entities:([^:]+):([A-Za-z][A-Za-z0-9_]{0,63})$/;

/**
 * Who may join an entity's realtime room (`entities:{appId}:{Entity}`): sockets of that app; for `User`, whose records
 * carry e-mails, only admins and the service role. Undefined for a room that is not an entity's.
 */
export function mayJoinEntityRoom(
  state: Pick<CallerState, 'member'>,
  who: SocketIdentity,
  room: string,
): boolean | undefined {
  const entity = ENTITY_ROOM.exec(room);
  if (!entity) return undefined;
  if (entity[1] !== who.appId) return false;
  if (entity[2] === 'User') {
    return (
      who.service || (who.accountId !== null && state.member(who.appId, who.accountId)?.role === 'admin')
    );
  }
  return true;
}
