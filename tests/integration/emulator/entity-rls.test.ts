import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { standardEntities } from './declared-fixtures.ts';
import {
  APP,
  connectSocket,
  emulatorPerFile,
  entities,
  type Json,
  join,
  nextUpdate,
  q,
  type Running,
  SERVICE_TOKEN,
} from './emulator-harness.ts';

let h: Running;
const tokens = { anonymous: null as string | null, user: '', admin: '', service: SERVICE_TOKEN };
type Who = keyof typeof tokens;
const as = (who: Who, body?: unknown) => ({ token: tokens[who], ...(body === undefined ? {} : { body }) });
const sockets: Socket[] = [];

emulatorPerFile(
  async (started) => {
    h = started;
    tokens.user = await h.tokenOf('user');
    tokens.admin = await h.tokenOf('admin');
  },
  { declarations: standardEntities },
);
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

async function statusesOf(call: (who: Who) => Promise<{ status: number }>): Promise<Record<Who, number>> {
  const out = {} as Record<Who, number>;
  for (const who of Object.keys(tokens) as Who[]) out[who] = (await call(who)).status;
  return out;
}

async function seedOrders(): Promise<Json[]> {
  const body = [
    { session_id: 'cs_a', status: 'paid', amount_total: 100 },
    { session_id: 'cs_b', status: 'paid', amount_total: 200 },
  ];
  return (await h.call('POST', entities('Order', '/bulk'), as('service', body))).body;
}

describe('an Order-like entity: created by the service role only, admin-only otherwise', () => {
  it('lets only the service role create (create: false), one record or in bulk', async () => {
    const order = { session_id: 'cs_x', status: 'paid' };
    expect(await statusesOf((who) => h.call('POST', entities('Order'), as(who, order)))).toEqual({
      anonymous: 403,
      user: 403,
      admin: 403,
      service: 200,
    });
    const bulk = await h.call('POST', entities('Order', '/bulk'), as('admin', [order]));
    expect(bulk.status).toBe(403);
    expect(bulk.body.code).toBe('permission_denied');
    expect((await h.call('GET', entities('Order', '/count'), as('service'))).body.count).toBe(1);
  });

  it('shows records only to admins and the service role: list, filter and count never 403', async () => {
    await seedOrders();
    const filter = `${entities('Order')}?${q({ session_id: 'cs_a' })}`;
    for (const [who, n] of [
      ['anonymous', 0],
      ['user', 0],
      ['admin', 2],
      ['service', 2],
    ] as const) {
      const list = await h.call('GET', entities('Order'), as(who));
      expect(list.status, who).toBe(200);
      expect(list.body, who).toHaveLength(n);
      expect((await h.call('GET', filter, as(who))).body, who).toHaveLength(n / 2);
      expect((await h.call('GET', entities('Order', '/count'), as(who))).body, who).toEqual({ count: n });
    }
  });

  it('answers get, update and delete with 404 to callers who may not read (existence does not leak)', async () => {
    const [first] = await seedOrders();
    const path = entities('Order', `/${first.id}`);
    expect(await statusesOf((who) => h.call('GET', path, as(who)))).toEqual({
      anonymous: 404,
      user: 404,
      admin: 200,
      service: 200,
    });
    const denied = await h.call('GET', path, as('user'));
    expect(denied.body).toMatchObject({ code: 'record_not_found' });
    expect(await statusesOf((who) => h.call('PUT', path, as(who, { email_sent: who === 'admin' })))).toEqual({
      anonymous: 404,
      user: 404,
      admin: 200,
      service: 200,
    });
    // The last writer was the service role (false); the refused callers changed nothing.
    expect((await h.call('GET', path, as('admin'))).body.email_sent).toBe(false);
    for (const who of ['anonymous', 'user'] as const)
      expect((await h.call('DELETE', path, as(who))).status, who).toBe(404);
    expect((await h.call('DELETE', path, as('admin'))).status).toBe(200);
  });

  it('deleteMany removes only what the caller may read and delete', async () => {
    await seedOrders();
    expect((await h.call('DELETE', entities('Order'), as('user', {}))).body).toEqual({
      success: true,
      deleted: 0,
    });
    expect((await h.call('DELETE', entities('Order'), as('anonymous', {}))).body.deleted).toBe(0);
    expect(
      (await h.call('DELETE', entities('Order'), as('admin', { session_id: 'cs_a' }))).body.deleted,
    ).toBe(1);
    expect((await h.call('GET', entities('Order', '/count'), as('service'))).body.count).toBe(1);
  });
});

describe('owner rules (created_by / created_by_id)', () => {
  it('needs a signed-in member to create, and shows each member only their own records', async () => {
    expect((await h.call('POST', entities('Note'), as('anonymous', { text: 'x' }))).status).toBe(403);
    const outsider = await h.tokenOf('outsider');
    expect((await h.call('POST', entities('Note'), { token: outsider, body: { text: 'x' } })).status).toBe(
      403,
    );
    const mine = (await h.call('POST', entities('Note'), as('user', { text: 'mine' }))).body;
    expect(mine).toMatchObject({ created_by: 'user@example.com', pinned: false });
    const theirs = (await h.call('POST', entities('Note'), as('admin', { text: 'admin note' }))).body;
    const texts = async (who: Who) =>
      ((await h.call('GET', entities('Note'), as(who))).body as Json[]).map((n) => n.text).sort();
    expect(await texts('user')).toEqual(['mine']);
    // An owner rule is not an admin rule: the admin sees only the admin's own notes.
    expect(await texts('admin')).toEqual(['admin note']);
    expect(await texts('anonymous')).toEqual([]);
    expect(await texts('service')).toEqual(['admin note', 'mine']);
    expect((await h.call('GET', entities('Note', `/${theirs.id}`), as('user'))).status).toBe(404);
    expect(
      (await h.call('PUT', entities('Note', `/${theirs.id}`), as('user', { text: 'hijack' }))).status,
    ).toBe(404);
    expect((await h.call('DELETE', entities('Note', `/${theirs.id}`), as('user'))).status).toBe(404);
    const edited = await h.call('PUT', entities('Note', `/${mine.id}`), as('user', { pinned: true }));
    expect(edited.status).toBe(200);
    expect((await h.call('DELETE', entities('Note'), as('user', {}))).body.deleted).toBe(1);
    expect(await texts('service')).toEqual(['admin note']);
  });
});

