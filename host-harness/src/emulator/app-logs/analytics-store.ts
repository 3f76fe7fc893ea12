import type { Db, Tables } from '../core/database.ts';
import { BadRequestError } from '../core/errors.ts';
import { checkStorableValue } from '../core/record-data.ts';

/** Analytics events, as sent. */
export const ANALYTICS_TABLES: Tables = {
  names: ['analytics_events'],
  schema: `
CREATE TABLE IF NOT EXISTS analytics_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  app_id TEXT NOT NULL,
  data TEXT NOT NULL
);
`,
};

/** At most this many events per batch (the reference client sends 30 at a time). */
const MAX_BATCH_EVENTS = 1_000;
/** One event, as JSON, may be this long. */
const MAX_EVENT_CHARS = 16 * 1024;
const MAX_EVENT_NAME = 200;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One event as the row stored for it, or a 400 naming the event (`Event 3`) and what is wrong with it. */
function eventRow(event: unknown, index: number): string {
  const where = `Event ${index}`;
  if (!isPlainObject(event)) throw new BadRequestError(`${where} must be a JSON object`, 'invalid_body');
  const name = event.event_name;
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_EVENT_NAME) {
    throw new BadRequestError(
      `${where}: event_name must be a string of 1 to ${MAX_EVENT_NAME} characters`,
      'invalid_body',
    );
  }
  checkStorableValue(event, where);
  const row = JSON.stringify(event);
  if (row.length > MAX_EVENT_CHARS)
    throw new BadRequestError(
      `${where} is larger than ${MAX_EVENT_CHARS} characters as JSON`,
      'invalid_body',
    );
  return row;
}

/** Analytics events sent by the reference client (`analytics/track/batch`): stored, never interpreted. */
export class AnalyticsStore {
  private readonly stmts;

  constructor(private readonly db: Db) {
    this.stmts = {
      add: db.prepare('INSERT INTO analytics_events (app_id, data) VALUES (?, ?)'),
      count: db.prepare('SELECT COUNT(*) AS n FROM analytics_events WHERE app_id = ?'),
    };
  }

  /**
   * Stores a batch all or nothing: every event is checked and serialised first (a bad one is a 400 and nothing is
   * stored), then all are written in one transaction. Returns how many were stored.
   */
  addBatch(appId: string, events: unknown): number {
    if (!Array.isArray(events)) throw new BadRequestError('The body must be {events: [...]}', 'invalid_body');
    if (events.length > MAX_BATCH_EVENTS)
      throw new BadRequestError(`At most ${MAX_BATCH_EVENTS} events per batch`, 'invalid_body');
    const rows = events.map(eventRow);
    this.db.transaction(() => {
      for (const row of rows) this.stmts.add.run(appId, row);
    })();
    return rows.length;
  }

  count(appId: string): number {
    return (this.stmts.count.get(appId) as { n: number }).n;
  }
}
