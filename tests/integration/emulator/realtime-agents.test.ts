import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APP,
  connectSocket,
  emulatorPerFile,
  entities,
  type Json,
  join,
  nextUpdate,
  type Running,
  SERVICE_TOKEN,
} from './emulator-harness.ts';

let h: Running;
let token: string;
const sockets: Socket[] = [];
const open = async (t: string | null, extra?: Record<string, string>) => {
  const socket = await connectSocket(h.url, t, extra);
  sockets.push(socket);
  return socket;
};
const agents = (rest = '') => `/api/apps/${APP}/agents/conversations${rest}`;

emulatorPerFile(async (started) => {
  h = started;
  token = await h.tokenOf('user');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

describe('entity events', () => {
  it('emits create, update and delete as update_model {room, data: JSON string}', async () => {
    const socket = await open(token);
    const room = `entities:${APP}:Task`;
    await join(socket, room);
    const created = nextUpdate(socket, room);
    const record = (await h.call('POST', entities('Task'), { token, body: { title: 't' } })).body;
    expect(await created).toMatchObject({ type: 'create', id: record.id, data: record });
    const updated = nextUpdate(socket, room);
    await h.call('PUT', entities('Task', `/${record.id}`), { token, body: { title: 'u' } });
    expect(await updated).toMatchObject({ type: 'update', id: record.id, data: { title: 'u' } });
    const deleted = nextUpdate(socket, room);
    await h.call('DELETE', entities('Task', `/${record.id}`), { token });
    expect(await deleted).toMatchObject({ type: 'delete', id: record.id });
  });

  it('delivers to anonymous sockets (token "null" with an anonymous_id), and stops after leave', async () => {
    const socket = await open(null, { anonymous_id: 'anon-1' });
    const room = `entities:${APP}:Task`;
    await join(socket, room);
    const created = nextUpdate(socket, room);
    await h.call('POST', entities('Task'), { body: { title: 'anon' } });
    expect((await created).data.title).toBe('anon');
    socket.emit('leave', room);
    await new Promise((r) => setTimeout(r, 50));
    const none = nextUpdate(socket, room, 300);
    await h.call('POST', entities('Task'), { body: { title: 'after leave' } });
    await expect(none).rejects.toThrow('no update_model');
  });

  it('keeps User events for admins and the service role', async () => {
    const plain = await open(token);
    const service = await open(SERVICE_TOKEN);
    const room = `entities:${APP}:User`;
    await join(plain, room);
    await join(service, room);
    const seen = nextUpdate(service, room);
    const unseen = nextUpdate(plain, room, 400);
    await h.call('PUT', entities('User', '/me'), { token, body: { phone: '1' } });
    expect((await seen).data.phone).toBe('1');
    await expect(unseen).rejects.toThrow();
  });

  it('rejects a handshake with an unknown token or app', async () => {
    await expect(open('not-a-token')).rejects.toThrow('Invalid token');
    await expect(connectSocket(h.url, token, { app_id: 'other' })).rejects.toThrow('Unknown app_id');
  });
});

describe('agents', () => {
  it('lists, creates and gets conversations', async () => {
    const created = await h.call('POST', agents(), {
      token,
      body: { agent_name: 'helper', metadata: { topic: 'pricing' } },
    });
    expect(created.body).toMatchObject({
      agent_name: 'helper',
      metadata: { topic: 'pricing' },
      messages: [],
    });
    expect((await h.call('GET', agents(), { token })).body.map((c: Json) => c.id)).toEqual([created.body.id]);
    expect((await h.call('GET', agents(), { token: await h.tokenOf('admin') })).body).toHaveLength(1);
    const other = await h.call('GET', agents(`/${created.body.id}`), {
      headers: { 'x-base44-anonymous-id': 'someone' },
    });
    expect(other.status).toBe(404);
  });

  it('answers each user message with an emulated reply, over realtime too (both message paths)', async () => {
    const conversation = (await h.call('POST', agents(), { token, body: { agent_name: 'helper' } })).body;
    const socket = await open(token);
    const room = `/agent-conversations/${conversation.id}`;
    await join(socket, room);
    for (const path of [`/${conversation.id}/messages`, `/v2/${conversation.id}/messages`]) {
      const mine = nextUpdate(socket, room, 3_000, (d) => d._message.role === 'user');
      const reply = nextUpdate(socket, room, 3_000, (d) => d._message.role === 'assistant');
      const sent = await h.call('POST', agents(path), {
        token,
        body: { role: 'user', content: `hello via ${path}` },
      });
      expect(sent.body).toMatchObject({ role: 'user', content: `hello via ${path}`, id: expect.any(String) });
      expect((await mine)._message).toEqual(sent.body);
      const answer = (await reply)._message;
      expect(answer.content).toContain('[Emulated agent reply]');
      expect(answer.content).toContain(`hello via ${path}`);
    }
    const full = (await h.call('GET', agents(`/${conversation.id}`), { token })).body;
    expect(full.messages.map((m: Json) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('lets anonymous visitors with an anonymous id talk to the agent', async () => {
    const headers = { 'x-base44-anonymous-id': 'visitor-9' };
    const conversation = (await h.call('POST', agents(), { headers, body: { agent_name: 'helper' } })).body;
    const socket = await open(null, { anonymous_id: 'visitor-9' });
    await join(socket, `/agent-conversations/${conversation.id}`);
    const reply = nextUpdate(
      socket,
      `/agent-conversations/${conversation.id}`,
      3_000,
      (d) => d._message.role === 'assistant',
    );
    await h.call('POST', agents(`/${conversation.id}/messages`), { headers, body: { content: 'hi' } });
    expect((await reply)._message.content).toContain('hi');
    expect((await h.call('POST', agents(), { body: { agent_name: 'helper' } })).status).toBe(401);
  });

  it('refuses a conversation room to someone else', async () => {
    const conversation = (await h.call('POST', agents(), { token, body: { agent_name: 'helper' } })).body;
    const stranger = await open(null, { anonymous_id: 'stranger' });
    const room = `/agent-conversations/${conversation.id}`;
    const refused = new Promise((resolve) => stranger.once('error', resolve));
    stranger.emit('join', room);
    expect(await refused).toMatchObject({ message: expect.stringContaining('Cannot join') });
  });
});

describe('realtime drop', () => {
  it('disconnects every socket and refuses handshakes for refuseMs', async () => {
    const socket = await open(token);
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    const answer = await h.call('POST', '/__harness/realtime/drop', { body: { refuseMs: 400 } });
    expect(answer.body).toMatchObject({ ok: true, disconnected: 1 });
    expect(await gone).toBe('io server disconnect');
    await expect(connectSocket(h.url, token)).rejects.toThrow('refusing');
    await new Promise((r) => setTimeout(r, 450));
    const again = await open(token);
    expect(again.connected).toBe(true);
  });
});
