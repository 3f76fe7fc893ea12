import type { Db, Tables } from '../core/database.ts';
import { BadRequestError, NotFoundError } from '../core/errors.ts';
import { newId, nowIso } from '../core/ids.ts';
import { Collection, type EntityRecord } from './collection.ts';
import type { Predicate } from './query/filter.ts';
import { type ListOptions, project, selectSorted } from './query/list-options.ts';
import type { RecordPatch } from './record-patch.ts';

/** Collections (an app's entity names) and their records, one JSON row each. */
export const ENTITY_TABLES: Tables = {
  names: ['collections', 'records'],
  schema: `
CREATE TABLE IF NOT EXISTS collections (
  app_id TEXT NOT NULL,
  entity TEXT NOT NULL,
  created_date TEXT NOT NULL,
  PRIMARY KEY (app_id, entity)
);
CREATE TABLE IF NOT EXISTS records (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  app_id TEXT NOT NULL,
  entity TEXT NOT NULL,
  id TEXT NOT NULL,
  data TEXT NOT NULL,
  UNIQUE (app_id, entity, id)
);
CREATE INDEX IF NOT EXISTS records_by_entity ON records (app_id, entity, seq);
`,
};

export type { EntityRecord };

/** Who is writing: recorded as `created_by` (e-mail) and `created_by_id`. */
export interface Author {
  id: string | null;
  email: string | null;
}

/** Receives every committed change (the realtime server broadcasts it). */
export type ChangeListener = (
  appId: string,
  entity: string,
  type: 'create' | 'update' | 'delete',
  record: EntityRecord,
) => void;

/**
 * Entity records. SQLite is the source of truth (one JSON row per record, indexed by app and entity); each collection
 * is also kept in memory in insertion order, so filters and sorts over 10,000 records take milliseconds without
 * re-parsing JSON. The cache is only updated after a transaction commits.
 */
export class EntityStore {
  private readonly cache = new Map<string, Collection>();
  private readonly stmts;
  private declared?: (entity: string) => boolean;

  constructor(
    private readonly db: Db,
    private readonly onChange: ChangeListener,
  ) {
    this.stmts = {
      collection: db.prepare('SELECT 1 FROM collections WHERE app_id = ? AND entity = ?'),
      addCollection: db.prepare(
        'INSERT OR IGNORE INTO collections (app_id, entity, created_date) VALUES (?, ?, ?)',
      ),
      load: db.prepare('SELECT seq, data FROM records WHERE app_id = ? AND entity = ? ORDER BY seq'),
      insert: db.prepare('INSERT INTO records (app_id, entity, id, data) VALUES (?, ?, ?, ?)'),
      update: db.prepare('UPDATE records SET data = ? WHERE app_id = ? AND entity = ? AND id = ?'),
      remove: db.prepare('DELETE FROM records WHERE app_id = ? AND entity = ? AND id = ?'),
      dropRecords: db.prepare('DELETE FROM records WHERE app_id = ? AND entity = ?'),
      dropCollection: db.prepare('DELETE FROM collections WHERE app_id = ? AND entity = ?'),
    };
  }

  /** Names the project declares (`base44/entities/`): they read as empty collections before their first write. */
  setDeclared(isDeclared: (entity: string) => boolean): void {
    this.declared = isDeclared;
  }

  /** Forgets the in-memory copy (after a reset). */
  clearCache(): void {
    this.cache.clear();
  }

  exists(appId: string, entity: string): boolean {
    return this.stmts.collection.get(appId, entity) !== undefined;
  }

  /** Rows of a collection in insertion order; throws 404 for an undeclared collection never written. */
  private rows(appId: string, entity: string): Collection {
    const key = `${appId}\u0000${entity}`;
    let rows = this.cache.get(key);
    if (rows) return rows;
    if (!this.exists(appId, entity)) {
      // Not cached: the first write creates the collection (and caches it) as for any other entity.
      if (this.declared?.(entity)) return new Collection();
      throw new NotFoundError(`Entity ${entity} not found in app ${appId}`, 'entity_not_found');
    }
    rows = new Collection();
    for (const row of this.stmts.load.iterate(appId, entity) as Iterable<{ seq: number; data: string }>) {
      rows.add({ record: JSON.parse(row.data) as EntityRecord, seq: row.seq });
    }
    this.cache.set(key, rows);
    return rows;
  }

  /** Rows of a collection, creating the collection first (the emulator is lenient: first write creates it). */
  private rowsForWrite(appId: string, entity: string): Collection {
    // INSERT OR IGNORE: an existing collection keeps its row.
    this.stmts.addCollection.run(appId, entity, nowIso());
    return this.rows(appId, entity);
  }

  list(
    appId: string,
    entity: string,
    where: Predicate | null,
    options: ListOptions,
  ): Record<string, unknown>[] {
    const all = this.rows(appId, entity).rows();
    const { sort, skip, limit, fields } = options;
    const only = sort.length === 1 ? sort[0] : undefined;
    if (only?.field !== 'created_date') {
      const wanted = limit === null ? null : skip + limit;
      return selectSorted(all, where, sort, wanted)
        .slice(skip)
        .map((row) => project(row.record, fields));
    }
    // Insertion order is created_date order (see nowIso): the default sort is a walk over the array, no sorting.
    const out: Record<string, unknown>[] = [];
    const end = limit === null ? Number.POSITIVE_INFINITY : skip + limit;
    const step = only.descending ? -1 : 1;
    let matched = 0;
    for (let i = only.descending ? all.length - 1 : 0; i >= 0 && i < all.length && matched < end; i += step) {
      const record = all[i]!.record;
      if (where && !where(record)) continue;
      if (matched >= skip) out.push(project(record, fields));
      matched++;
    }
    return out;
  }

