/**
 * Agent conversations: stored per app and owner (an account, or `anon:<id>` for an anonymous visitor), their messages
 * in order; the routes that list, create and read them and add messages, each visible to its owner and the app's
 * admins only; the built-in local agent's reply to each user message, after a short delay, and the realtime events
 * both messages are posted as; and who may join a conversation's realtime room.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAgentRoutes } from '../../../../../host-harness/src/emulator/agents/agent-routes.ts';
import { mayJoinConversationRoom } from '../../../../../host-harness/src/emulator/agents/conversation-rooms.ts';
import {
  CONVERSATION_TABLES,
  ConversationStore,
} from '../../../../../host-harness/src/emulator/agents/conversation-store.ts';
import { LocalAgent } from '../../../../../host-harness/src/emulator/agents/local-agent.ts';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import type { SocketIdentity } from '../../../../../host-harness/src/emulator/realtime/realtime-hub.ts';
import {
  ACCOUNT_IDS,
  APP,
  EMAILS,
  type FeatureApp,
  featureApp,
  memoryState,
  refusal,
} from '../feature-app.ts';

const ID = /^[0-9a-f]{24}$/;

/** The realtime events the local agent posts, as a socket in the room would receive them. */
interface Posted {
  room: string;
  data: unknown;
}

function recorder(): { posted: Posted[]; publish(room: string, data: unknown): void } {
  const posted: Posted[] = [];
  return { posted, publish: (room, data) => posted.push({ room, data }) };
}

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

