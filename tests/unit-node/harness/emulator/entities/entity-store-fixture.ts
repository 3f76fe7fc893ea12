/** The entity store over a fresh in-memory database, for the store's tests: its events kept, and ten records to list. */
import { type Db, openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import {
  ENTITY_TABLES,
  type EntityRecord,
  EntityStore,
} from '../../../../../host-harness/src/emulator/entities/entity-store.ts';
import {
  DEFAULT_SORT,
  type ListOptions,
} from '../../../../../host-harness/src/emulator/entities/query/list-options.ts';

export const APP = 'app-1';
export const author = { id: 'u1', email: 'u1@example.com' };

/** List options: every record in the default order, unless `extra` says otherwise. */
export const all = (extra: Partial<ListOptions> = {}): ListOptions => ({
  sort: DEFAULT_SORT,
  limit: null,
  skip: 0,
  fields: null,
  ...extra,
});

export interface StoreEvent {
  app: string;
  entity: string;
  type: string;
  record: EntityRecord;
}

/** A store over `db` (a new database by default) whose change events are kept in `events`. */
export function open(db: Db = openDatabase(null, [ENTITY_TABLES])) {
  const events: StoreEvent[] = [];
  const store = new EntityStore(db, (app, entity, type, record) =>
    events.push({ app, entity, type, record }),
  );
  return { db, store, events };
}

/** Ten records n = 0..9 of Item, created in order. */
export function tenItems() {
  const opened = open();
  opened.store.createMany(
    APP,
    'Item',
    Array.from({ length: 10 }, (_, n) => ({ n, odd: n % 2 === 1 })),
    author,
  );
  opened.events.length = 0;
  return opened;
}

/** The `n` of each record, in order. */
export const ns = (records: Record<string, unknown>[]) => records.map((r) => r.n);
