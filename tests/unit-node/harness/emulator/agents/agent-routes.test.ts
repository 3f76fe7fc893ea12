/**
 * The agent routes (`agents/agent-routes.ts`): list, create and read conversations and add messages, each visible
 * to its owner and the app's admins only.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAgentRoutes } from '../../../../../host-harness/src/emulator/agents/agent-routes.ts';
import { LocalAgent } from '../../../../../host-harness/src/emulator/agents/local-agent.ts';
import { ACCOUNT_IDS, APP, EMAILS, type FeatureApp, featureApp } from '../feature-app.ts';
import { recorder } from './realtime-recorder.ts';

const ID = /^[0-9a-f]{24}$/;

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
    // The agent's reply (due 50 ms later) is held back, so that the conversation holds the one message posted.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const mine = await create({ as: 'user' });
    const message = await running.call('POST', `${base}/${mine.id}/messages`, {
      as: 'user',
      body: { content: 'hello' },
    });
    vi.useRealTimers();
    // A message moves the conversation's updated_date to its own date.
    const updated = { ...mine, updated_date: message.body.created_date };
    for (const as of ['user', 'admin', 'service'] as const) {
      const answer = await running.call('GET', `${base}/${mine.id}`, { as });
      expect(answer.status, as).toBe(200);
      expect(answer.body, as).toStrictEqual({ ...updated, messages: [message.body] });
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
