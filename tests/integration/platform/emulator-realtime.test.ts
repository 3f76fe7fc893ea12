import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../../host-harness/src/emulator/index.ts';
import type {
  AgentConversation,
  EntityChangeEvent,
  PlatformClient,
  RealtimeError,
} from '../../../src/platform/index.ts';
import { createPlatformClient } from '../../../src/platform/index.ts';
import { ACCOUNTS, APP_ID, startEmulator, type TestEmulator, waitFor } from './support/emulator.ts';

let emu: TestEmulator;
const clients: PlatformClient[] = [];
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  for (const client of clients) client.cleanup();
  await emu.close();
});
beforeEach(async () => {
  for (const client of clients.splice(0)) client.cleanup();
  await emu.reset();
});

async function signedIn(who: 'admin' | 'user') {
  const made = await emu.signedIn(who);
  clients.push(made.platform);
  return made.platform;
}

describe('realtime against the emulator', () => {
  it('entities.X.subscribe delivers create, update and delete; unsubscribe stops delivery', async () => {
    const watcher = await signedIn('user');
    const writer = await signedIn('admin');
    const events: EntityChangeEvent[] = [];
    const off = watcher.entities.Lead?.subscribe((event) => events.push(event));
    await waitFor(() => watcher.realtime.getState() === 'connected', 5000, 'connected');
    // The join travels after connect: give it a moment to land before writing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lead = await writer.entities.Lead?.create({ name: 'Live Lead' });
    await writer.entities.Lead?.update(lead?.id ?? '', { name: 'Live Lead 2' });
    await writer.entities.Lead?.delete(lead?.id ?? '');
    await waitFor(() => events.length === 3, 5000, 'three events');
    expect(events.map((e) => e.type)).toEqual(['create', 'update', 'delete']);
    expect(events[0]).toMatchObject({ id: lead?.id, data: { name: 'Live Lead' } });
    expect(events[1]?.data).toMatchObject({ name: 'Live Lead 2' });
    off?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await writer.entities.Lead?.create({ name: 'Unheard' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toHaveLength(3);
  });

  it('agents.subscribeToConversation merges each update into the conversation by message id', async () => {
    const user = await signedIn('user');
    const conversation = await user.agents.createConversation({ agent_name: 'helper' });
    const seen: AgentConversation[] = [];
    user.agents.subscribeToConversation(conversation.id, (next) => seen.push(next));
    await waitFor(() => user.realtime.getState() === 'connected', 5000, 'connected');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sent = await user.agents.addMessage(conversation, { role: 'user', content: 'Hi there' });
    const latest = await waitFor(
      () => seen.find((c) => c.messages.some((m) => m.role === 'assistant')),
      5000,
      'the agent reply',
    );
    expect(latest.id).toBe(conversation.id);
    expect(latest.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(latest.messages[0]?.id).toBe(sent.id);
    expect(new Set(latest.messages.map((m) => m.id)).size).toBe(latest.messages.length);
  });

  it('reconnects with the current token after a drop: an admin-only room works once the token is switched', async () => {
    const client = await signedIn('user');
    const errors: RealtimeError[] = [];
    client.realtime.onError((error) => errors.push(error));
    const users: EntityChangeEvent[] = [];
    client.entities.User.subscribe((event) => users.push(event));
    await waitFor(() => errors.some((e) => /Cannot join room/.test(e.message)), 5000, 'the refused join');

    const admin = emu.client();
    await admin.platform.auth.loginViaEmailPassword(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await emu.control('POST', '/realtime/drop', { refuseMs: 500 });
    client.setToken(admin.platform.auth.getToken() ?? '', false);
    await waitFor(() => client.realtime.getState() === 'reconnecting', 5000, 'reconnecting');
    await waitFor(() => client.realtime.getState() === 'connected', 8000, 'connected again');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await admin.platform.auth.inviteUser('watched@example.com', 'user');
    await waitFor(() => users.length === 1, 5000, 'the User create event');
    expect(users[0]).toMatchObject({ type: 'create', data: { email: 'watched@example.com' } });
  });

  it('a rejected handshake is retried with the current token', async () => {
    const { platform } = emu.client();
    clients.push(platform);
    platform.setToken('revoked-or-bogus', false);
    const errors: RealtimeError[] = [];
    platform.realtime.onError((error) => errors.push(error));
    const events: EntityChangeEvent[] = [];
    platform.entities.Lead?.subscribe((event) => events.push(event));
    await waitFor(() => errors.some((e) => e.message === 'Invalid token'), 5000, 'the refused handshake');
    const good = await emu.signedIn('user');
    platform.setToken(good.platform.auth.getToken() ?? '', false);
    await waitFor(() => platform.realtime.getState() === 'connected', 8000, 'connected with the new token');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await good.platform.entities.Lead?.create({ name: 'after retry' });
    await waitFor(() => events.length === 1, 5000, 'event');
  });

  it('reconnects by itself after a server restart and re-joins its rooms', async () => {
    let server = await createEmulator({ dataDir: null, quiet: true });
    const url = await server.listen({ port: 0 });
    const port = Number(new URL(url).port);
    const watcher = createPlatformClient({
      appId: APP_ID,
      serverUrl: url,
      storage: null,
      location: null,
      logger: { error() {} },
    });
    clients.push(watcher);
    const events: EntityChangeEvent[] = [];
    watcher.entities.Lead?.subscribe((event) => events.push(event));
    await waitFor(() => watcher.realtime.getState() === 'connected', 5000, 'connected');
    try {
      await server.close();
      await waitFor(() => watcher.realtime.getState() === 'reconnecting', 5000, 'reconnecting');
      server = await createEmulator({ dataDir: null, quiet: true });
      await server.listen({ port });
      await waitFor(
        () => watcher.realtime.getState() === 'connected',
        8000,
        'connected to the restarted server',
      );
      const writer = createPlatformClient({ appId: APP_ID, serverUrl: url, storage: null, location: null });
      await writer.auth.loginViaEmailPassword(ACCOUNTS.admin.email, ACCOUNTS.admin.password);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await writer.entities.Lead?.create({ name: 'after restart' });
      await waitFor(() => events.length === 1, 5000, 'event after restart');
    } finally {
      watcher.cleanup();
      await server.close();
    }
  });

  it('after POST /__harness/realtime/drop {refuseMs: 2000} it is connected again and receives events within 8 s, 20 of 20 times', async () => {
    const watcher = await signedIn('user');
    const writer = await signedIn('admin');
    const events: EntityChangeEvent[] = [];
    watcher.entities.Lead?.subscribe((event) => events.push(event));
    await waitFor(() => watcher.realtime.getState() === 'connected', 5000, 'first connection');
    const durations: number[] = [];
    for (let round = 1; round <= 20; round += 1) {
      const started = Date.now();
      await emu.control('POST', '/realtime/drop', { refuseMs: 2000 });
      await waitFor(() => watcher.realtime.getState() !== 'connected', 2000, `round ${round}: the drop`);
      const name = `round-${round}`;
      // Write until the event arrives: a write before the room is re-joined is not delivered to us.
      await waitFor(
        () => {
          if (watcher.realtime.getState() === 'connected' && !events.some((e) => e.data?.name === name)) {
            if (Date.now() - (lastWrite.get(round) ?? 0) > 150) {
              lastWrite.set(round, Date.now());
              void writer.entities.Lead?.create({ name });
            }
          }
          return events.some((e) => e.data?.name === name);
        },
        8000 - (Date.now() - started),
        `round ${round}: reconnected and delivered`,
      );
      durations.push(Date.now() - started);
    }
    expect(durations).toHaveLength(20);
    expect(Math.max(...durations)).toBeLessThan(8000);
    console.log(`[realtime drop] 20/20 reconnected; ms per round: ${durations.join(', ')}`);
  }, 200_000);
});

const lastWrite = new Map<number, number>();
