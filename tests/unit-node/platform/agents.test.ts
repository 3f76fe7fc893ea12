/** The agents sub-client (src/platform/agents.ts): conversations as the server sees the calls, and their live updates. */
import { describe, expect, it } from 'vitest';
import { type AgentConversation, createAgentsClient, mergeMessage } from '../../../src/platform/index.ts';
import { json } from '../../support/recording-server.ts';
import { recordingPlatformPerFile, recordingSubscriber } from './support/recorded-call.ts';

const { server, core, seen } = recordingPlatformPerFile();

describe('agents', () => {
  it('lists, reads, creates conversations and adds messages (by conversation or id)', async () => {
    const agents = createAgentsClient(core());
    server.respond((_req, res) => json(res, 200, { id: 'c/1', messages: [] }));
    expect(await agents.getConversations()).toEqual({ id: 'c/1', messages: [] });
    expect(seen().call).toBe('GET /api/apps/local-app/agents/conversations');
    await agents.listConversations({ agent_name: 'helper', limit: 2 });
    expect(seen().call).toBe('GET /api/apps/local-app/agents/conversations?agent_name=helper&limit=2');
    await agents.getConversation('c/1');
    expect(server.last().url).toBe('/api/apps/local-app/agents/conversations/c%2F1');
    await agents.createConversation({ agent_name: 'helper', metadata: { page: 'Pricing' } });
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/agents/conversations',
      body: { agent_name: 'helper', metadata: { page: 'Pricing' } },
    });
    await agents.addMessage('c/1', { role: 'user', content: 'Hi' });
    expect(server.last().url).toBe('/api/apps/local-app/agents/conversations/c%2F1/messages');
    expect(seen().body).toEqual({ role: 'user', content: 'Hi' });
    await agents.addMessage({ id: 'c2' }, { role: 'user', content: 'Again' });
    expect(server.last().url).toBe('/api/apps/local-app/agents/conversations/c2/messages');
  });

  it("gives the WhatsApp connect URL, with the user's token only when there is one", () => {
    expect(createAgentsClient(core()).getWhatsAppConnectURL('sales bot')).toBe(
      `${server.url}/api/apps/local-app/agents/sales%20bot/whatsapp`,
    );
    expect(createAgentsClient(core('t&k')).getWhatsAppConnectURL('bot')).toBe(
      `${server.url}/api/apps/local-app/agents/bot/whatsapp?token=t%26k`,
    );
  });

  it('merges each update of a conversation into the loaded one, by message id, in order', async () => {
    const conversation: AgentConversation = { id: 'c1', messages: [{ id: 'm1', content: 'Hi' }] };
    server.respond((_req, res) => json(res, 200, conversation));
    const { rooms, realtime } = recordingSubscriber();
    const seenUpdates: AgentConversation[] = [];
    const errors: Error[] = [];
    const off = createAgentsClient(core(), realtime).subscribeToConversation(
      'c1',
      (next) => seenUpdates.push(next),
      (error) => errors.push(error),
    );
    const [joined] = rooms;
    expect(joined?.room).toBe('/agent-conversations/c1');
    const update = (data: unknown) => joined?.handlers.update?.(data, { room: 'c1', data: '' });
    // Arrives before the conversation has loaded: applied once it has.
    update({ _message: { id: 'm2', content: 'Hello' } });
    update(null);
    update({ other: true });
    update({ _message: { id: 'm1', content: 'Hi (edited)' } });
    await expect.poll(() => seenUpdates.length).toBe(2);
    expect(seen().call).toBe('GET /api/apps/local-app/agents/conversations/c1');
    expect(seenUpdates).toEqual([
      {
        id: 'c1',
        messages: [
          { id: 'm1', content: 'Hi' },
          { id: 'm2', content: 'Hello' },
        ],
      },
      {
        id: 'c1',
        messages: [
          { id: 'm1', content: 'Hi (edited)' },
          { id: 'm2', content: 'Hello' },
        ],
      },
    ]);
    expect(errors).toEqual([]);
    off();
    expect(joined?.left).toBe(true);
  });

  it('reports a failed load and a throwing listener to onError, and applies no update without a conversation', async () => {
    const { rooms, realtime } = recordingSubscriber();
    const agents = createAgentsClient(core(), realtime);

    server.respond((_req, res) => json(res, 404, { message: 'Conversation not found' }));
    const errors: Error[] = [];
    const updates: unknown[] = [];
    agents.subscribeToConversation(
      'gone',
      (next) => updates.push(next),
      (error) => errors.push(error),
    );
    rooms[0]?.handlers.update?.({ _message: { id: 'm1' } }, { room: 'gone', data: '' });
    await expect.poll(() => errors.length).toBe(1);
    expect(errors[0]?.message).toBe('Conversation not found');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(updates).toEqual([]);

    server.respond((_req, res) => json(res, 200, { id: 'c1' }));
    const failures: Error[] = [];
    agents.subscribeToConversation(
      'c1',
      () => {
        throw new Error('listener broke');
      },
      (error) => failures.push(error),
    );
    rooms[1]?.handlers.update?.({ _message: { id: 'm1' } }, { room: 'c1', data: '' });
    rooms[1]?.handlers.error?.(new Error('socket error'));
    await expect.poll(() => failures.length).toBe(2);
    expect(failures.map((error) => error.message).sort()).toEqual(['listener broke', 'socket error']);
  });

  it('subscribes without listeners for errors, and refuses to subscribe without realtime', async () => {
    const { rooms, realtime } = recordingSubscriber();
    server.respond((_req, res) => json(res, 500, { message: 'down' }));
    createAgentsClient(core(), realtime).subscribeToConversation('c1', () => {
      throw new Error('never called');
    });
    rooms[0]?.handlers.update?.({ _message: { id: 'm1' } }, { room: 'c1', data: '' });
    await expect.poll(() => server.requests.length).toBe(1);
    expect(() => createAgentsClient(core()).subscribeToConversation('c1', () => {})).toThrow(
      expect.objectContaining({ message: 'Realtime is not available', code: 'realtime_unavailable' }),
    );
  });

  it('a listener that throws once, with no error listener, still gets the next update', async () => {
    const conversation: AgentConversation = { id: 'c1', messages: [{ id: 'm1', content: 'Hi' }] };
    // The platform's answer to GET .../conversations/c1, whatever the call.
    server.respond((_req, res) => json(res, 200, conversation));
    const { rooms, realtime } = recordingSubscriber();
    const updates: AgentConversation[] = [];
    createAgentsClient(core(), realtime).subscribeToConversation('c1', (next) => {
      updates.push(next);
      if (updates.length === 1) throw new Error('listener broke');
    });
    const update = (message: { id: string; content: string }) =>
      rooms[0]?.handlers.update?.({ _message: message }, { room: '/agent-conversations/c1', data: '' });
    update({ id: 'm2', content: 'Hello' });
    update({ id: 'm3', content: 'Still here' });
    await expect.poll(() => updates.length).toBe(2);
    expect(updates[1]?.messages?.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
  });
});

describe('mergeMessage', () => {
  it('a conversation without messages gets the message as its only one', () => {
    const merged = mergeMessage({ id: 'c1' } as never, { id: 'm1', role: 'user', content: 'hi' } as never);
    expect(merged.messages).toEqual([{ id: 'm1', role: 'user', content: 'hi' }]);
  });
});
