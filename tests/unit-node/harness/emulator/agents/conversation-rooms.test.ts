/**
 * Who may join a conversation's realtime room (`agents/conversation-rooms.ts`): its owner, the app's admins and the
 * service role.
 */
import { describe, expect, it } from 'vitest';
import { mayJoinConversationRoom } from '../../../../../host-harness/src/emulator/agents/conversation-rooms.ts';
import type { SocketIdentity } from '../../../../../host-harness/src/emulator/realtime/realtime-hub.ts';
import { ACCOUNT_IDS, APP, memoryState } from '../feature-app.ts';

describe('mayJoinConversationRoom', () => {
  function setup() {
    const state = memoryState();
    const mine = state.conversations.create(APP, ACCOUNT_IDS.user, 'helper', {}, null);
    const visitor = state.conversations.create(APP, 'anon:visitor-9', 'helper', {}, null);
    const nullVisitor = state.conversations.create(APP, 'anon:null', 'helper', {}, null);
    return { state, mine, visitor, nullVisitor };
  }
  const who = (fields: Partial<SocketIdentity>): SocketIdentity => ({
    appId: APP,
    service: false,
    accountId: null,
    anonymousId: null,
    ...fields,
  });
  const room = (id: string) => `/agent-conversations/${id}`;

  it('has no say on a room that is not a conversation’s', () => {
    const { state, mine } = setup();
    for (const other of [
      `entities:${APP}:Order`,
      `agent-conversations/${mine.id}`,
      `/agent-conversations/${mine.id}/x`,
      `x/agent-conversations/${mine.id}`,
      '/agent-conversations/',
      `/agent-conversations/${'a'.repeat(65)}`,
      '/agent-conversations/a.b',
    ])
      expect(mayJoinConversationRoom(state, who({ service: true }), other), other).toBeUndefined();
  });

  it('lets the owning account, the app’s admins and the service role in', () => {
    const { state, mine } = setup();
    expect(mayJoinConversationRoom(state, who({ accountId: ACCOUNT_IDS.user }), room(mine.id))).toBe(true);
    expect(mayJoinConversationRoom(state, who({ accountId: ACCOUNT_IDS.admin }), room(mine.id))).toBe(true);
    expect(mayJoinConversationRoom(state, who({ service: true }), room(mine.id))).toBe(true);
  });

  it('keeps other accounts out, members or not', () => {
    const { state, mine, visitor } = setup();
    expect(mayJoinConversationRoom(state, who({ accountId: ACCOUNT_IDS.outsider }), room(mine.id))).toBe(
      false,
    );
    const other = state.conversations.create(APP, ACCOUNT_IDS.admin, 'helper', {}, null);
    expect(mayJoinConversationRoom(state, who({ accountId: ACCOUNT_IDS.user }), room(other.id))).toBe(false);
    expect(
      mayJoinConversationRoom(
        state,
        who({ accountId: ACCOUNT_IDS.user, anonymousId: 'visitor-9' }),
        room(visitor.id),
      ),
    ).toBe(false);
  });

  it('lets an anonymous visitor into its own conversation only', () => {
    const { state, mine, visitor, nullVisitor } = setup();
    expect(mayJoinConversationRoom(state, who({ anonymousId: 'visitor-9' }), room(visitor.id))).toBe(true);
    expect(mayJoinConversationRoom(state, who({ anonymousId: 'visitor-1' }), room(visitor.id))).toBe(false);
    expect(mayJoinConversationRoom(state, who({ anonymousId: 'visitor-9' }), room(mine.id))).toBe(false);
    expect(mayJoinConversationRoom(state, who({}), room(visitor.id))).toBe(false);
    // A visitor without an anonymous id is nobody, not the visitor whose id was "null".
    expect(mayJoinConversationRoom(state, who({}), room(nullVisitor.id))).toBe(false);
    expect(mayJoinConversationRoom(state, who({ anonymousId: 'null' }), room(nullVisitor.id))).toBe(true);
  });

  it('refuses an unknown conversation, or one of another app, even to the service role', () => {
    const { state, mine } = setup();
    expect(mayJoinConversationRoom(state, who({ service: true }), room('a'.repeat(64)))).toBe(false);
    expect(mayJoinConversationRoom(state, who({ service: true }), room('A_b-9'))).toBe(false);
    expect(mayJoinConversationRoom(state, who({ service: true, appId: 'other' }), room(mine.id))).toBe(false);
  });
});
