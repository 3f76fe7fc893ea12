import type { Db, Tables } from '../core/database.ts';
import type { FunctionFile } from './function-upload.ts';

/**
 * What the platform's CLI deployed to an app, kept in the emulator's database (a restart serves it again; a reset
 * forgets it, and the project's `base44/` serves again): functions (or the removal of one), the entity schemas of the
 * last push, the site's archive, the app's secrets and its visibility.
 */
export const DEPLOY_TABLES: Tables = {
  names: ['deployed_functions', 'deployed_entities', 'deployed_sites', 'app_secrets', 'app_visibility'],
  schema: `
CREATE TABLE IF NOT EXISTS deployed_functions (
  app_id TEXT NOT NULL,
  name TEXT NOT NULL,
  removed INTEGER NOT NULL,
  entry TEXT NOT NULL,
  files TEXT NOT NULL,
  digest TEXT NOT NULL,
  deployment_id TEXT NOT NULL,
  deployed_at TEXT NOT NULL,
  PRIMARY KEY (app_id, name)
);
CREATE TABLE IF NOT EXISTS deployed_entities (
  app_id TEXT PRIMARY KEY,
  schemas TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS deployed_sites (
  app_id TEXT PRIMARY KEY,
  deployment_id TEXT NOT NULL,
  archive BLOB NOT NULL,
  deployed_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS app_secrets (
  app_id TEXT NOT NULL,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (app_id, name)
);
CREATE TABLE IF NOT EXISTS app_visibility (
  app_id TEXT PRIMARY KEY,
  public_settings TEXT NOT NULL
);
`,
};

/** A function as deployed; `removed` when the deploy API deleted it (the project's function of that name is gone). */
export interface DeployedFunction {
  name: string;
  removed: boolean;
  entry: string;
  files: FunctionFile[];
  digest: string;
  deploymentId: string;
  deployedAt: string;
}

export interface DeployedSite {
  deploymentId: string;
  archive: Buffer;
  deployedAt: string;
}

interface FunctionRow {
  name: string;
  removed: number;
  entry: string;
  files: string;
  digest: string;
  deployment_id: string;
  deployed_at: string;
}

const fromRow = (row: FunctionRow): DeployedFunction => ({
  name: row.name,
  removed: row.removed === 1,
  entry: row.entry,
  files: JSON.parse(row.files) as FunctionFile[],
  digest: row.digest,
  deploymentId: row.deployment_id,
  deployedAt: row.deployed_at,
});

/** The deployments of each app, one statement per question. */
export class DeployStore {
  private readonly stmts;

  constructor(readonly db: Db) {
    this.stmts = {
      fn: db.prepare('SELECT * FROM deployed_functions WHERE app_id = ? AND name = ?'),
      fns: db.prepare('SELECT * FROM deployed_functions WHERE app_id = ? ORDER BY name'),
      putFn: db.prepare(
        'INSERT OR REPLACE INTO deployed_functions (app_id, name, removed, entry, files, digest, deployment_id, deployed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      entities: db.prepare('SELECT schemas FROM deployed_entities WHERE app_id = ?'),
      putEntities: db.prepare('INSERT OR REPLACE INTO deployed_entities (app_id, schemas) VALUES (?, ?)'),
      site: db.prepare('SELECT deployment_id, archive, deployed_at FROM deployed_sites WHERE app_id = ?'),
      putSite: db.prepare(
        'INSERT OR REPLACE INTO deployed_sites (app_id, deployment_id, archive, deployed_at) VALUES (?, ?, ?, ?)',
      ),
      secrets: db.prepare('SELECT name, value FROM app_secrets WHERE app_id = ? ORDER BY name'),
      putSecret: db.prepare('INSERT OR REPLACE INTO app_secrets (app_id, name, value) VALUES (?, ?, ?)'),
      dropSecret: db.prepare('DELETE FROM app_secrets WHERE app_id = ? AND name = ?'),
      visibility: db.prepare('SELECT public_settings FROM app_visibility WHERE app_id = ?'),
      putVisibility: db.prepare(
        'INSERT OR REPLACE INTO app_visibility (app_id, public_settings) VALUES (?, ?)',
      ),
    };
  }

  function(appId: string, name: string): DeployedFunction | undefined {
    const row = this.stmts.fn.get(appId, name) as FunctionRow | undefined;
    return row ? fromRow(row) : undefined;
  }

  /** Every deployed (or removed) function of the app, by name. */
  functions(appId: string): DeployedFunction[] {
    return (this.stmts.fns.all(appId) as FunctionRow[]).map(fromRow);
  }

  putFunction(appId: string, fn: DeployedFunction): void {
    this.stmts.putFn.run(
      appId,
      fn.name,
      fn.removed ? 1 : 0,
      fn.entry,
      JSON.stringify(fn.files),
      fn.digest,
      fn.deploymentId,
      fn.deployedAt,
    );
  }

  /** The schemas of the last entity push (by name, as pushed), or undefined when none was pushed. */
  entities(appId: string): Record<string, unknown> | undefined {
    const row = this.stmts.entities.get(appId) as { schemas: string } | undefined;
    return row ? (JSON.parse(row.schemas) as Record<string, unknown>) : undefined;
  }

  putEntities(appId: string, schemas: Record<string, unknown>): void {
    this.stmts.putEntities.run(appId, JSON.stringify(schemas));
  }

  site(appId: string): DeployedSite | undefined {
    const row = this.stmts.site.get(appId) as
      | { deployment_id: string; archive: Buffer; deployed_at: string }
      | undefined;
    return row
      ? { deploymentId: row.deployment_id, archive: row.archive, deployedAt: row.deployed_at }
      : undefined;
  }

  putSite(appId: string, site: DeployedSite): void {
    this.stmts.putSite.run(appId, site.deploymentId, site.archive, site.deployedAt);
  }

  /** The app's secrets, by name. */
  secrets(appId: string): Record<string, string> {
    const rows = this.stmts.secrets.all(appId) as { name: string; value: string }[];
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  }

  putSecret(appId: string, name: string, value: string): void {
    this.stmts.putSecret.run(appId, name, value);
  }

  /** False when the app had no such secret. */
  dropSecret(appId: string, name: string): boolean {
    return this.stmts.dropSecret.run(appId, name).changes > 0;
  }

  /** The app's visibility as the platform names it (`public_without_login`, …), when it was ever set. */
  visibility(appId: string): string | undefined {
    const row = this.stmts.visibility.get(appId) as { public_settings: string } | undefined;
    return row?.public_settings;
  }

  putVisibility(appId: string, publicSettings: string): void {
    this.stmts.putVisibility.run(appId, publicSettings);
  }
}
