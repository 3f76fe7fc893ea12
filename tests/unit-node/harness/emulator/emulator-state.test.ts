/**
 * The emulator's state: a new database holds the seeded app (default settings), the three seeded accounts (verified,
 * with their passwords) and the two members' `User` records; an existing one is left as it is; a reset empties every
 * table and seeds again; an app's members are its `User` records.
 */
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../../host-harness/src/emulator/auth/passwords.ts';
import { openDatabase } from '../../../../host-harness/src/emulator/core/database.ts';
import { EMULATOR_TABLES, EmulatorState } from '../../../../host-harness/src/emulator/emulator-state.ts';
import { ACCOUNT_IDS, APP, EMAILS, memoryState } from './feature-app.ts';

function tableCounts(state: EmulatorState): Record<string, number> {
  const tables = state.db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence' ORDER BY name",
    )
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      (state.db.prepare(`SELECT COUNT(*) AS n FROM ${name}`).get() as { n: number }).n,
    ]),
  );
}

describe('EmulatorState', () => {
  it('names every table of the database, so that a reset empties them all', () => {
    const state = memoryState();
    expect(EMULATOR_TABLES.flatMap((set) => set.names).sort()).toStrictEqual(Object.keys(tableCounts(state)));
  });

  it('seeds the app with default settings, the three accounts and the two members', async () => {
    const state = memoryState('shop');
    expect(state.appId).toBe('shop');
    expect(state.apps.get('shop')).toStrictEqual({
      public_settings: { name: 'Local app', requires_auth: false },
      requireLogin: false,
    });
    expect(state.apps.get(APP)).toBeUndefined();
    const accounts = (['admin', 'user', 'outsider'] as const).map((who) =>
      state.accounts.byId(ACCOUNT_IDS[who]),
    );
    expect(accounts.map((a) => [a?.email, a?.full_name, a?.verified])).toStrictEqual([
      [EMAILS.admin, 'Admin User', true],
      [EMAILS.user, 'Site User', true],
      [EMAILS.outsider, 'Outside User', true],
    ]);
    expect(await verifyPassword('admin1234', accounts[0]?.password_hash ?? null)).toBe(true);
    expect(await verifyPassword('user1234', accounts[1]?.password_hash ?? null)).toBe(true);
    expect(await verifyPassword('outsider1234', accounts[2]?.password_hash ?? null)).toBe(true);

    const admin = state.member('shop', ACCOUNT_IDS.admin);
    expect(admin).toMatchObject({
      id: ACCOUNT_IDS.admin,
      email: EMAILS.admin,
      full_name: 'Admin User',
      role: 'admin',
      created_by: null,
      created_by_id: null,
    });
    expect(state.member('shop', ACCOUNT_IDS.user)).toMatchObject({
      id: ACCOUNT_IDS.user,
      email: EMAILS.user,
      full_name: 'Site User',
      role: 'user',
    });
    expect(state.member('shop', ACCOUNT_IDS.outsider)).toBeUndefined();
    expect(state.member(APP, ACCOUNT_IDS.admin)).toBeUndefined();
  });

  it('leaves a database that already holds the app as it is', () => {
    const db = openDatabase(null, EMULATOR_TABLES);
    const first = new EmulatorState(db, APP, () => {});
    first.apps.put(APP, { public_settings: { name: 'Kept' }, requireLogin: true });
    first.outbox.add({ kind: 'email', to: 'a@example.com', subject: 's', body: 'b' });
    const counts = tableCounts(first);
    const second = new EmulatorState(db, APP, () => {});
    expect(second.apps.get(APP)).toStrictEqual({ public_settings: { name: 'Kept' }, requireLogin: true });
    expect(tableCounts(second)).toStrictEqual(counts);
  });

  it('adds a member: a User record with the account’s id, written by the author', () => {
    const state = memoryState();
    const added = state.addMember(
      APP,
      ACCOUNT_IDS.outsider,
      { email: EMAILS.outsider, role: 'user' },
      {
        id: ACCOUNT_IDS.admin,
        email: EMAILS.admin,
      },
    );
    expect(added).toMatchObject({
      id: ACCOUNT_IDS.outsider,
      email: EMAILS.outsider,
      role: 'user',
      created_by: EMAILS.admin,
      created_by_id: ACCOUNT_IDS.admin,
    });
    expect(state.member(APP, ACCOUNT_IDS.outsider)).toStrictEqual(added);
  });

  it('reports each change of an entity record to its listener', () => {
    const changes: unknown[] = [];
    const state = new EmulatorState(openDatabase(null, EMULATOR_TABLES), APP, (app, entity, type, record) =>
      changes.push([app, entity, type, record.id]),
    );
    const seeded = changes.length;
    const note = state.entities.createMany(APP, 'Note', [{ text: 'x' }], { id: null, email: null })[0];
    expect(changes.slice(seeded)).toStrictEqual([[APP, 'Note', 'create', note?.id]]);
  });

  it('a reset empties every table and seeds again', () => {
    const state = memoryState();
    const pristine = tableCounts(state);
    state.apps.put(APP, { public_settings: {}, requireLogin: true });
    state.accounts.create({ email: 'new@example.com', passwordHash: null, fullName: 'New', verified: false });
    state.addMember(APP, ACCOUNT_IDS.outsider, { email: EMAILS.outsider }, { id: null, email: null });
    state.outbox.add({ kind: 'email', to: 'a@example.com', subject: 's', body: 'b' });
    state.logs.add(APP, 'Index', { id: 'x', email: 'x@example.com' });
    state.analytics.addBatch(APP, [{ event_name: 'e' }]);
    state.conversations.create(APP, 'anon:x', 'helper', {}, null);
    state.files.add(APP, 'a.txt', 'text/plain', Buffer.from('x'));
    expect(tableCounts(state)).not.toStrictEqual(pristine);

    state.reset();
    expect(tableCounts(state)).toStrictEqual(pristine);
    expect(state.apps.get(APP)).toStrictEqual({
      public_settings: { name: 'Local app', requires_auth: false },
      requireLogin: false,
    });
    expect(state.member(APP, ACCOUNT_IDS.outsider)).toBeUndefined();
    expect(state.member(APP, ACCOUNT_IDS.admin)?.role).toBe('admin');
    expect(state.accounts.byEmail('new@example.com')).toBeUndefined();
  });
});
