/** Who may join an entity's realtime room: sockets of that app; for `User`, admins and the service role only. */
import { describe, expect, it } from 'vitest';
import type { MemberRecord } from '../../../../../host-harness/src/emulator/auth/members.ts';
import { mayJoinEntityRoom } from '../../../../../host-harness/src/emulator/entities/entity-rooms.ts';
import type { SocketIdentity } from '../../../../../host-harness/src/emulator/realtime/index.ts';
import { accountAsked } from '../memory-auth-state.ts';

const APP = 'app-1';
const state = (members: MemberRecord[]) => ({
  member: (appId: string, accountId: string) => {
    const id = accountAsked(accountId);
    return appId === APP ? members.find((m) => m.id === id) : undefined;
  },
});
const socket = (who: Partial<SocketIdentity> = {}): SocketIdentity => ({
  appId: APP,
  service: false,
  accountId: null,
  anonymousId: null,
  ...who,
});

describe('mayJoinEntityRoom', () => {
  const members = state([
    { id: 'boss', role: 'admin' },
    { id: 'pat', role: 'user' },
  ]);

  it('has no opinion on a room that is not an entity’s', () => {
    for (const room of [
      'conversations:app-1:c1',
      'entities:app-1',
      'entities::Task',
      'entities:app-1:1Task',
      'entities:app-1:Task:x',
      'xentities:app-1:Task',
      `entities:app-1:${'T'.repeat(65)}`,
      'entities:a:b:Task',
    ]) {
      expect(mayJoinEntityRoom(members, socket(), room), room).toBeUndefined();
    }
  });

  it('lets any socket of the app into an ordinary entity’s room, and none of another app', () => {
    for (const who of [socket(), socket({ accountId: 'pat' }), socket({ service: true })]) {
      expect(mayJoinEntityRoom(members, who, 'entities:app-1:Task')).toBe(true);
      expect(mayJoinEntityRoom(members, who, `entities:app-1:T${'x'.repeat(63)}`)).toBe(true);
      expect(mayJoinEntityRoom(members, who, 'entities:app-2:Task')).toBe(false);
    }
    expect(mayJoinEntityRoom(members, socket({ appId: 'app-2', service: true }), 'entities:app-1:Task')).toBe(
      false,
    );
  });

  it('lets only the service role and the app’s admins into the User room', () => {
    expect(mayJoinEntityRoom(members, socket({ service: true }), 'entities:app-1:User')).toBe(true);
    expect(mayJoinEntityRoom(members, socket({ accountId: 'boss' }), 'entities:app-1:User')).toBe(true);
    expect(mayJoinEntityRoom(members, socket({ accountId: 'pat' }), 'entities:app-1:User')).toBe(false);
    expect(mayJoinEntityRoom(members, socket({ accountId: 'stranger' }), 'entities:app-1:User')).toBe(false);
    expect(mayJoinEntityRoom(members, socket({ anonymousId: 'v' }), 'entities:app-1:User')).toBe(false);
    // An admin of the app reaches only that app's User room.
    expect(
      mayJoinEntityRoom(members, socket({ appId: 'app-2', accountId: 'boss' }), 'entities:app-2:User'),
    ).toBe(false);
    expect(mayJoinEntityRoom(members, socket({ accountId: 'boss' }), 'entities:app-1:Users')).toBe(true);
  });
});
