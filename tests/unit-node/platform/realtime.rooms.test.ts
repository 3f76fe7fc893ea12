/**
 * The realtime client's rooms (src/platform/realtime.ts) against a bare socket.io server on the platform path: joining
 * and leaving, the updates and errors of each room, and what reaches its listeners.
 */
import { describe, expect, it } from 'vitest';
import { createRealtimeClient, type RealtimeError } from '../../../src/platform/index.ts';
import { waitFor } from '../../support/wait-for.ts';
import { settle, socketServerPerTest } from './support/socket-server.ts';

const { startSocketServer, track, watchedClient } = socketServerPerTest();

describe('realtime client: rooms', () => {
  it('joins every room on connect, tells their listeners, and joins a room added later at once', async () => {
    const { url, joins } = await startSocketServer();
    const { client, states } = watchedClient(url);
    const connected: string[] = [];
    client.subscribe('a', { connect: () => connected.push('a') });
    client.subscribe('a', { connect: () => connected.push('a again') });
    client.subscribe('b', {
      connect: () => {
        throw new Error('a broken listener');
      },
    });
    await waitFor(() => joins.length === 2, 5000, 'joins');
    expect(joins).toEqual(['a', 'b']);
    expect(connected).toEqual(['a', 'a again']);
    expect(states).toEqual(['connecting', 'connected']);
    client.subscribe('c', {});
    client.subscribe('a', {});
    await waitFor(() => joins.length === 3, 5000, 'late join');
    await settle();
    expect(joins).toEqual(['a', 'b', 'c']);
  });

  it('leaves a room once its last listener is gone, once, and never a room it shares', async () => {
    const { url, joins, leaves } = await startSocketServer();
    const { client } = watchedClient(url);
    const first = client.subscribe('r', {});
    const second = client.subscribe('r', {});
    const other = client.subscribe('s', {});
    await waitFor(() => joins.length === 2, 5000, 'joins');
    first();
    first();
    await settle();
    expect(leaves).toEqual([]);
    second();
    await waitFor(() => leaves.length === 1, 5000, 'leave');
    // A new listener of the room joins it again.
    const again = client.subscribe('r', {});
    await waitFor(() => joins.length === 3, 5000, 'join again');
    second();
    await settle();
    expect(leaves).toEqual(['r']);
    again();
    other();
    await waitFor(() => leaves.length === 3, 5000, 'leaves');
    expect(leaves).toEqual(['r', 'r', 's']);
  });

  it('leaves nothing and joins nothing through a socket that is not connected', async () => {
    const { url, joins, leaves } = await startSocketServer();
    const { client } = watchedClient(url);
    const off = client.subscribe('r', {});
    off();
    await settle(300);
    expect(joins).toEqual([]);
    expect(leaves).toEqual([]);
    client.disconnect();
  });

  it('passes updates to the listeners of their room only, objects as they are, text parsed', async () => {
    const { server, url, joins } = await startSocketServer();
    const { client, errors, logged } = watchedClient(url, () => 'tok');
    const updates: unknown[] = [];
    const otherErrors: Error[] = [];
    client.subscribe('r', {
      update: (data) => updates.push(data),
      error: () => {
        throw new Error('a broken error listener');
      },
    });
    client.subscribe('r', {
      update: () => {
        throw new Error('a broken update listener');
      },
    });
    client.subscribe('other', { error: (error) => otherErrors.push(error) });
    await waitFor(() => joins.length === 2, 5000, 'joins');
    server.emit('update_model', { room: 'r', data: { already: 'parsed' } });
    server.emit('update_model', { room: 'nobody', data: '{}' });
    server.emit('update_model', null);
    server.emit('update_model', { room: 'r', data: '{broken' });
    server.emit('update_model', { room: 'r', data: '[1,2]' });
    await waitFor(() => updates.length === 2, 5000, 'updates');
    expect(updates).toEqual([{ already: 'parsed' }, [1, 2]]);
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['invalid_message', 'Malformed update for room r'],
    ]);
    // The other room's listeners are not told of this room's bad update.
    expect(otherErrors).toEqual([]);
    expect(logged).toContainEqual(['[platform realtime]', 'Malformed update for room r']);
    const broken = logged.filter(([first]) => first === '[platform realtime] listener failed:');
    expect(broken.map(([, error]) => (error as Error).message)).toEqual([
      'a broken update listener',
      'a broken error listener',
      'a broken update listener',
    ]);
  });

  it("reports the server's error events to every room and every error listener, until it unsubscribes", async () => {
    const { server, url, joins } = await startSocketServer();
    const { client, errors } = watchedClient(url);
    const roomErrors: string[] = [];
    client.subscribe('r', { error: (error) => roomErrors.push(`r: ${error.message}`) });
    client.subscribe('s', { error: (error) => roomErrors.push(`s: ${error.message}`) });
    const late: string[] = [];
    const stop = client.onError((error) => late.push(error.message));
    await waitFor(() => joins.length === 2, 5000, 'joins');
    server.emit('error', 'Cannot join room x');
    server.emit('error', { message: 'Refused' });
    server.emit('error', { message: 42 });
    server.emit('error', {});
    await waitFor(() => errors.length === 4, 5000, 'errors');
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['realtime_error', 'Cannot join room x'],
      ['realtime_error', 'Refused'],
      ['realtime_error', '42'],
      ['realtime_error', 'Realtime error'],
    ]);
    expect(roomErrors).toEqual([
      'r: Cannot join room x',
      's: Cannot join room x',
      'r: Refused',
      's: Refused',
      'r: 42',
      's: 42',
      'r: Realtime error',
      's: Realtime error',
    ]);
    stop();
    server.emit('error', 'after');
    await waitFor(() => errors.length === 5, 5000, 'one more');
    expect(late).toEqual(['Cannot join room x', 'Refused', '42', 'Realtime error']);
  });

  it('reports a socket factory that fails as realtime being unavailable', async () => {
    const client = createRealtimeClient({
      appId: 'local-app',
      serverUrl: 'http://127.0.0.1:9',
      getToken: () => null,
      logger: { error() {} },
      io: () => {
        throw new Error('no sockets here');
      },
    });
    const errors = track(client);
    const roomErrors: Error[] = [];
    client.subscribe('r', { error: (error) => roomErrors.push(error) });
    await waitFor(() => errors.length === 1, 5000, 'error');
    expect(errors[0]?.code).toBe('realtime_unavailable');
    expect(errors[0]?.message).toBe('Error: no sockets here');
    expect(roomErrors).toEqual(errors);
  });

  it('dispatches update_model by room, parses data, and passes malformed JSON to listeners without throwing', async () => {
    const { server, url, joins, handshakes } = await startSocketServer();
    const logged: unknown[] = [];
    const client = createRealtimeClient({
      appId: 'local-app',
      serverUrl: url,
      getToken: () => 'tok',
      logger: { error: (...args: unknown[]) => logged.push(args) },
    });
    const errors = track(client);
    const updates: unknown[] = [];
    const roomErrors: Error[] = [];
    const other: unknown[] = [];
    client.subscribe('entities:local-app:Lead', {
      update: (data) => updates.push(data),
      error: (e) => roomErrors.push(e),
    });
    client.subscribe('entities:local-app:Other', { update: (data) => other.push(data) });
    await waitFor(() => joins.length === 2, 5000, 'joins');
    expect(handshakes[0]).toMatchObject({ app_id: 'local-app', token: 'tok' });
    server.to('entities:local-app:Lead').emit('update_model', {
      room: 'entities:local-app:Lead',
      data: JSON.stringify({ type: 'create', id: '1', data: { id: '1' } }),
    });
    server
      .to('entities:local-app:Lead')
      .emit('update_model', { room: 'entities:local-app:Lead', data: '{not json' });
    await waitFor(() => updates.length === 1 && roomErrors.length === 1, 5000, 'update and error');
    expect(updates).toEqual([{ type: 'create', id: '1', data: { id: '1' } }]);
    expect(roomErrors[0]?.name).toBe('RealtimeError');
    expect((roomErrors[0] as RealtimeError).code).toBe('invalid_message');
    expect(errors.map((e) => e.code)).toContain('invalid_message');
    expect(other).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain('tok');
  });

  it('leaves a room when its last listener unsubscribes', async () => {
    const { server, url, joins } = await startSocketServer();
    const { client } = watchedClient(url);
    const off = client.subscribe('r', {});
    await waitFor(
      () => joins.includes('r') && server.sockets.adapter.rooms.get('r')?.size === 1,
      5000,
      'join',
    );
    off();
    await waitFor(() => server.sockets.adapter.rooms.get('r') === undefined, 5000, 'room emptied');
  });

  it('a room listener without an update handler is skipped, not reported as failed', async () => {
    const { server, url, joins } = await startSocketServer();
    const { client, logged } = watchedClient(url);
    const updates: unknown[] = [];
    client.subscribe('r', {});
    client.subscribe('r', { update: (data) => updates.push(data) });
    await waitFor(() => joins.includes('r'), 5000, 'join');
    server.to('r').emit('update_model', { room: 'r', data: '{"n":1}' });
    await waitFor(() => updates.length === 1, 5000, 'update');
    expect(updates).toEqual([{ n: 1 }]);
    expect(logged).toEqual([]);
  });

  it('an error event with a null payload is reported as "Realtime error"', async () => {
    const { server, url, joins } = await startSocketServer();
    const { client, errors } = watchedClient(url);
    client.subscribe('r', {});
    await waitFor(() => joins.length === 1, 5000, 'join');
    server.emit('error', null);
    await waitFor(() => errors.length === 1, 5000, 'error');
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      ['realtime_error', 'Realtime error'],
    ]);
  });

  it('a room stays joined while another listener of it remains', async () => {
    const { server, url, joins, leaves } = await startSocketServer();
    const { client } = watchedClient(url);
    const updates: unknown[] = [];
    const first = client.subscribe('r', {});
    client.subscribe('r', { update: (data) => updates.push(data) });
    await waitFor(() => joins.includes('r'), 5000, 'join');
    first();
    await settle(100);
    expect(leaves).toEqual([]);
    server.to('r').emit('update_model', { room: 'r', data: { n: 2 } });
    await waitFor(() => updates.length === 1, 5000, 'update');
    expect(updates).toEqual([{ n: 2 }]);
  });
});
