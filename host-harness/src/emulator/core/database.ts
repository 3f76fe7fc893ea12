import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** The file name of the emulator's database inside its data folder. */
export const DATABASE_FILE = 'platform.sqlite';

/**
 * A store's tables: their names (a reset empties them) and the statements that create them if missing. Each feature
 * declares its own beside its store; the names are those of the first data folders, kept so that an existing
 * `.harness-data/` opens unchanged.
 */
export interface Tables {
  names: readonly string[];
  schema: string;
}

/**
 * Opens (creating if needed) the database with the given tables. On disk it runs in WAL mode with
 * `synchronous=FULL`: every commit is fsynced before the request is answered, so an acknowledged write survives
 * `kill -9` and power loss. `dataDir` null or undefined gives an in-memory database (tests).
 */
export function openDatabase(dataDir: string | null | undefined, tables: readonly Tables[]): Db {
  let db: Db;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(path.join(dataDir, DATABASE_FILE));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
  } else {
    db = new Database(':memory:');
  }
  db.pragma('foreign_keys = ON');
  db.exec(tables.map((set) => set.schema).join('\n'));
  return db;
}