describe('record fields against the user (data.*), user_condition, and record-only conditions', () => {
  it('reads by data.assignee, updates by user_condition e-mail (403 when readable), deletes by team', async () => {
    const ticket = (
      await h.call(
        'POST',
        entities('Ticket'),
        as('anonymous', { title: 't', assignee: 'user@example.com', team: 'red' }),
      )
    ).body;
    const path = entities('Ticket', `/${ticket.id}`);
    expect((await h.call('GET', path, as('user'))).status).toBe(200);
    expect((await h.call('GET', path, as('admin'))).status).toBe(404);
    expect((await h.call('GET', entities('Ticket'), as('anonymous'))).body).toEqual([]);
    const update = await h.call('PUT', path, as('user', { title: 'mine now' }));
    expect(update.status).toBe(403);
    expect(update.body.code).toBe('permission_denied');
    // The user has no team yet: {{user.data.team}} matches nothing.
    expect((await h.call('DELETE', path, as('user'))).status).toBe(403);
    await h.call('PUT', entities('User', '/me'), as('user', { team: 'blue' }));
    expect((await h.call('DELETE', path, as('user'))).status).toBe(403);
    await h.call('PUT', entities('User', '/me'), as('user', { team: 'red' }));
    expect((await h.call('DELETE', path, as('user'))).status).toBe(200);
  });

  it('applies a condition on the record alone to everyone, anonymous visitors included', async () => {
    await h.call(
      'POST',
      entities('Post', '/bulk'),
      as('anonymous', [
        { title: 'draft', status: 'draft' },
        { title: 'live', status: 'published' },
      ]),
    );
    for (const who of ['anonymous', 'user', 'admin'] as const) {
      const titles = ((await h.call('GET', entities('Post'), as(who))).body as Json[]).map((p) => p.title);
      expect(titles, who).toEqual(['live']);
    }
    expect((await h.call('GET', entities('Post', '/count'), as('service'))).body.count).toBe(2);
  });
});

describe('realtime events of declared entities', () => {
  const open = async (who: Who) => {
    const socket = await connectSocket(
      h.url,
      tokens[who],
      who === 'anonymous' ? { anonymous_id: 'anon-1' } : {},
    );
    sockets.push(socket);
    return socket;
  };

  it("reach an admin's socket in the Order room, never a plain user's or an anonymous one", async () => {
    const room = `entities:${APP}:Order`;
    const [admin, service, user, anonymous] = await Promise.all([
      open('admin'),
      open('service'),
      open('user'),
      open('anonymous'),
    ]);
    for (const socket of [admin, service, user, anonymous]) await join(socket, room);
    const adminSees = nextUpdate(admin, room);
    const serviceSees = nextUpdate(service, room);
    const userSees = nextUpdate(user, room, 600);
    const anonymousSees = nextUpdate(anonymous, room, 600);
    const created = (
      await h.call('POST', entities('Order'), as('service', { session_id: 'cs_rt', status: 'paid' }))
    ).body;
    expect(await adminSees).toMatchObject({ type: 'create', id: created.id, data: { session_id: 'cs_rt' } });
    expect((await serviceSees).id).toBe(created.id);
    await expect(userSees).rejects.toThrow('no update_model');
    await expect(anonymousSees).rejects.toThrow('no update_model');
    const adminUpdate = nextUpdate(admin, room);
    const userUpdate = nextUpdate(user, room, 600);
    await h.call('PUT', entities('Order', `/${created.id}`), as('admin', { email_sent: true }));
    expect(await adminUpdate).toMatchObject({ type: 'update', data: { email_sent: true } });
    await expect(userUpdate).rejects.toThrow('no update_model');
  });

  it('sends owner-rule events only to the owner', async () => {
    const room = `entities:${APP}:Note`;
    const [admin, user] = await Promise.all([open('admin'), open('user')]);
    await join(admin, room);
    await join(user, room);
    const userGetsOwn = nextUpdate(user, room, 3_000, (d) => d.data.text === 'by user');
    const adminGetsUsers = nextUpdate(admin, room, 600, (d) => d.data.text === 'by user');
    const userGetsAdmins = nextUpdate(user, room, 600, (d) => d.data.text === 'by admin');
    await h.call('POST', entities('Note'), as('admin', { text: 'by admin' }));
    await h.call('POST', entities('Note'), as('user', { text: 'by user' }));
    expect((await userGetsOwn).data.created_by).toBe('user@example.com');
    await expect(adminGetsUsers).rejects.toThrow('no update_model');
    await expect(userGetsAdmins).rejects.toThrow('no update_model');
  });
});
