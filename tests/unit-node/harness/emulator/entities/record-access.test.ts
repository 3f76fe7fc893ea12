/**
 * What one caller may do with the records of a declared entity (RLS and schema in one place), who a caller is to the
 * rules, and which sockets receive a record's realtime events.
 */
import { describe, expect, it } from 'vitest';
import type { Account, Caller, MemberRecord } from '../../../../../host-harness/src/emulator/auth/index.ts';
import { readEntityFile } from '../../../../../host-harness/src/emulator/entities/entity-file.ts';
import type { EntityRecord } from '../../../../../host-harness/src/emulator/entities/entity-store.ts';
import {
  accessFor,
  bothOf,
  RecordAccess,
  readersOf,
  viewerOf,
} from '../../../../../host-harness/src/emulator/entities/record-access.ts';
import type { Viewer } from '../../../../../host-harness/src/emulator/entities/rls-rules.ts';
import type { SocketIdentity } from '../../../../../host-harness/src/emulator/realtime/index.ts';
import { accountAsked } from '../memory-auth-state.ts';
import { outcome } from '../outcome.ts';

const APP = 'app-1';

function account(id: string, email = `${id}@example.com`): Account {
  return {
    id,
    email,
    password_hash: null,
    full_name: '',
    verified: true,
    profile: {},
    created_date: '2024-01-01T00:00:00.000Z',
  };
}

/** The members of APP (a `User` record per account id), as the emulator's state answers them. */
function directory(members: MemberRecord[]) {
  return {
    member: (appId: string, accountId: string) => {
      const id = accountAsked(accountId);
      return appId === APP ? members.find((m) => m.id === id) : undefined;
    },
  };
}

/** A declared `Note` entity with a `title` (required), a `status` defaulting to draft, and the given rules. */
function note(rls: unknown) {
  return readEntityFile(
    'Note.jsonc',
    JSON.stringify({
      name: 'Note',
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 20 },
        status: { type: 'string', enum: ['draft', 'published'], default: 'draft' },
      },
      required: ['title'],
      rls,
    }),
  );
}

const caller = (partial: Partial<Caller>): Caller => ({
  service: false,
  account: null,
  anonymousId: null,
  ...partial,
});
const record = (fields: Record<string, unknown>): EntityRecord => ({ id: 'n1', title: 'T', ...fields });

describe('viewerOf: the caller as the rules see it', () => {
  const state = directory([{ id: 'u1', role: 'admin', email: 'u1@example.com' }]);

  it('is the service role for a service caller, whoever it acts for', () => {
    expect(viewerOf(state, APP, caller({ service: true }))).toEqual({ service: true, user: null });
    expect(viewerOf(state, APP, caller({ service: true, account: account('u1') }))).toEqual({
      service: true,
      user: null,
    });
  });

  it('is the member’s User record for a member of the app, and nobody otherwise', () => {
    expect(viewerOf(state, APP, caller({ account: account('u1') }))).toEqual({
      service: false,
      user: { id: 'u1', role: 'admin', email: 'u1@example.com' },
    });
    expect(viewerOf(state, 'other-app', caller({ account: account('u1') }))).toEqual({
      service: false,
      user: null,
    });
    expect(viewerOf(state, APP, caller({ account: account('u2') }))).toEqual({ service: false, user: null });
    expect(viewerOf(state, APP, caller({ anonymousId: 'visitor' }))).toEqual({ service: false, user: null });
  });
});

