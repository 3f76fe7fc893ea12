/** A record as stored and answered: its fields, with the platform's own (`id`, `created_date`, …). */
export type EntityRecord = Record<string, unknown> & { id: string };

/** One record in memory, with its insertion sequence (the database row id). */
export interface Row {
  record: EntityRecord;
  seq: number;
}

/**
 * The in-memory copy of one collection: records by id, plus an array in insertion order that is appended to on
 * create, left as is on update (rows are changed in place) and rebuilt lazily after a delete.
 */
export class Collection {
  private readonly byId = new Map<string, Row>();
  private ordered: Row[] | null = [];

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Row | undefined {
    return this.byId.get(id);
  }

  /** Adds a row; rows must be added in increasing `seq`. */
  add(row: Row): void {
    this.byId.set(row.record.id, row);
    this.ordered?.push(row);
  }

  replace(id: string, record: EntityRecord): void {
    const row = this.byId.get(id);
    if (row) row.record = record;
  }

  remove(id: string): void {
    if (this.byId.delete(id)) this.ordered = null;
  }

  /** Rows in insertion order (which is `created_date` order). Do not modify the array. */
  rows(): readonly Row[] {
    this.ordered ??= [...this.byId.values()];
    return this.ordered;
  }
}
