/**
 * The built-in local agent (`agents/local-agent.ts`): its reply to each user message after a short delay, and the
 * realtime events both messages are posted as.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalAgent } from '../../../../../host-harness/src/emulator/agents/local-agent.ts';
import { APP, memoryState } from '../feature-app.ts';
import { recorder } from './realtime-recorder.ts';

describe('LocalAgent', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const state = memoryState();
    const realtime = recorder();
    const agent = new LocalAgent(state, realtime);
    const conversation = state.conversations.create(APP, 'owner-1', 'helper', {}, null);
    return { state, realtime, agent, conversation };
  }

  it('stores a message and posts it to the conversation’s room, then the emulated reply 50 ms later', () => {
    const { state, realtime, agent, conversation } = setup();
    const room = `/agent-conversations/${conversation.id}`;
    const stored = agent.addMessage(conversation, { role: 'user', content: 'How much is it?' });
    expect(stored).toStrictEqual({
      role: 'user',
      content: 'How much is it?',
      id: stored.id,
      created_date: stored.created_date,
    });
    expect(state.conversations.messages(conversation.id)).toStrictEqual([stored]);
    const event = (message: unknown) => ({
      room,
      data: {
        type: 'update',
        id: conversation.id,
        conversation_id: conversation.id,
        _message: message,
        data: message,
      },
    });
    expect(realtime.posted).toStrictEqual([event(stored)]);

    vi.advanceTimersByTime(49);
    expect(state.conversations.messages(conversation.id)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const [, reply] = state.conversations.messages(conversation.id);
    expect(reply).toStrictEqual({
      role: 'assistant',
      content:
        '[Emulated agent reply] This is the local stand-in for the agent "helper". You wrote: "How much is it?"',
      emulated: true,
      id: reply?.id,
      created_date: reply?.created_date,
    });
    expect(realtime.posted).toStrictEqual([event(stored), event(reply)]);
  });

  it('quotes the first 200 characters of a longer message, and nothing of a message without text', () => {
    const { state, agent, conversation } = setup();
    agent.addMessage(conversation, { role: 'user', content: 'a'.repeat(200) });
    vi.advanceTimersByTime(50);
    agent.addMessage(conversation, { role: 'user', content: `${'b'.repeat(200)}c` });
    vi.advanceTimersByTime(50);
    agent.addMessage(conversation, { role: 'user', content: 42 });
    vi.advanceTimersByTime(50);
    const replies = state.conversations
      .messages(conversation.id)
      .filter((m) => m.role === 'assistant')
      .map((m) => String(m.content).split('You wrote: ')[1]);
    expect(replies).toStrictEqual([`"${'a'.repeat(200)}"`, `"${'b'.repeat(200)}…"`, '""']);
  });

  it('answers only user messages', () => {
    const { state, realtime, agent, conversation } = setup();
    agent.addMessage(conversation, { role: 'assistant', content: 'x' });
    agent.addMessage(conversation, { role: 'system', content: 'y' });
    vi.advanceTimersByTime(1_000);
    expect(state.conversations.messages(conversation.id).map((m) => m.content)).toStrictEqual(['x', 'y']);
    expect(realtime.posted).toHaveLength(2);
  });

  it('cancelAll drops the pending replies', () => {
    const { state, realtime, agent, conversation } = setup();
    agent.addMessage(conversation, { role: 'user', content: 'one' });
    agent.addMessage(conversation, { role: 'user', content: 'two' });
    agent.cancelAll();
    vi.advanceTimersByTime(1_000);
    expect(state.conversations.messages(conversation.id).map((m) => m.role)).toStrictEqual(['user', 'user']);
    expect(realtime.posted).toHaveLength(2);
    agent.addMessage(conversation, { role: 'user', content: 'three' });
    vi.advanceTimersByTime(50);
    expect(state.conversations.messages(conversation.id).map((m) => m.role)).toStrictEqual([
      'user',
      'user',
      'user',
      'assistant',
    ]);
  });

  it('a reply stays pending once until it is sent: cancelAll after it leaves the next one alone', () => {
    const { state, agent, conversation } = setup();
    agent.addMessage(conversation, { role: 'user', content: 'one' });
    vi.advanceTimersByTime(50);
    agent.addMessage(conversation, { role: 'user', content: 'two' });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(50);
    expect(vi.getTimerCount()).toBe(0);
    expect(state.conversations.messages(conversation.id).map((m) => m.role)).toStrictEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('posts nothing when the conversation is gone before the reply (a reset)', () => {
    const { state, realtime, agent, conversation } = setup();
    agent.addMessage(conversation, { role: 'user', content: 'one' });
    state.reset();
    vi.advanceTimersByTime(50);
    expect(realtime.posted).toHaveLength(1);
    expect(state.conversations.messages(conversation.id)).toStrictEqual([]);
  });
});