describe('bothOf: the RLS predicate and the caller’s filter together', () => {
  it('answers null when neither hides anything, and the one given when only one does', () => {
    const rls = (r: Record<string, unknown>) => r.mine === true;
    const where = (r: Record<string, unknown>) => r.big === true;
    expect(bothOf(null, null)).toBeNull();
    expect(bothOf(rls, null)).toBe(rls);
    expect(bothOf(null, where)).toBe(where);
  });

  it('keeps a record only when both keep it, and runs the filter only on records RLS keeps', () => {
    const seen: unknown[] = [];
    const both = bothOf(
      (r) => r.mine === true,
      (r) => {
        seen.push(r.id);
        return r.big === true;
      },
    )!;
    expect([
      both({ id: 1, mine: true, big: true }),
      both({ id: 2, mine: true, big: false }),
      both({ id: 3, mine: false, big: true }),
      both({ id: 4, mine: false, big: false }),
    ]).toEqual([true, false, false, false]);
    expect(seen).toEqual([1, 2]);
  });
});

describe('RecordAccess: reads, changes and creations of a declared entity', () => {
  const members = directory([
    { id: 'owner', role: 'user', email: 'owner@example.com' },
    { id: 'other', role: 'user', email: 'other@example.com' },
    { id: 'boss', role: 'admin', email: 'boss@example.com' },
  ]);
  const owner: Viewer = { service: false, user: { id: 'owner', role: 'user', email: 'owner@example.com' } };
  const other: Viewer = { service: false, user: { id: 'other', role: 'user', email: 'other@example.com' } };
  const boss: Viewer = { service: false, user: { id: 'boss', role: 'admin', email: 'boss@example.com' } };
  const anonymous: Viewer = { service: false, user: null };
  const service: Viewer = { service: true, user: null };
  // Published notes are public; the owner reads and changes theirs; only admins delete; members create their own.
  const rules = {
    create: { created_by_id: '{{user.id}}' },
    read: { 'data.status': 'published' },
    update: { created_by_id: '{{user.id}}' },
    delete: { user_condition: { role: 'admin' } },
  };
  const published = record({ status: 'published', created_by_id: 'owner' });
  const draft = record({ status: 'draft', created_by_id: 'owner' });

  it('can: the rule of the operation asked for', () => {
    const access = new RecordAccess(note(rules), owner);
    expect(access.can('read', published)).toBe(true);
    expect(access.can('read', draft)).toBe(false);
    expect(access.can('update', draft)).toBe(true);
    expect(access.can('delete', published)).toBe(false);
    expect(access.can('create', { created_by_id: 'owner' })).toBe(true);
    expect(access.can('create', { created_by_id: 'other' })).toBe(false);
    expect(new RecordAccess(note(rules), boss).can('delete', published)).toBe(true);
    expect(members.member(APP, 'boss')?.role).toBe('admin');
  });

  it('visible: nothing hidden (null) for the service role or open rules', () => {
    expect(new RecordAccess(note(rules), service).visible()).toBeNull();
    expect(new RecordAccess(note(rules), service).visible('delete')).toBeNull();
    expect(new RecordAccess(note({}), anonymous).visible()).toBeNull();
    expect(new RecordAccess(note({}), anonymous).visible('update')).toBeNull();
    expect(new RecordAccess(note({ create: false }), anonymous).visible('delete')).toBeNull();
  });

  it('visible: the records the caller may read, and also change when asked', () => {
    const readable = new RecordAccess(note(rules), other).visible()!;
    expect(readable(published)).toBe(true);
    expect(readable(draft)).toBe(false);
    const deletable = new RecordAccess(note(rules), other).visible('delete')!;
    expect(deletable(published)).toBe(false);
    expect(new RecordAccess(note(rules), boss).visible('delete')!(published)).toBe(true);
    expect(new RecordAccess(note(rules), boss).visible('delete')!(draft)).toBe(false);
    // Readable by all, but changed only by the owner: the update filter hides the others' records.
    const updatable = new RecordAccess(note({ update: rules.update }), other).visible('update')!;
    expect(updatable(published)).toBe(false);
    expect(updatable(record({ created_by_id: 'other' }))).toBe(true);
    // A delete filter is not an update filter.
    const onlyUpdate = new RecordAccess(note({ update: false }), other);
    expect(onlyUpdate.visible('delete')).toBeNull();
    expect(onlyUpdate.visible('update')!(published)).toBe(false);
  });

  it('require: a record the caller may not read answers 404 like a missing one', () => {
    const access = new RecordAccess(note(rules), other);
    for (const operation of ['read', 'update', 'delete'] as const) {
      expect(
        outcome(() => access.require(operation, draft)),
        operation,
      ).toBe('404 record_not_found: Note record n1 not found');
    }
  });

  it('require: one it may read but not change answers 403 naming the operation', () => {
    const access = new RecordAccess(note(rules), other);
    expect(outcome(() => access.require('read', published))).toBe('done');
    expect(outcome(() => access.require('update', published))).toBe(
      '403 permission_denied: You are not allowed to update this Note record',
    );
    expect(outcome(() => access.require('delete', published))).toBe(
      '403 permission_denied: You are not allowed to delete this Note record',
    );
    const mine = new RecordAccess(note(rules), owner);
    expect(outcome(() => mine.require('update', published))).toBe('done');
    expect(outcome(() => new RecordAccess(note(rules), boss).require('delete', published))).toBe('done');
    expect(outcome(() => new RecordAccess(note({ read: false }), service).require('update', draft))).toBe(
      'done',
    );
  });

  it('checkNew: checks every record against the schema, then the create rule as the record would be stored', () => {
    const access = new RecordAccess(note(rules), owner);
    const author = { id: 'owner', email: 'owner@example.com' };
    expect(access.checkNew([{ title: 'A' }, { title: 'B', status: 'published' }], author, 'create')).toEqual([
      { title: 'A', status: 'draft' },
      { title: 'B', status: 'published' },
    ]);
    // Written by someone else: refused, whatever the data says of its author.
    const forged = { id: 'other', email: 'other@example.com' };
    expect(outcome(() => access.checkNew([{ title: 'A', created_by_id: 'owner' }], forged, 'create'))).toBe(
      '403 permission_denied: You are not allowed to create Note records',
    );
    expect(outcome(() => access.checkNew([{ title: 'A' }, { title: 'B' }], author, 'create'))).toBe('done');
  });

  it('checkNew: the create rule can name the author’s e-mail', () => {
    const byMail = new RecordAccess(note({ create: { created_by: '{{user.email}}' } }), owner);
    expect(
      outcome(() => byMail.checkNew([{ title: 'A' }], { id: 'x', email: 'owner@example.com' }, 'create')),
    ).toBe('done');
    expect(
      outcome(() => byMail.checkNew([{ title: 'A' }], { id: 'owner', email: 'x@example.com' }, 'create')),
    ).toBe('403 permission_denied: You are not allowed to create Note records');
  });

  it('checkNew: a schema error is a 400 naming the record, before any rule', () => {
    const closed = new RecordAccess(note({ create: false }), anonymous);
    const author = { id: null, email: null };
    expect(outcome(() => closed.checkNew([{ title: 'A' }, {}], author, 'create', (i) => `Record ${i}`))).toBe(
      '400 invalid_record: Record 1: Note.title is required',
    );
    expect(outcome(() => closed.checkNew([{}], author, 'create'))).toBe(
      '400 invalid_record: Note.title is required',
    );
    expect(outcome(() => closed.checkNew([{ title: 'A' }], author, 'create'))).toBe(
      '403 permission_denied: You are not allowed to create Note records',
    );
  });

  it('checkNew: an import converts text as the schema says, a create does not', () => {
    const access = new RecordAccess(
      readEntityFile(
        'Count.jsonc',
        JSON.stringify({ name: 'Count', type: 'object', properties: { n: { type: 'integer' } } }),
      ),
      anonymous,
    );
    const author = { id: null, email: null };
    expect(access.checkNew([{ n: '3' }], author, 'import')).toEqual([{ n: 3 }]);
    expect(outcome(() => access.checkNew([{ n: '3' }], author, 'create'))).toBe(
      '400 invalid_record: Count.n must be integer',
    );
  });

  it('checkUpdate: RLS on the stored record, then the schema on the result (no defaults)', () => {
    const access = new RecordAccess(note(rules), owner);
    expect(outcome(() => access.checkUpdate(published, { ...published, title: 'New' }))).toBe('done');
    expect(outcome(() => access.checkUpdate(published, { ...published, title: 'x'.repeat(21) }))).toBe(
      '400 invalid_record: Note.title must NOT have more than 20 characters',
    );
    expect(outcome(() => access.checkUpdate(published, { id: 'n1', title: 'T', status: undefined }))).toBe(
      'done',
    );
    const stranger = new RecordAccess(note(rules), other);
    expect(outcome(() => stranger.checkUpdate(published, { ...published, title: 'x'.repeat(21) }))).toBe(
      '403 permission_denied: You are not allowed to update this Note record',
    );
    expect(outcome(() => stranger.checkUpdate(draft, published))).toBe(
      '404 record_not_found: Note record n1 not found',
    );
  });
});

