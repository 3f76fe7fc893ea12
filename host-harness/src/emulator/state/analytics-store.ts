import type { Db } from './open-database.ts';

/** Analytics events sent by the reference client (`analytics/track/batch`): stored, never interpreted. */
export class AnalyticsStore {
  private readonly stmts;

  constructor(db: Db) {
    this.stmts = {
      add: db.prepare('INSERT INTO analytics_events (app_id, data) VALUES (?, ?)'),
      count: db.prepare('SELECT COUNT(*) AS n FROM analytics_events WHERE app_id = ?'),
    };
  }

  addMany(appId: string, events: unknown[]): void {
    for (const event of events) this.stmts.add.run(appId, JSON.stringify(event));
  }

  count(appId: string): number {
    return (this.stmts.count.get(appId) as { n: number }).n;
  }
}
