import type { Db, Tables } from '../core/database.ts';
import { newId, nowIso } from '../core/ids.ts';

/** Uploaded files, as blobs. */
export const FILE_TABLES: Tables = {
  names: ['files'],
  schema: `
CREATE TABLE IF NOT EXISTS files (
  id TEXT PRIMARY KEY,
  app_id TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  data BLOB NOT NULL,
  created_date TEXT NOT NULL
);
`,
};

export interface StoredFile {
  id: string;
  name: string;
  content_type: string;
  size: number;
  data: Buffer;
}

/** Keeps only characters that are safe in a URL path segment and a download name (no `/`, `\`, `..`). */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-100);
  return cleaned || 'file';
}

/** Uploaded files (`UploadFile`), stored as blobs in the database so they persist with everything else. */
export class FileStore {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      insert: db.prepare(
        'INSERT INTO files (id, app_id, name, content_type, size, data, created_date) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      get: db.prepare('SELECT id, name, content_type, size, data FROM files WHERE id = ?'),
    };
  }

  add(appId: string, name: string, contentType: string, data: Buffer): StoredFile {
    const file: StoredFile = {
      id: newId(),
      name: safeFileName(name),
      content_type: contentType,
      size: data.length,
      data,
    };
    this.stmts.insert.run(file.id, appId, file.name, file.content_type, file.size, data, nowIso());
    return file;
  }

  get(id: string): StoredFile | undefined {
    return this.stmts.get.get(id) as StoredFile | undefined;
  }
}
