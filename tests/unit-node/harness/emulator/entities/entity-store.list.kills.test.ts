/**
 * The store's list: the default order walks the records (a page stops reading once full), other orders sort with
 * ties broken by the next key; reads come from the in-memory copy; an app without declared names answers 404.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import {
  ENTITY_TABLES,
  EntityStore,
} from '../../../../../host-harness/src/emulator/entities/entity-store.ts';
import {
  DEFAULT_SORT,
  type ListOptions,
} from '../../../../../host-harness/src/emulator/entities/query/list-options.ts';

const APP = 'app-1';
const author = { id: 'u1', email: 'u1@example.com' };
const newStore = () => new EntityStore(openDatabase(null, [ENTITY_TABLES]), () => {});
const page = (limit: number | null, sort = DEFAULT_SORT): ListOptions => ({
  sort,
  limit,
  skip: 0,
  fields: null,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('EntityStore.list in the default order', () => {
  it('stops testing records once the page is full (newest first, then oldest first)', () => {
    const store = newStore();
    store.createMany(APP, 'Item', [{ n: 1 }, { n: 2 }, { n: 3 }], author);
    const seen: unknown[] = [];
    const where = (record: Record<string, unknown>) => {
      seen.push(record.n);
      return true;
    };
    expect(store.list(APP, 'Item', where, page(1)).map((r) => r.n)).toEqual([3]);
    expect(seen).toEqual([3]);
    seen.length = 0;
    const oldestFirst = [{ field: 'created_date', descending: false }];
    expect(store.list(APP, 'Item', where, page(2, oldestFirst)).map((r) => r.n)).toEqual([1, 2]);
    expect(seen).toEqual([1, 2]);
  });
});

describe('EntityStore.list with created_date and a second key', () => {
  it('orders records created in the same millisecond by the second key', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00.000Z'));
    const store = newStore();
    store.createMany(APP, 'Item', [{ title: 'a' }, { title: 'c' }, { title: 'b' }], author);
    const sort = [
      { field: 'created_date', descending: true },
      { field: 'title', descending: false },
    ];
    expect(store.list(APP, 'Item', null, page(null, sort)).map((r) => r.title)).toEqual(['a', 'b', 'c']);
    const reverse = [
      { field: 'created_date', descending: false },
      { field: 'title', descending: true },
    ];
    expect(store.list(APP, 'Item', null, page(2, reverse)).map((r) => r.title)).toEqual(['c', 'b']);
  });
});

describe('EntityStore reads', () => {
  it('answer the stored record from memory: two reads give the same object', () => {
    const store = newStore();
    const created = store.create(APP, 'Item', { n: 1 }, author);
    const first = store.get(APP, 'Item', created.id);
    expect(first).toEqual(created);
    expect(store.get(APP, 'Item', created.id)).toBe(first);
    expect(store.list(APP, 'Item', null, page(null))[0]).toBe(first);
  });

  it('refuse an entity never written with 404 when no declared names were given', () => {
    const store = newStore();
    expect(() => store.list(APP, 'Nope', null, page(null))).toThrow(
      expect.objectContaining({ message: 'Entity Nope not found in app app-1', code: 'entity_not_found' }),
    );
  });

  it('keep an existing collection and its records after a failed write', () => {
    const store = newStore();
    const kept = store.create(APP, 'Item', { n: 1 }, author);
    expect(() => store.createMany(APP, 'Item', [{ n: 2 }, { n: 3 }], author, ['x', kept.id])).toThrow();
    expect(store.exists(APP, 'Item')).toBe(true);
    expect(store.list(APP, 'Item', null, page(null))).toEqual([kept]);
    expect(store.create(APP, 'Item', { n: 4 }, author).n).toBe(4);
    expect(store.count(APP, 'Item', null)).toBe(2);
  });
});
