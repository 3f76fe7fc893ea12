/** The store's in-memory copy is forgotten on `clearCache`, so a reset of the database shows in the next read. */
import { describe, expect, it } from 'vitest';
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
const all = (): ListOptions => ({ sort: DEFAULT_SORT, limit: null, skip: 0, fields: null });

describe('EntityStore.clearCache', () => {
  it('reads the database again after a reset', () => {
    const db = openDatabase(null, [ENTITY_TABLES]);
    const store = new EntityStore(db, () => {});
    store.create(APP, 'Item', { n: 1 }, author);
    store.create(APP, 'Item', { n: 2 }, author);
    expect(store.list(APP, 'Item', null, all()).map((r) => r.n)).toEqual([2, 1]);
    db.exec("DELETE FROM records WHERE entity = 'Item'");
    store.clearCache();
    expect(store.list(APP, 'Item', null, all())).toEqual([]);
    expect(store.count(APP, 'Item', null)).toBe(0);
  });
});