  count(appId: string, entity: string, where: Predicate | null): number {
    const rows = this.rows(appId, entity);
    if (!where) return rows.size;
    let n = 0;
    for (const row of rows.rows()) if (where(row.record)) n++;
    return n;
  }

  get(appId: string, entity: string, id: string): EntityRecord {
    const row = this.rows(appId, entity).get(id);
    if (!row) throw new NotFoundError(`${entity} record ${id} not found`, 'record_not_found');
    return row.record;
  }

  find(appId: string, entity: string, id: string): EntityRecord | undefined {
    if (!this.exists(appId, entity)) return undefined;
    return this.rows(appId, entity).get(id)?.record;
  }

  /** Creates records in one transaction (all or nothing); `ids` lets callers choose ids (User records). */
  createMany(
    appId: string,
    entity: string,
    items: Record<string, unknown>[],
    author: Author,
    ids?: string[],
  ): EntityRecord[] {
    const write = this.db.transaction(() => {
      const rows = this.rowsForWrite(appId, entity);
      return items.map((data, i) => {
        const now = nowIso();
        const record: EntityRecord = {
          id: ids?.[i] ?? newId(),
          ...data,
          created_date: now,
          updated_date: now,
          created_by: author.email,
          created_by_id: author.id,
        };
        const info = this.stmts.insert.run(appId, entity, record.id, JSON.stringify(record));
        return { record, seq: Number(info.lastInsertRowid), rows };
      });
    });
    let created: ReturnType<typeof write>;
    try {
      created = write();
    } catch (error) {
      // A rolled-back first write must not leave a cached collection that the database does not have (an existing
      // collection's rows are simply read again from the database, which holds what the cache held).
      this.cache.delete(`${appId}\u0000${entity}`);
      throw error;
    }
    for (const { record, seq, rows } of created) rows.add({ record, seq });
    for (const { record } of created) this.onChange(appId, entity, 'create', record);
    return created.map((c) => c.record);
  }

  create(appId: string, entity: string, data: Record<string, unknown>, author: Author): EntityRecord {
    return this.createMany(appId, entity, [data], author)[0]!;
  }

  /**
   * Applies a patch (merge, `$set`, `$unset`, atomic `$inc`) inside one transaction. `guard` sees the record before
   * and after, inside the transaction, and may throw to refuse the change (RLS and schema of declared entities).
   */
  update(
    appId: string,
    entity: string,
    id: string,
    patch: RecordPatch,
    guard?: (before: EntityRecord, after: EntityRecord) => void,
  ): EntityRecord {
    const rows = this.rows(appId, entity);
    const next = this.db.transaction(() => {
      const row = rows.get(id);
      if (!row) throw new NotFoundError(`${entity} record ${id} not found`, 'record_not_found');
      const record: EntityRecord = { ...row.record, ...patch.set, updated_date: nowIso() };
      for (const field of patch.unset) delete record[field];
      for (const [field, amount] of Object.entries(patch.inc)) {
        const current = record[field] ?? 0;
        if (typeof current !== 'number') {
          throw new BadRequestError(
            `Cannot $inc ${field}: it holds a ${typeof current}, not a number`,
            'invalid_body',
          );
        }
        // Past ±1.8e308 the sum is Infinity, stored as null: refuse it (the transaction rolls back).
        if (!Number.isFinite(current + amount))
          throw new BadRequestError(`Cannot $inc ${field}: the result is too large to store`, 'invalid_body');
        record[field] = current + amount;
      }
      guard?.(row.record, record);
      this.stmts.update.run(JSON.stringify(record), appId, entity, id);
      return record;
    })();
    rows.replace(id, next);
    this.onChange(appId, entity, 'update', next);
    return next;
  }

  delete(appId: string, entity: string, id: string): EntityRecord {
    const rows = this.rows(appId, entity);
    const row = rows.get(id);
    if (!row) throw new NotFoundError(`${entity} record ${id} not found`, 'record_not_found');
    this.stmts.remove.run(appId, entity, id);
    rows.remove(id);
    this.onChange(appId, entity, 'delete', row.record);
    return row.record;
  }

  /**
   * Removes a collection and every record of it (an entity the app no longer has). Run inside the caller's
   * transaction; `dropped` forgets the cached copy once that transaction has committed.
   */
  drop(appId: string, entity: string): { dropped(): void } {
    this.stmts.dropRecords.run(appId, entity);
    this.stmts.dropCollection.run(appId, entity);
    return { dropped: () => this.cache.delete(`${appId}\u0000${entity}`) };
  }

  deleteMany(appId: string, entity: string, where: Predicate): number {
    const rows = this.rows(appId, entity);
    const doomed = rows
      .rows()
      .filter((row) => where(row.record))
      .map((row) => row.record);
    this.db.transaction(() => {
      for (const record of doomed) this.stmts.remove.run(appId, entity, record.id);
    })();
    for (const record of doomed) {
      rows.remove(record.id);
      this.onChange(appId, entity, 'delete', record);
    }
    return doomed.length;
  }
}
