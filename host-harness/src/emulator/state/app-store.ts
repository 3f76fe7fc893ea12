import type { Db } from './open-database.ts';

export interface AppSettings {
  public_settings: Record<string, unknown>;
  requireLogin: boolean;
}

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
