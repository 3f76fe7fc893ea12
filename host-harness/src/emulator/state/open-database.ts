import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** The file name of the emulator's database inside its data folder. */
export const DATABASE_FILE = 'platform.sqlite';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS apps (
  id TEXT PRIMARY KEY,
  settings TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT,
  full_name TEXT NOT NULL DEFAULT '',
  verified INTEGER NOT NULL DEFAULT 0,
  profile TEXT NOT NULL DEFAULT '{}',
  created_date TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
  token TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  created_date TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tokens_by_account ON tokens (account_id);
CREATE TABLE IF NOT EXISTS one_time_codes (
  email TEXT PRIMARY KEY COLLATE NOCASE,
  code TEXT NOT NULL,
  expires_ms INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS reset_tokens (
  token TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  expires_ms INTEGER NOT NULL
);
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
CREATE TABLE IF NOT EXISTS outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  data TEXT NOT NULL,
  created_seq INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS provider_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  app_id TEXT NOT NULL,
  session_id TEXT,
  type TEXT NOT NULL,
  created_s INTEGER NOT NULL,
  payload TEXT NOT NULL,
  attempts TEXT NOT NULL,
  attempt_count INTEGER NOT NULL,
  state TEXT NOT NULL,
  next_attempt_ms INTEGER
);
CREATE INDEX IF NOT EXISTS provider_events_by_session ON provider_events (session_id, seq);
CREATE TABLE IF NOT EXISTS app_logs (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL,
  app_id TEXT NOT NULL,
  page TEXT NOT NULL,
  user_id TEXT NOT NULL,
  user_email TEXT NOT NULL,
  created_date TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS app_logs_by_date ON app_logs (app_id, created_date);
CREATE TABLE IF NOT EXISTS conversations (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  app_id TEXT NOT NULL,
  owner TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_conversation ON messages (conversation_id, seq);
CREATE TABLE IF NOT EXISTS files (
  id TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_date TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS analytics_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  app_id TEXT NOT NULL,
  data TEXT NOT NULL
);
`;

/** Every table, in the order `reset` empties them. */
export const TABLES = [
  'apps',
  'accounts',
  'tokens',
  'one_time_codes',
  'reset_tokens',
  'collections',
  'records',
  'outbox',
  'orders',
  'provider_events',
  'app_logs',
  'conversations',
  'messages',
  'files',
  'analytics_events',
] as const;

/**
 * Opens (creating if needed) the database. On disk it runs in WAL mode with `synchronous=FULL`: every commit is
 * fsynced before the request is answered, so an acknowledged write survives `kill -9` and power loss.
 * `dataDir` null or undefined gives an in-memory database (tests).
 */
export function openDatabase(dataDir: string | null | undefined): Db {
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
  db.exec(SCHEMA);
  return db;
}
