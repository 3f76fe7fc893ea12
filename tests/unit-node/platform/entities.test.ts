/**
 * The entities sub-client (src/platform/entities.ts) as the server sees it (docs/platform-api.md, "Entities"): each
 * call's method, path, query and body over real HTTP to a recording server, what it resolves to, and its rooms.
 */
import { describe, expect, it } from 'vitest';
import { createEntitiesClient } from '../../../src/platform/index.ts';
import { json } from '../../support/recording-server.ts';
import { recordingPlatformPerFile, recordingSubscriber } from './support/recorded-call.ts';

const { server, core, seen } = recordingPlatformPerFile();

describe('entities', () => {
  it('list and filter send sort, limit, skip and fields only when set', async () => {
    const { Lead } = createEntitiesClient(core());
    if (!Lead) throw new Error('no handler');
    server.respond((_req, res) => json(res, 200, [{ id: '1' }]));
    expect(await Lead.list()).toEqual([{ id: '1' }]);
    expect(seen().call).toBe('GET /api/apps/local-app/entities/Lead');
    await Lead.list('-created_date', 10, 20, ['id', 'name']);
    expect(seen().call).toBe(
      'GET /api/apps/local-app/entities/Lead?sort=-created_date&limit=10&skip=20&fields=id,name',
    );
    await Lead.list('', 0, 0, []);
    expect(seen().call).toBe('GET /api/apps/local-app/entities/Lead');
    await Lead.filter({ status: 'new' });
    expect(seen().call).toBe('GET /api/apps/local-app/entities/Lead?q={"status":"new"}');
    await Lead.filter({ status: 'new' }, 'name', 5, 1, ['id']);
    expect(seen().call).toBe(
      'GET /api/apps/local-app/entities/Lead?q={"status":"new"}&sort=name&limit=5&skip=1&fields=id',
    );
  });

  it('reads, creates, updates and deletes one record by its encoded id', async () => {
    const { Lead } = createEntitiesClient(core());
    if (!Lead) throw new Error('no handler');
    server.respond((_req, res) => json(res, 200, { id: 'a/b' }));
    expect(await Lead.get('a/b')).toEqual({ id: 'a/b' });
    expect(server.last().url).toBe('/api/apps/local-app/entities/Lead/a%2Fb');
    expect(seen().call).toBe('GET /api/apps/local-app/entities/Lead/a/b');
    expect(await Lead.create({ name: 'Ann' })).toEqual({ id: 'a/b' });
    expect(seen()).toEqual({ call: 'POST /api/apps/local-app/entities/Lead', body: { name: 'Ann' } });
    await Lead.update('a/b', { name: 'Bea' });
    expect(server.last().url).toBe('/api/apps/local-app/entities/Lead/a%2Fb');
    expect(seen()).toEqual({ call: 'PUT /api/apps/local-app/entities/Lead/a/b', body: { name: 'Bea' } });
    await Lead.delete('a/b');
    expect(server.last().url).toBe('/api/apps/local-app/entities/Lead/a%2Fb');
    expect(seen()).toEqual({ call: 'DELETE /api/apps/local-app/entities/Lead/a/b', body: undefined });
  });

  it('deletes many with the query as the body, creates in bulk and imports a file as multipart', async () => {
    const { Lead } = createEntitiesClient(core());
    if (!Lead) throw new Error('no handler');
    await Lead.deleteMany({ status: 'old' });
    expect(seen()).toEqual({ call: 'DELETE /api/apps/local-app/entities/Lead', body: { status: 'old' } });
    await Lead.bulkCreate([{ name: 'A' }, { name: 'B' }]);
    expect(seen()).toEqual({
      call: 'POST /api/apps/local-app/entities/Lead/bulk',
      body: [{ name: 'A' }, { name: 'B' }],
    });
    for (const [file, name] of [
      [new File(['a,b'], 'leads.csv'), 'leads.csv'],
      // A Blob has no name of its own.
      [new Blob(['a,b']), 'import'],
    ] as const) {
      await Lead.importEntities(file);
      const { method, url, headers, body } = server.last();
      expect(`${method} ${url}`).toBe('POST /api/apps/local-app/entities/Lead/import');
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': String(headers['content-type']) },
      }).formData();
      const sent = form.get('file') as File;
      expect(sent.name).toBe(name);
      expect(await sent.text()).toBe('a,b');
    }
  });

  it("reads and updates the signed-in user, under the User entity's me", async () => {
    const { User } = createEntitiesClient(core('user-token'));
    server.respond((_req, res) => json(res, 200, { id: 'u1', role: 'user' }));
    expect(await User.me()).toEqual({ id: 'u1', role: 'user' });
    expect(seen().call).toBe('GET /api/apps/local-app/entities/User/me');
    expect(server.last().headers.authorization).toBe('Bearer user-token');
    await User.updateMe({ full_name: 'Ann' });
    expect(seen()).toEqual({ call: 'PUT /api/apps/local-app/entities/User/me', body: { full_name: 'Ann' } });
  });

  it('encodes the entity name, and answers no property a promise check or a debugger reads', () => {
    const entities = createEntitiesClient(core());
    expect(entities.Lead).toBe(entities.Lead);
    expect(entities.then).toBeUndefined();
    expect(entities._private).toBeUndefined();
    expect((entities as unknown as Record<symbol, unknown>)[Symbol.toStringTag]).toBeUndefined();
    expect(entities['A B']).toBeDefined();
  });

  it('subscribes to the room entities:{appId}:{Entity}, passing changes and errors through', () => {
    const { rooms, realtime } = recordingSubscriber();
    const { Lead } = createEntitiesClient(core(), realtime);
    if (!Lead) throw new Error('no handler');
    const changes: unknown[] = [];
    const errors: Error[] = [];
    const off = Lead.subscribe(
      (event) => changes.push(event),
      (error) => errors.push(error),
    );
    const [joined] = rooms;
    expect(joined?.room).toBe('entities:local-app:Lead');
    const change = { type: 'create', id: '1', data: { id: '1' } };
    joined?.handlers.update?.(change, { room: 'entities:local-app:Lead', data: JSON.stringify(change) });
    joined?.handlers.error?.(new Error('dropped'));
    expect(changes).toEqual([change]);
    expect(errors.map((error) => error.message)).toEqual(['dropped']);
    off();
    expect(joined?.left).toBe(true);
  });

  it('refuses to subscribe without realtime', () => {
    const { Lead } = createEntitiesClient(core());
    if (!Lead) throw new Error('no handler');
    expect(() => Lead.subscribe(() => {})).toThrow(
      expect.objectContaining({ message: 'Realtime is not available', code: 'realtime_unavailable' }),
    );
  });
});