describe('accessFor: the access object of a declared entity', () => {
  it('is null for an undeclared entity, and asks nobody who the caller is', () => {
    let asked = 0;
    expect(
      accessFor(undefined, () => {
        asked++;
        return { service: false, user: null };
      }),
    ).toBeNull();
    expect(asked).toBe(0);
  });

  it('binds the declaration to the caller', () => {
    const declared = note({ read: false });
    const viewer: Viewer = { service: false, user: { id: 'u' } };
    const access = accessFor(declared, () => viewer)!;
    expect(access).toBeInstanceOf(RecordAccess);
    expect(access.declared).toBe(declared);
    expect(access.viewer).toBe(viewer);
  });
});

describe('readersOf: who receives a record’s realtime event', () => {
  const state = directory([
    { id: 'owner', role: 'user' },
    { id: 'other', role: 'user' },
  ]);
  const socket = (who: Partial<SocketIdentity>): SocketIdentity => ({
    appId: APP,
    service: false,
    accountId: null,
    anonymousId: null,
    ...who,
  });

  it('everyone in the room for an undeclared entity or an open read rule', () => {
    expect(readersOf(undefined, record({}), () => state)).toBeUndefined();
    expect(readersOf(note({ read: true, update: false }), record({}), () => state)).toBeUndefined();
  });

  it('for a closed read rule, the sockets whose identity may read the record', () => {
    const mine = readersOf(
      note({ read: { created_by_id: '{{user.id}}' } }),
      record({ created_by_id: 'owner' }),
      () => state,
    )!;
    expect(mine(socket({ service: true }))).toBe(true);
    expect(mine(socket({ accountId: 'owner' }))).toBe(true);
    expect(mine(socket({ accountId: 'other' }))).toBe(false);
    expect(mine(socket({ anonymousId: 'visitor' }))).toBe(false);
    // An account that is not a member of the socket's app has no user record there.
    expect(mine(socket({ appId: 'other-app', accountId: 'owner' }))).toBe(false);
    const published = readersOf(
      note({ read: { 'data.status': 'published' } }),
      record({ status: 'published' }),
      () => state,
    )!;
    expect(published(socket({ anonymousId: 'visitor' }))).toBe(true);
    const closed = readersOf(note({ read: false }), record({}), () => state)!;
    expect(closed(socket({ accountId: 'owner' }))).toBe(false);
    expect(closed(socket({ service: true }))).toBe(true);
  });

  it('reads the member’s role when the event is published, not when the record was written', () => {
    const members: MemberRecord[] = [{ id: 'm', role: 'user' }];
    const admins = readersOf(note({ read: { user_condition: { role: 'admin' } } }), record({}), () =>
      directory(members),
    )!;
    expect(admins(socket({ accountId: 'm' }))).toBe(false);
    members[0] = { id: 'm', role: 'admin' };
    expect(admins(socket({ accountId: 'm' }))).toBe(true);
  });
});
