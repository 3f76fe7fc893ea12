/**
 * Listing entity records (`entities/entity-store.ts`): the default order walked newest or oldest first (a page stops
 * reading once full), other orders sorted with ties broken by the next key, filters, pages and fields, counts, and
 * the records read back from the database after a restart or a cleared cache.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP, all, author, ns, open, tenItems } from './entity-store-fixture.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('listing', () => {
  it('walks newest first by default, or oldest first, with skip and limit', () => {
    const { store } = tenItems();
    expect(ns(store.list(APP, 'Item', null, all()))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(
      ns(store.list(APP, 'Item', null, all({ sort: [{ field: 'created_date', descending: false }] }))),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ns(store.list(APP, 'Item', null, all({ skip: 2, limit: 3 })))).toEqual([7, 6, 5]);
    expect(ns(store.list(APP, 'Item', null, all({ skip: 8, limit: 5 })))).toEqual([1, 0]);
    expect(ns(store.list(APP, 'Item', null, all({ skip: 10 })))).toEqual([]);
    expect(ns(store.list(APP, 'Item', null, all({ limit: 1 })))).toEqual([9]);
    expect(
      ns(
        store.list(
          APP,
          'Item',
          null,
          all({ sort: [{ field: 'created_date', descending: false }], skip: 1, limit: 2 }),
        ),
      ),
    ).toEqual([1, 2]);
  });

  it('tests no more records than the page needs in the default order, newest or oldest first', () => {
    const { store } = open();
    store.createMany(APP, 'Item', [{ n: 1 }, { n: 2 }, { n: 3 }], author);
    const seen: unknown[] = [];
    const where = (record: Record<string, unknown>) => {
      seen.push(record.n);
      return true;
    };
    expect(ns(store.list(APP, 'Item', where, all({ limit: 1 })))).toEqual([3]);
    expect(seen).toEqual([3]);
    seen.length = 0;
    const oldestFirst = [{ field: 'created_date', descending: false }];
    expect(ns(store.list(APP, 'Item', where, all({ sort: oldestFirst, limit: 2 })))).toEqual([1, 2]);
    expect(seen).toEqual([1, 2]);
  });

  it('filters before skipping and limiting', () => {
    const { store } = tenItems();
    const odd = (r: Record<string, unknown>) => r.odd === true;
    expect(ns(store.list(APP, 'Item', odd, all()))).toEqual([9, 7, 5, 3, 1]);
    expect(ns(store.list(APP, 'Item', odd, all({ skip: 1, limit: 2 })))).toEqual([7, 5]);
    const up = [{ field: 'created_date', descending: false }];
    expect(ns(store.list(APP, 'Item', odd, all({ sort: up, skip: 1, limit: 2 })))).toEqual([3, 5]);
  });

  it('sorts by other keys, then pages', () => {
    const { store } = tenItems();
    const byOddThenN = [
      { field: 'odd', descending: false },
      { field: 'n', descending: true },
    ];
    expect(ns(store.list(APP, 'Item', null, all({ sort: byOddThenN })))).toEqual([
      8, 6, 4, 2, 0, 9, 7, 5, 3, 1,
    ]);
    expect(ns(store.list(APP, 'Item', null, all({ sort: byOddThenN, skip: 3, limit: 4 })))).toEqual([
      2, 0, 9, 7,
    ]);
    expect(
      ns(
        store.list(
          APP,
          'Item',
          (r) => (r.n as number) > 2,
          all({ sort: [{ field: 'n', descending: false }], limit: 2 }),
        ),
      ),
    ).toEqual([3, 4]);
    expect(
      ns(store.list(APP, 'Item', null, all({ sort: [{ field: 'n', descending: false }], skip: 8 }))),
    ).toEqual([8, 9]);
  });

  it('orders records created in the same millisecond by the next sort key', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00.000Z'));
    const { store } = open();
    store.createMany(APP, 'Item', [{ title: 'a' }, { title: 'c' }, { title: 'b' }], author);
    const sort = [
      { field: 'created_date', descending: true },
      { field: 'title', descending: false },
    ];
    expect(store.list(APP, 'Item', null, all({ sort })).map((r) => r.title)).toEqual(['a', 'b', 'c']);
    const reverse = [
      { field: 'created_date', descending: false },
      { field: 'title', descending: true },
    ];
    expect(store.list(APP, 'Item', null, all({ sort: reverse, limit: 2 })).map((r) => r.title)).toEqual([
      'c',
      'b',
    ]);
  });

  it('cuts a sorted page of more than 1,000 rows to its limit', () => {
    const { store } = open();
    store.createMany(
      APP,
      'Item',
      Array.from({ length: 1_100 }, (_, n) => ({ n })),
      author,
    );
    const byN = [{ field: 'n', descending: false }];
    const page = store.list(APP, 'Item', null, all({ sort: byN, limit: 1_001 }));
    expect(ns(page)).toEqual(Array.from({ length: 1_001 }, (_, n) => n));
    expect(ns(store.list(APP, 'Item', null, all({ sort: byN, skip: 100, limit: 950 })))).toEqual(
      Array.from({ length: 950 }, (_, n) => n + 100),
    );
  });

  it('answers only the requested fields, and id', () => {
    const { store } = tenItems();
    const [newest] = store.list(APP, 'Item', null, all({ limit: 1, fields: ['n'] }));
    expect(Object.keys(newest!).sort()).toEqual(['id', 'n']);
    const [smallest] = store.list(
      APP,
      'Item',
      null,
      all({ sort: [{ field: 'n', descending: false }], limit: 1, fields: ['odd'] }),
    );
    expect(Object.keys(smallest!).sort()).toEqual(['id', 'odd']);
  });

  it('counts all records or those a filter matches', () => {
    const { store } = tenItems();
    expect(store.count(APP, 'Item', null)).toBe(10);
    expect(store.count(APP, 'Item', (r) => r.odd === true)).toBe(5);
  });

  it('reads a collection back from the database in insertion order, after a restart or a cleared cache', () => {
    // A cleared cache reads the database again: rows deleted there are gone from the next list and count.
    const reset = open();
    reset.store.create(APP, 'Item', { n: 1 }, author);
    reset.store.create(APP, 'Item', { n: 2 }, author);
    expect(ns(reset.store.list(APP, 'Item', null, all()))).toEqual([2, 1]);
    reset.db.exec("DELETE FROM records WHERE entity = 'Item'");
    reset.store.clearCache();
    expect(reset.store.list(APP, 'Item', null, all())).toEqual([]);
    expect(reset.store.count(APP, 'Item', null)).toBe(0);

    const { db, store } = tenItems();
    const before = store.list(APP, 'Item', null, all());
    store.clearCache();
    expect(store.list(APP, 'Item', null, all())).toEqual(before);
    const restarted = open(db).store;
    expect(restarted.list(APP, 'Item', null, all())).toEqual(before);
    expect(
      ns(restarted.list(APP, 'Item', null, all({ sort: [{ field: 'n', descending: false }], limit: 3 }))),
    ).toEqual([0, 1, 2]);
  });
});