describe('the agent routes', () => {
  let running: FeatureApp;
  let realtime: ReturnType<typeof recorder>;
  let agent: LocalAgent;
  const base = `/api/apps/${APP}/agents/conversations`;
  const visitor = (id: string) => ({ 'x-base44-anonymous-id': id });

  beforeEach(async () => {
    realtime = recorder();
    running = await featureApp((app, state) => {
      agent = new LocalAgent(state, realtime);
      registerAgentRoutes(app, { state, agent });
    });
  });
  afterEach(async () => {
    agent.cancelAll();
    await running.close();
  });

  async function create(opts: Parameters<FeatureApp['call']>[2] = {}) {
    const answer = await running.call('POST', base, { body: { agent_name: 'helper' }, ...opts });
    expect(answer.status, answer.text).toBe(200);
    return answer.body;
  }

  it('creates a conversation owned by the caller and answers it with no messages', async () => {
    const created = await running.call('POST', base, {
      as: 'user',
      body: { agent_name: 'Sales helper_2-b', metadata: { topic: 'pricing' }, id: 'mine', created_by: 'x' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toStrictEqual({
      id: created.body.id,
      app_id: APP,
      agent_name: 'Sales helper_2-b',
      metadata: { topic: 'pricing' },
      created_by: EMAILS.user,
      created_date: created.body.created_date,
      updated_date: created.body.created_date,
      messages: [],
    });
    expect(created.body.id).toMatch(ID);
    expect(running.state.conversations.get(APP, created.body.id).owner).toBe(ACCOUNT_IDS.user);

    const anonymous = await create({ headers: visitor('visitor-9') });
    expect(anonymous.metadata).toStrictEqual({});
    expect(anonymous.created_by).toBeNull();
    expect(running.state.conversations.get(APP, anonymous.id).owner).toBe('anon:visitor-9');

    const onBehalf = await create({
      as: 'service',
      headers: { 'on-behalf-of': `Bearer ${running.state.accounts.issueToken(ACCOUNT_IDS.admin)}` },
    });
    expect(onBehalf.created_by).toBe(EMAILS.admin);
    expect(running.state.conversations.get(APP, onBehalf.id).owner).toBe(ACCOUNT_IDS.admin);
    expect(
      (await running.call('POST', base, { as: 'user', body: { agent_name: 'a'.repeat(100) } })).status,
    ).toBe(200);
    const nullMetadata = await create({ as: 'user', body: { agent_name: 'helper', metadata: null } });
    expect(nullMetadata.metadata).toStrictEqual({});
  });

  it('refuses a caller who is nobody (401), and the service role on nobody’s behalf (403)', async () => {
    const nobody = await running.call('POST', base, { body: { agent_name: 'helper' } });
    expect(nobody.status).toBe(401);
    expect(nobody.body).toStrictEqual({
      message: 'Sign in (or send X-Base44-Anonymous-Id) to use agents',
      code: 'auth_required',
    });
    expect((await running.call('GET', base)).status).toBe(401);
    const service = await running.call('POST', base, { as: 'service', body: { agent_name: 'helper' } });
    expect(service.status).toBe(403);
    expect(service.body.message).toBe('The service role needs on-behalf-of to own a conversation');
    expect(running.state.conversations.list(APP, null)).toStrictEqual([]);
    expect(
      (
        await running.call('POST', `/api/apps/other/agents/conversations`, {
          as: 'user',
          body: { agent_name: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a bad agent name or metadata, naming the problem', async () => {
    const refused = async (body: unknown, message: string) => {
      const answer = await running.call('POST', base, { as: 'user', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toStrictEqual({ message, code: 'invalid_body' });
    };
    const nameRule = 'agent_name is required (letters, digits, space, _ and -, at most 100)';
    await refused({}, nameRule);
    await refused({ agent_name: 5 }, nameRule);
    await refused({ agent_name: '' }, nameRule);
    await refused({ agent_name: 'a'.repeat(101) }, nameRule);
    await refused({ agent_name: 'a/b' }, nameRule);
    await refused({ agent_name: 'x\nhelper' }, nameRule);
    await refused({ agent_name: 'helper\n' }, nameRule);
    await refused({ agent_name: 'helper', metadata: 'x' }, 'metadata must be an object');
    await refused({ agent_name: 'helper', metadata: [] }, 'metadata must be an object');
    await refused([], 'The conversation must be a JSON object');
    expect(running.state.conversations.list(APP, null)).toStrictEqual([]);
  });

  it('lists the caller’s own conversations, all of them for admins and the service role, by agent name', async () => {
    const mine = await create({ as: 'user' });
    const theirs = await create({ headers: visitor('visitor-9') });
    const other = await create({ as: 'user', body: { agent_name: 'other' } });
    const ids = async (opts: Parameters<FeatureApp['call']>[2], query = '') => {
      const answer = await running.call('GET', `${base}${query}`, opts);
      expect(answer.status).toBe(200);
      return answer.body.map((c: { id: string }) => c.id);
    };
    expect(await ids({ as: 'user' })).toStrictEqual([other.id, mine.id]);
    expect(await ids({ headers: visitor('visitor-9') })).toStrictEqual([theirs.id]);
    expect(await ids({ headers: visitor('visitor-1') })).toStrictEqual([]);
    expect(await ids({ as: 'admin' })).toStrictEqual([other.id, theirs.id, mine.id]);
    expect(await ids({ as: 'service' })).toStrictEqual([other.id, theirs.id, mine.id]);
    expect(await ids({ as: 'user' }, '?agent_name=helper')).toStrictEqual([mine.id]);
    expect(await ids({ as: 'admin' }, '?agent_name=other')).toStrictEqual([other.id]);
    expect(await ids({ as: 'admin' }, '?agent_name=a&agent_name=b')).toStrictEqual([
      other.id,
      theirs.id,
      mine.id,
    ]);
  });

  it('answers a conversation with its messages to its owner and admins; 404 to anyone else', async () => {
    const mine = await create({ as: 'user' });
    const message = await running.call('POST', `${base}/${mine.id}/messages`, {
      as: 'user',
      body: { content: 'hello' },
    });
    for (const as of ['user', 'admin', 'service'] as const) {
      const answer = await running.call('GET', `${base}/${mine.id}`, { as });
      expect(answer.status, as).toBe(200);
      expect(answer.body, as).toStrictEqual({ ...mine, messages: [message.body] });
    }
    for (const opts of [{ headers: visitor('visitor-9') }, { as: 'outsider' as const }]) {
      const answer = await running.call('GET', `${base}/${mine.id}`, opts);
      expect(answer.status).toBe(404);
      expect(answer.body).toStrictEqual({
        message: `Conversation ${mine.id} not found`,
        code: 'conversation_not_found',
      });
    }
    expect((await running.call('GET', `${base}/${'0'.repeat(24)}`, { as: 'admin' })).status).toBe(404);
  });

  it('adds a message (role user by default) through both paths, and the agent replies', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const mine = await create({ headers: visitor('visitor-9') });
      const first = await running.call('POST', `${base}/${mine.id}/messages`, {
        headers: visitor('visitor-9'),
        body: { content: 'hi', id: 'x', extra: 1 },
      });
      expect(first.status).toBe(200);
      expect(first.body).toStrictEqual({
        content: 'hi',
        extra: 1,
        role: 'user',
        id: first.body.id,
        created_date: first.body.created_date,
      });
      expect(first.body.id).not.toBe('x');
      const second = await running.call('POST', `${base}/v2/${mine.id}/messages`, {
        headers: visitor('visitor-9'),
        body: { role: 'system', content: 'c'.repeat(100_000) },
      });
      expect(second.status).toBe(200);
      expect(second.body.role).toBe('system');
      const third = await running.call('POST', `${base}/${mine.id}/messages`, {
        headers: visitor('visitor-9'),
        body: { role: 'assistant' },
      });
      expect(third.body.role).toBe('assistant');
      expect(Object.keys(third.body)).not.toContain('content');
      const fourth = await running.call('POST', `${base}/${mine.id}/messages`, {
        headers: visitor('visitor-9'),
        body: { role: null, content: 'null role' },
      });
      expect(fourth.body.role).toBe('user');
      vi.advanceTimersByTime(50);
      expect(running.state.conversations.messages(mine.id).map((m) => m.role)).toStrictEqual([
        'user',
        'system',
        'assistant',
        'user',
        'assistant',
        'assistant',
      ]);
      expect(realtime.posted.map((p) => p.room)).toStrictEqual(
        Array(6).fill(`/agent-conversations/${mine.id}`),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a message with a bad role or content, or to someone else’s conversation', async () => {
    const mine = await create({ as: 'user' });
    const refused = async (body: unknown, message: string) => {
      const answer = await running.call('POST', `${base}/${mine.id}/messages`, { as: 'user', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toStrictEqual({ message, code: 'invalid_body' });
    };
    const roleRule = 'role must be user, assistant or system';
    await refused({ role: 'admin', content: 'x' }, roleRule);
    await refused({ role: 5, content: 'x' }, roleRule);
    const contentRule = 'content must be a string of at most 100000 characters';
    await refused({ content: 5 }, contentRule);
    await refused({ content: null }, contentRule);
    await refused({ content: 'c'.repeat(100_001) }, contentRule);
    await refused('x', 'The message must be a JSON object');
    const foreign = await running.call('POST', `${base}/v2/${mine.id}/messages`, {
      headers: visitor('visitor-9'),
      body: { content: 'x' },
    });
    expect(foreign.status).toBe(404);
    expect(running.state.conversations.messages(mine.id)).toStrictEqual([]);
    expect(realtime.posted).toStrictEqual([]);
  });
});
