/**
 * Agent conversations as stored (`agents/conversation-store.ts`): per app and owner (an account, or `anon:<id>` for
 * an anonymous visitor), their messages in order.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  CONVERSATION_TABLES,
  ConversationStore,
} from '../../../../../host-harness/src/emulator/agents/conversation-store.ts';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import { APP, refusal } from '../feature-app.ts';

const ID = /^[0-9a-f]{24}$/;

describe('ConversationStore', () => {
  it('creates a conversation {id, app_id, agent_name, metadata, created_by, dates} and finds it with its owner', () => {
    const store = new ConversationStore(openDatabase(null, [CONVERSATION_TABLES]));
    const created = store.create(APP, 'owner-1', 'helper', { topic: 'pricing' }, 'jane@example.com');
    expect(created).toStrictEqual({
      id: created.id,
      app_id: APP,
      agent_name: 'helper',
      metadata: { topic: 'pricing' },
      created_by: 'jane@example.com',
      created_date: created.created_date,
      updated_date: created.created_date,
    });
    expect(created.id).toMatch(ID);
    expect(store.get(APP, created.id)).toStrictEqual({ conversation: created, owner: 'owner-1' });
  });

  it('answers 404 conversation_not_found for an unknown id, or one of another app', () => {
    const store = new ConversationStore(openDatabase(null, [CONVERSATION_TABLES]));
    const created = store.create(APP, 'owner-1', 'helper', {}, null);
    expect(refusal(() => store.get('other-app', created.id))).toStrictEqual({
      status: 404,
      code: 'conversation_not_found',
      message: `Conversation ${created.id} not found`,
    });
    expect(refusal(() => store.get(APP, 'nope'))?.message).toBe('Conversation nope not found');
  });

  it('lists an owner’s conversations, or all of the app’s, newest first', () => {
    const store = new ConversationStore(openDatabase(null, [CONVERSATION_TABLES]));
    const a = store.create(APP, 'owner-1', 'helper', {}, null);
    const b = store.create(APP, 'owner-2', 'helper', {}, null);
    const c = store.create(APP, 'owner-1', 'other', {}, null);
    store.create('other-app', 'owner-1', 'helper', {}, null);
    expect(store.list(APP, 'owner-1')).toStrictEqual([c, a]);
    expect(store.list(APP, 'owner-2')).toStrictEqual([b]);
    expect(store.list(APP, null)).toStrictEqual([c, b, a]);
    expect(store.list(APP, 'nobody')).toStrictEqual([]);
  });

  it('adds messages in order, each with an id and a date, and moves the conversation’s updated_date', () => {
    const store = new ConversationStore(openDatabase(null, [CONVERSATION_TABLES]));
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2200-01-01T00:00:00.000Z'));
      const conversation = store.create(APP, 'owner-1', 'helper', {}, null);
      const other = store.create(APP, 'owner-1', 'helper', {}, null);
      vi.setSystemTime(new Date('2200-01-02T00:00:00.000Z'));
      const first = store.addMessage(conversation, { role: 'user', content: 'hi' });
      const second = store.addMessage(conversation, { role: 'assistant', content: 'hello' });
      expect(first).toStrictEqual({
        role: 'user',
        content: 'hi',
        id: first.id,
        created_date: '2200-01-02T00:00:00.000Z',
      });
      expect(first.id).toMatch(ID);
      expect(second.id).not.toBe(first.id);
      expect(store.messages(conversation.id)).toStrictEqual([first, second]);
      expect(store.messages(other.id)).toStrictEqual([]);
      expect(store.get(APP, conversation.id).conversation).toStrictEqual({
        ...conversation,
        updated_date: '2200-01-02T00:00:00.000Z',
      });
      expect(store.get(APP, other.id).conversation).toStrictEqual(other);
    } finally {
      vi.useRealTimers();
    }
  });
});
