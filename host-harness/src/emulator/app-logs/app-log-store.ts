import type { Db, Tables } from '../core/database.ts';
import { newId, nowIso } from '../core/ids.ts';

/** Page-visit logs. */
export const APP_LOG_TABLES: Tables = {
  names: ['app_logs'],
  schema: `
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
`,
};

export interface AppLogEntry {
  id: string;
  page: string;
  user_id: string;
  user_email: string;
  created_date: string;
}

export interface AppLogFilter {
  page?: string;
  userId?: string;
  from?: string;
  to?: string;
}

export interface AppLogStats {
  total: number;
  unique_users: number;
  by_page: { page: string; visits: number }[];
  by_day: { day: string; visits: number }[];
}

function where(appId: string, filter: AppLogFilter): { sql: string; params: unknown[] } {
  const clauses = ['app_id = ?'];
  const params: unknown[] = [appId];
  const add = (clause: string, value: unknown) => {
    clauses.push(clause);
    params.push(value);
  };
  if (filter.page !== undefined) add('page = ?', filter.page);
  if (filter.userId !== undefined) add('user_id = ?', filter.userId);
  if (filter.from !== undefined) add('created_date >= ?', filter.from);
  if (filter.to !== undefined) add('created_date <= ?', filter.to);
  return { sql: clauses.join(' AND '), params };
}

/** Page visits logged by signed-in users (`log-user-in-app`), queried in SQL. */
export class AppLogStore {
  private readonly insert;

  constructor(private readonly db: Db) {
    this.insert = db.prepare(
      'INSERT INTO app_logs (id, app_id, page, user_id, user_email, created_date) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  add(appId: string, page: string, user: { id: string; email: string }): AppLogEntry {
    const entry: AppLogEntry = {
      id: newId(),
      page,
      user_id: user.id,
      user_email: user.email,
      created_date: nowIso(),
    };
    this.insert.run(entry.id, appId, page, user.id, user.email, entry.created_date);
    return entry;
  }

  list(appId: string, filter: AppLogFilter, limit: number, skip: number): AppLogEntry[] {
    const w = where(appId, filter);
    return this.db
      .prepare(
        `SELECT id, page, user_id, user_email, created_date FROM app_logs WHERE ${w.sql} ORDER BY seq DESC LIMIT ? OFFSET ?`,
      )
      .all(...w.params, limit, skip) as AppLogEntry[];
  }

  stats(appId: string, filter: AppLogFilter): AppLogStats {
    const w = where(appId, filter);
    const totals = this.db
      .prepare(`SELECT COUNT(*) AS total, COUNT(DISTINCT user_id) AS users FROM app_logs WHERE ${w.sql}`)
      .get(...w.params) as { total: number; users: number };
    const byPage = this.db
      .prepare(
        `SELECT page, COUNT(*) AS visits FROM app_logs WHERE ${w.sql} GROUP BY page ORDER BY visits DESC, page`,
      )
      .all(...w.params) as { page: string; visits: number }[];
    const byDay = this.db
      .prepare(
        `SELECT substr(created_date, 1, 10) AS day, COUNT(*) AS visits FROM app_logs WHERE ${w.sql} GROUP BY day ORDER BY day`,
      )
      .all(...w.params) as { day: string; visits: number }[];
    return { total: totals.total, unique_users: totals.users, by_page: byPage, by_day: byDay };
  }
}
