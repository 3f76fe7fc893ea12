/**
 * Entity records over a real in-memory SQLite database (`entities/entity-store.ts`): what is stored and answered, the
 * events each committed change sends, and that a refused or failed write leaves nothing behind (in the database or in
 * memory). Listing is in `entity-store.list.test.ts`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import { ApiError } from '../../../../../host-harness/src/emulator/core/errors.ts';
import {
  ENTITY_TABLES,
  type EntityRecord,
} from '../../../../../host-harness/src/emulator/entities/entity-store.ts';
import { outcome } from '../outcome.ts';
import { APP, all, author, ns, open, tenItems } from './entity-store-fixture.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('ENTITY_TABLES', () => {
  it('names every table its schema creates, so that a reset empties them all', () => {
    const db = openDatabase(null, [ENTITY_TABLES]);
    const created = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((row) => (row as { name: string }).name);
    expect([...ENTITY_TABLES.names].sort()).toEqual(created);
    expect(created).toEqual(['collections', 'records']);
  });
});

describe('collections', () => {
  it('answers 404 entity_not_found for a collection never written, unless the project declares it', () => {
    const { store } = open();
    expect(outcome(() => store.list(APP, 'Item', null, all()))).toBe(
      '404 entity_not_found: Entity Item not found in app app-1',
    );
    expect(() => store.list(APP, 'Nope', null, all())).toThrow(
      expect.objectContaining({ message: 'Entity Nope not found in app app-1', code: 'entity_not_found' }),
    );
    expect(outcome(() => store.count(APP, 'Item', null))).toBe(
      '404 entity_not_found: Entity Item not found in app app-1',
    );
    expect(store.exists(APP, 'Item')).toBe(false);
    expect(store.find(APP, 'Item', 'x')).toBeUndefined();
    store.setDeclared((entity) => entity === 'Item');
    expect(store.list(APP, 'Item', null, all())).toEqual([]);
    expect(store.count(APP, 'Item', null)).toBe(0);
    expect(outcome(() => store.get(APP, 'Item', 'x'))).toBe('404 record_not_found: Item record x not found');
    expect(store.exists(APP, 'Item')).toBe(false);
    expect(outcome(() => store.list(APP, 'Other', null, all()))).toBe(
      '404 entity_not_found: Entity Other not found in app app-1',
    );
  });

  it('creates a collection on its first write, per app', () => {
    const { store } = open();
    store.create(APP, 'Item', { a: 1 }, author);
    expect(store.exists(APP, 'Item')).toBe(true);
    expect(store.exists('app-2', 'Item')).toBe(false);
    expect(outcome(() => store.list('app-2', 'Item', null, all()))).toBe(
      '404 entity_not_found: Entity Item not found in app app-2',
    );
  });
});

describe('creating records', () => {
  it('stores the data with an id, the dates and the author, and sends one create event each', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2031, 0, 2, 3, 4, 5));
    const { store, events } = open();
    const [first, second] = store.createMany(APP, 'Item', [{ a: 1 }, { b: { c: [2] } }], author);
    const when = '2031-01-02T03:04:05.000Z';
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      a: 1,
      created_date: when,
      updated_date: when,
      created_by: 'u1@example.com',
      created_by_id: 'u1',
    });
    expect(second).toMatchObject({ b: { c: [2] }, created_by_id: 'u1' });
    expect(second!.id).not.toBe(first!.id);
    expect(store.get(APP, 'Item', first!.id)).toEqual(first);
    expect(events).toEqual([
      { app: APP, entity: 'Item', type: 'create', record: first },
      { app: APP, entity: 'Item', type: 'create', record: second },
    ]);
  });

  it('keeps ids chosen by the caller, and the platform’s fields over the data’s', () => {
    const { store } = open();
    const records = store.createMany(
      APP,
      'User',
      [{ created_by: 'x', created_date: 'then', role: 'user' }, { role: 'admin' }],
      { id: null, email: null },
      ['65f0a0000000000000000009'],
    );
    expect(records[0]).toMatchObject({
      id: '65f0a0000000000000000009',
      created_by: null,
      created_by_id: null,
      role: 'user',
    });
    expect(records[0]!.created_date).not.toBe('then');
    expect(records[1]!.id).toMatch(/^[0-9a-f]{24}$/);
    expect(store.get(APP, 'User', '65f0a0000000000000000009')).toEqual(records[0]);
  });

  it('writes all records or none: a failed first write leaves no collection behind, a later one keeps it as it was', () => {
    const { store, events } = open();
    expect(() => store.createMany(APP, 'Item', [{ a: 1 }, { a: 2 }], author, ['same', 'same'])).toThrow(
      /UNIQUE/,
    );
    expect(store.exists(APP, 'Item')).toBe(false);
    expect(outcome(() => store.count(APP, 'Item', null))).toBe(
      '404 entity_not_found: Entity Item not found in app app-1',
    );
    expect(events).toEqual([]);
    store.create(APP, 'Item', { a: 0 }, author);
    expect(() => store.createMany(APP, 'Item', [{ a: 1 }, { a: 2 }], author, ['dup', 'dup'])).toThrow(
      /UNIQUE/,
    );
    expect(store.list(APP, 'Item', null, all()).map((r) => r.a)).toEqual([0]);
    expect(store.count(APP, 'Item', null)).toBe(1);
    // A write that fails on an id already stored leaves the collection and its records, and the next write works.
    const other = open().store;
    const kept = other.create(APP, 'Item', { n: 1 }, author);
    expect(() => other.createMany(APP, 'Item', [{ n: 2 }, { n: 3 }], author, ['x', kept.id])).toThrow();
    expect(other.exists(APP, 'Item')).toBe(true);
    expect(other.list(APP, 'Item', null, all())).toEqual([kept]);
    expect(other.create(APP, 'Item', { n: 4 }, author).n).toBe(4);
    expect(other.count(APP, 'Item', null)).toBe(2);
  });

  it('keeps the collection of a declared entity whose first write failed answering []', () => {
    const { store } = open();
    store.setDeclared(() => true);
    expect(() => store.createMany(APP, 'Item', [{}, {}], author, ['same', 'same'])).toThrow(/UNIQUE/);
    expect(store.list(APP, 'Item', null, all())).toEqual([]);
    store.create(APP, 'Item', { a: 1 }, author);
    expect(store.count(APP, 'Item', null)).toBe(1);
  });
});

describe('get and find', () => {
  it('answers the record, or 404 (get) or undefined (find) for an unknown id', () => {
    const { store } = open();
    const record = store.create(APP, 'Item', { a: 1 }, author);
    expect(store.get(APP, 'Item', record.id)).toEqual(record);
    expect(store.find(APP, 'Item', record.id)).toEqual(record);
    expect(outcome(() => store.get(APP, 'Item', 'nope'))).toBe(
      '404 record_not_found: Item record nope not found',
    );
    expect(store.find(APP, 'Item', 'nope')).toBeUndefined();
  });

  it('answers the stored record from memory: two reads, or a read and a list, give the same object', () => {
    const { store } = open();
    const created = store.create(APP, 'Item', { n: 1 }, author);
    const first = store.get(APP, 'Item', created.id);
    expect(first).toEqual(created);
    expect(store.get(APP, 'Item', created.id)).toBe(first);
    expect(store.list(APP, 'Item', null, all())[0]).toBe(first);
  });
});

describe('updating records', () => {
  function oneItem() {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2032, 0, 1));
    const opened = open();
    const record = opened.store.create(APP, 'Item', { a: 1, b: 2, n: 5, text: 'x' }, author);
    opened.events.length = 0;
    vi.setSystemTime(Date.UTC(2032, 0, 2));
    return { ...opened, record };
  }

  it('merges $set, drops $unset, adds $inc, stamps updated_date and sends an update event', () => {
    const { store, events, record } = oneItem();
    const next = store.update(APP, 'Item', record.id, {
      set: { a: 10, c: 3 },
      unset: ['b'],
      inc: { n: 2, fresh: 4 },
    });
    expect(next).toEqual({
      ...record,
      a: 10,
      b: undefined,
      c: 3,
      n: 7,
      fresh: 4,
      updated_date: '2032-01-02T00:00:00.000Z',
    });
    expect('b' in next).toBe(false);
    expect(store.get(APP, 'Item', record.id)).toEqual(next);
    expect(events).toEqual([{ app: APP, entity: 'Item', type: 'update', record: next }]);
    store.clearCache();
    expect(store.get(APP, 'Item', record.id)).toEqual(next);
  });

  it('refuses $inc of a field that is not a number, or past what can be stored, and changes nothing', () => {
    const { store, events, record } = oneItem();
    expect(
      outcome(() => store.update(APP, 'Item', record.id, { set: { a: 2 }, unset: [], inc: { text: 1 } })),
    ).toBe('400 invalid_body: Cannot $inc text: it holds a string, not a number');
    store.update(APP, 'Item', record.id, { set: { big: Number.MAX_VALUE }, unset: [], inc: {} });
    events.length = 0;
    expect(
      outcome(() =>
        store.update(APP, 'Item', record.id, { set: {}, unset: [], inc: { big: Number.MAX_VALUE } }),
      ),
    ).toBe('400 invalid_body: Cannot $inc big: the result is too large to store');
    expect(
      outcome(() =>
        store.update(APP, 'Item', record.id, { set: {}, unset: [], inc: { big: -Number.MAX_VALUE } }),
      ),
    ).toBe('done');
    expect(store.get(APP, 'Item', record.id)).toMatchObject({ a: 1, text: 'x', big: 0 });
    expect(events.map((e) => e.type)).toEqual(['update']);
  });

  it('lets the guard see the record before and after, inside the transaction, and refuse the change', () => {
    const { store, events, record } = oneItem();
    const seen: [EntityRecord, EntityRecord][] = [];
    const refuse = (before: EntityRecord, after: EntityRecord) => {
      seen.push([before, after]);
      throw new ApiError(403, 'no', 'permission_denied');
    };
    expect(
      outcome(() => store.update(APP, 'Item', record.id, { set: { a: 9 }, unset: [], inc: {} }, refuse)),
    ).toBe('403 permission_denied: no');
    expect(seen).toEqual([[record, { ...record, a: 9, updated_date: '2032-01-02T00:00:00.000Z' }]]);
    expect(store.get(APP, 'Item', record.id)).toEqual(record);
    store.clearCache();
    expect(store.get(APP, 'Item', record.id)).toEqual(record);
    expect(events).toEqual([]);
    store.update(APP, 'Item', record.id, { set: { a: 9 }, unset: [], inc: {} }, () => undefined);
    expect(store.get(APP, 'Item', record.id).a).toBe(9);
  });

  it('answers 404 for an unknown record', () => {
    const { store } = oneItem();
    expect(outcome(() => store.update(APP, 'Item', 'nope', { set: {}, unset: [], inc: {} }))).toBe(
      '404 record_not_found: Item record nope not found',
    );
  });
});

describe('deleting records', () => {
  it('deletes one record, answers it and sends a delete event; 404 for an unknown one', () => {
    const { store, events } = tenItems();
    const [newest] = store.list(APP, 'Item', null, all({ limit: 1 }));
    expect(store.delete(APP, 'Item', newest!.id as string)).toEqual(newest);
    expect(events).toEqual([{ app: APP, entity: 'Item', type: 'delete', record: newest }]);
    expect(store.count(APP, 'Item', null)).toBe(9);
    expect(outcome(() => store.delete(APP, 'Item', newest!.id as string))).toBe(
      `404 record_not_found: Item record ${newest!.id} not found`,
    );
    store.clearCache();
    expect(store.count(APP, 'Item', null)).toBe(9);
  });

  it('deletes what a filter matches, counts it, and sends one event each', () => {
    const { store, events } = tenItems();
    expect(store.deleteMany(APP, 'Item', (r) => r.odd === true)).toBe(5);
    expect(events.map((e) => [e.type, e.record.n])).toEqual([
      ['delete', 1],
      ['delete', 3],
      ['delete', 5],
      ['delete', 7],
      ['delete', 9],
    ]);
    expect(ns(store.list(APP, 'Item', null, all()))).toEqual([8, 6, 4, 2, 0]);
    store.clearCache();
    expect(ns(store.list(APP, 'Item', null, all()))).toEqual([8, 6, 4, 2, 0]);
    expect(store.deleteMany(APP, 'Item', () => false)).toBe(0);
  });
});
