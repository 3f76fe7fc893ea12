import { createClient } from '@base44/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP, type Json, type Running, SERVICE_TOKEN, startEmulator } from './emulator-harness.ts';

// The platform's own reference client, unchanged, against the emulator: proof that the emulator speaks the contract.
let h: Running;
const clients: { cleanup(): void }[] = [];

function client(extra: Record<string, unknown> = {}) {
  const made = createClient({ serverUrl: h.url, appId: APP, ...extra });
  clients.push(made);
  return made;
}

function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms),
    ),
  ]);
}

beforeAll(async () => {
  h = await startEmulator();
});
afterAll(async () => {
  for (const c of clients) c.cleanup();
  await h.close();
});

describe('@base44/sdk 0.8.50 against the emulator', () => {
  it('signs in, reads me, and gets 401 for a wrong password', async () => {
    const base44 = client();
    const { access_token, user } = await base44.auth.loginViaEmailPassword('user@example.com', 'user1234');
    expect(access_token).toEqual(expect.any(String));
    expect(user).toMatchObject({ email: 'user@example.com', role: 'user' });
    expect(await base44.auth.me()).toMatchObject({ email: 'user@example.com', role: 'user' });
    const bad = client();
    await expect(bad.auth.loginViaEmailPassword('user@example.com', 'wrong-pass')).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
      message: 'Invalid email or password',
    });
  });

  it('does entity CRUD with filter, sort and limit, count and deleteMany', async () => {
    const base44 = client();
    await base44.auth.loginViaEmailPassword('user@example.com', 'user1234');
    const Todo = base44.entities.Todo!;
    const first = await Todo.create({ title: 'write tests', priority: 2, done: false });
    await Todo.bulkCreate([
      { title: 'ship', priority: 3, done: false },
      { title: 'rest', priority: 1, done: true },
      { title: 'plan', priority: 5, done: false },
    ]);
    expect(await Todo.get(first.id)).toMatchObject({ title: 'write tests', created_by: 'user@example.com' });
    const open = await Todo.filter({ done: false, priority: { $gte: 2 } }, '-priority', 2);
    expect(open.map((t: Json) => t.title)).toEqual(['plan', 'ship']);
    const page = await Todo.list('priority', 2, 1, ['title']);
    expect(page).toEqual([
      { id: expect.any(String), title: 'write tests' },
      { id: expect.any(String), title: 'ship' },
    ]);
    const updated = await Todo.update(first.id, { done: true });
    expect(updated).toMatchObject({ title: 'write tests', done: true });
    expect(await Todo.count({ done: true })).toBe(2);
    expect(await Todo.delete(first.id)).toEqual({ success: true });
    await expect(Todo.get(first.id)).rejects.toMatchObject({ status: 404 });
    expect(await Todo.deleteMany({ done: true })).toEqual({ success: true, deleted: 1 });
    expect((await Todo.list()).length).toBe(2);
  });

  it('invokes createCheckout, SendEmail and logUserInApp', async () => {
    const base44 = client({ functionsVersion: 'v3' });
    await base44.auth.loginViaEmailPassword('user@example.com', 'user1234');
    const { data } = await base44.functions.invoke('createCheckout', { packageName: 'gold' });
    expect(data.url).toMatch(new RegExp(`^${h.url}/__harness/pay/cs_test_[A-Za-z0-9]{58}$`));
    await base44.integrations.Core.SendEmail({ to: 'team@example.com', subject: 'New lead', body: 'Hello' });
    await base44.appLogs.logUserInApp('Pricing');
    const outbox = (await h.call('GET', '/__harness/outbox')).body;
    expect(outbox).toContainEqual(
      expect.objectContaining({ kind: 'email', to: 'team@example.com', subject: 'New lead' }),
    );
    const logs = (await h.call('GET', `/api/app-logs/${APP}?page=Pricing`, { token: SERVICE_TOKEN })).body;
    expect(logs).toContainEqual(expect.objectContaining({ page: 'Pricing', user_email: 'user@example.com' }));
    // createCheckout found the signed-in user through the forwarded token and prefilled the e-mail.
    const order = (await h.call('GET', '/__harness/checkout-sessions')).body.at(-1);
    expect(order).toMatchObject({ package: 'gold', customer_email: 'user@example.com' });
    const call = (await h.call('GET', '/__harness/requests?limit=50')).body.find((r: Json) =>
      r.path.endsWith('/functions/createCheckout'),
    );
    expect(call.functions_version).toBe('v3');
  });

  it('receives an entity create over a subscription', async () => {
    const base44 = client();
    const { access_token } = await base44.auth.loginViaEmailPassword('user@example.com', 'user1234');
    base44.setToken(access_token);
    const received = new Promise<Json>((resolve) => {
      base44.entities.Signal!.subscribe((event: Json) => {
        if (event.type === 'create') resolve(event);
      });
    });
    // The subscription's join travels on a socket that is still connecting, and the reference client offers no
    // "joined" signal: write until an event arrives (a busy machine may take seconds to connect).
    const createdIds: string[] = [];
    let done = false;
    void received.then(() => {
      done = true;
    });
    const writer = (async () => {
      for (let attempt = 0; attempt < 30 && !done; attempt++) {
        createdIds.push((await base44.entities.Signal!.create({ level: 3 })).id);
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    const event = await within(15_000, received, 'entity subscription');
    await writer;
    expect(event).toMatchObject({ type: 'create', data: { level: 3 } });
    expect(createdIds).toContain(event.id);
  });

  it('talks to an agent and sees the reply through subscribeToConversation', async () => {
    const base44 = client();
    const { access_token } = await base44.auth.loginViaEmailPassword('user@example.com', 'user1234');
    base44.setToken(access_token);
    const conversation = await base44.agents.createConversation({
      agent_name: 'helper',
      metadata: { from: 'sdk' },
    });
    const replied = new Promise<Json>((resolve) => {
      base44.agents.subscribeToConversation(conversation.id, (updated: Json) => {
        if (updated.messages.some((m: Json) => m.role === 'assistant')) resolve(updated);
      });
    });
    await new Promise((r) => setTimeout(r, 1000));
    await base44.agents.addMessage(conversation, { role: 'user', content: 'What does Gold include?' });
    const updated = await within(5_000, replied, 'agent reply');
    expect(updated.messages.map((m: Json) => m.role)).toEqual(['user', 'assistant']);
    expect(updated.messages[1].content).toContain('[Emulated agent reply]');
    const fetched = await base44.agents.getConversation(conversation.id);
    expect(fetched?.messages).toHaveLength(2);
    expect((await base44.agents.getConversations()).map((c: Json) => c.id)).toContain(conversation.id);
  });

  it('gets an SSO access token through asServiceRole', async () => {
    const base44 = client({ serviceToken: SERVICE_TOKEN });
    const { access_token } = await base44.asServiceRole.sso.getAccessToken('65f0a0000000000000000001');
    const asAdmin = client({ token: access_token });
    expect(await asAdmin.auth.me()).toMatchObject({ email: 'admin@example.com', role: 'admin' });
    expect(() => client().asServiceRole).toThrow('Service token is required to use asServiceRole.');
  });
});
