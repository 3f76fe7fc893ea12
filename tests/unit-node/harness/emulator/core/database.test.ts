/**
 * The emulator's database (`core/database.ts`): in memory without a data folder; on disk, `platform.sqlite` in the
 * data folder (created if missing), in WAL mode with every commit synced and a 5 s wait on a lock; foreign keys
 * enforced either way; each store's tables created from its schema, in order.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATABASE_FILE,
  type Db,
  openDatabase,
} from '../../../../../host-harness/src/emulator/core/database.ts';

const folders: string[] = [];
const opened: Db[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'emulator-db-'));
  folders.push(dir);
  return dir;
}

const PARENTS = {
  names: ['parents'],
  schema: 'CREATE TABLE IF NOT EXISTS parents (id INTEGER PRIMARY KEY);',
};
const CHILDREN = {
  names: ['children'],
  schema:
    'CREATE TABLE IF NOT EXISTS children (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES parents(id));',
};

function open(dataDir: string | null | undefined, tables = [PARENTS, CHILDREN]): Db {
  const db = openDatabase(dataDir, tables);
  opened.push(db);
  return db;
}

const pragma = (db: Db, name: string) => db.pragma(name, { simple: true });
const tableNames = (db: Db) =>
  (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((row) => row.name);

describe('openDatabase', () => {
  it('is in memory without a data folder (null, undefined or empty), leaving no file', () => {
    for (const dataDir of [null, undefined, '']) {
      const db = open(dataDir);
      expect(db.memory, String(dataDir)).toBe(true);
      expect(tableNames(db)).toStrictEqual(['children', 'parents']);
      expect(pragma(db, 'foreign_keys')).toBe(1);
    }
    expect(existsSync(DATABASE_FILE)).toBe(false);
  });

  it('on disk: platform.sqlite in the data folder, created with its parents', () => {
    const dataDir = path.join(tempFolder(), 'a', 'b');
    const db = open(dataDir);
    expect(DATABASE_FILE).toBe('platform.sqlite');
    expect(db.memory).toBe(false);
    expect(db.name).toBe(path.join(dataDir, 'platform.sqlite'));
    expect(existsSync(path.join(dataDir, 'platform.sqlite'))).toBe(true);
  });

  it('on disk: WAL, every commit synced (FULL), a 5 s wait on a lock, foreign keys on', () => {
    const db = open(tempFolder());
    expect(pragma(db, 'journal_mode')).toBe('wal');
    expect(pragma(db, 'synchronous')).toBe(2);
    expect(pragma(db, 'busy_timeout')).toBe(5000);
    expect(pragma(db, 'foreign_keys')).toBe(1);
  });

  it('in memory: the journal stays in memory (no WAL)', () => {
    expect(pragma(open(null), 'journal_mode')).toBe('memory');
  });

  it('refuses a row that names a missing parent (foreign keys enforced)', () => {
    const db = open(null);
    expect(() => db.prepare('INSERT INTO children (id, parent) VALUES (1, 7)').run()).toThrow(
      'FOREIGN KEY constraint failed',
    );
    db.prepare('INSERT INTO parents (id) VALUES (7)').run();
    db.prepare('INSERT INTO children (id, parent) VALUES (1, 7)').run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM children').get()).toStrictEqual({ n: 1 });
  });

  it('runs each store schema as its own statements (a schema ending in a comment does not swallow the next)', () => {
    const commented = { names: ['a'], schema: 'CREATE TABLE a (x); -- the first store' };
    const next = { names: ['b'], schema: 'CREATE TABLE b (y);' };
    expect(tableNames(open(null, [commented, next]))).toStrictEqual(['a', 'b']);
    expect(tableNames(open(null, []))).toStrictEqual([]);
  });

  it('opens an existing data folder with what it holds', () => {
    const dataDir = tempFolder();
    const first = open(dataDir);
    first.prepare('INSERT INTO parents (id) VALUES (3)').run();
    first.close();
    expect(open(dataDir).prepare('SELECT id FROM parents').all()).toStrictEqual([{ id: 3 }]);
  });
});
