import type { Db, Tables } from '../core/database.ts';
import { NotFoundError } from '../core/errors.ts';

/** The apps and their settings. */
export const APP_TABLES: Tables = {
  names: ['apps'],
  schema: `
CREATE TABLE IF NOT EXISTS apps (
  id TEXT PRIMARY KEY,
  settings TEXT NOT NULL
);
`,
};

export interface AppSettings {
  public_settings: Record<string, unknown>;
  requireLogin: boolean;
}

/** A new app's settings (the seeded app's, again after a reset). */
export const DEFAULT_APP_SETTINGS: AppSettings = {
  public_settings: { name: 'Local app', requires_auth: false },
  requireLogin: false,
};

/** Apps known to the emulator and their settings (public settings, whether anonymous visitors must sign in). */
export class AppStore {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      get: db.prepare('SELECT settings FROM apps WHERE id = ?'),
      put: db.prepare('INSERT OR REPLACE INTO apps (id, settings) VALUES (?, ?)'),
    };
  }

  get(appId: string): AppSettings | undefined {
    const row = this.stmts.get.get(appId) as { settings: string } | undefined;
    return row ? (JSON.parse(row.settings) as AppSettings) : undefined;
  }

  put(appId: string, settings: AppSettings): void {
    this.stmts.put.run(appId, JSON.stringify(settings));
  }
}

const APP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** 404 unless the app exists. */
export function requireApp(state: { apps: AppStore }, appId: string): void {
  if (!APP_ID.test(appId) || !state.apps.get(appId))
    throw new NotFoundError(`App ${appId.slice(0, 64)} not found`, 'app_not_found');
}
