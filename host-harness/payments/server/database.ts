/**
 * The stand-in's own SQLite database, `payment-provider.sqlite` in its data folder or in memory: WAL, each commit
 * fsynced before the answer, so `kill -9` loses no acknowledged change.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export const DATABASE_FILE = 'payment-provider.sqlite';

/** A store's tables: their names (a reset empties them) and the statements that create them. */
export interface Tables {
  names: readonly string[];
  schema: string;
}

export function openDatabase(dataDir: string | null | undefined, tables: readonly Tables[]): Db {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = new Database(dataDir ? path.join(dataDir, DATABASE_FILE) : ':memory:');
  if (dataDir)
    for (const pragma of ['journal_mode = WAL', 'synchronous = FULL', 'busy_timeout = 5000'])
      db.pragma(pragma);
  db.exec(tables.map((set) => set.schema).join('\n'));
  return db;
}

/** Empties every table in one transaction. */
export function emptyTables(db: Db, tables: readonly Tables[]): void {
  db.transaction(() => {
    for (const name of tables.flatMap((set) => set.names)) db.prepare(`DELETE FROM ${name}`).run();
  })();
}
