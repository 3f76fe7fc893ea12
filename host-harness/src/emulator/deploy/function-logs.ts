import { BadRequestError } from '../core/errors.ts';
import type { FunctionLogLine } from '../functions/index.ts';

/**
 * A function's recent console lines as `base44 logs` reads them (`GET functions-mgmt/{name}/logs`, the CLI 0.1.18's
 * `fetchFunctionLogs`): `[{ time, level, message }]`, newest first unless `order=asc`, filtered by `since` and `until`
 * (ISO times, inclusive), `level` and `limit`. The harness keeps what a function wrote to stdout (`info`) and to
 * stderr (`error`: console.error and console.warn alike), its last lines only (`LOG_LINES_KEPT`). One copy of each
 * function runs locally, so `env=preview` and `env=prod` read the same lines.
 */

export const LOG_LEVELS = ['info', 'warning', 'error', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const LOG_ENVS = ['preview', 'prod'];
/** The CLI's own bound on `--limit`. */
export const MAX_LOG_LIMIT = 1_000;

export interface LogQuery {
  since: number | null;
  until: number | null;
  level: LogLevel | null;
  limit: number;
  order: 'asc' | 'desc';
}

export interface LogEntry {
  time: string;
  level: LogLevel;
  message: string;
}

const bad = (message: string) => new BadRequestError(message, 'invalid_query');

function timeOf(name: string, value: unknown): number | null {
  if (value === undefined) return null;
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw bad(`${name} must be an ISO date and time`);
  return time;
}

/** The query's filters; a 400 naming the first one the CLI would never send. */
export function readLogQuery(query: Record<string, unknown>): LogQuery {
  const { level, limit, order, env } = query;
  if (level !== undefined && !(LOG_LEVELS as readonly unknown[]).includes(level))
    throw bad(`level must be one of ${LOG_LEVELS.join(', ')}`);
  if (order !== undefined && order !== 'asc' && order !== 'desc') throw bad('order must be asc or desc');
  if (env !== undefined && !LOG_ENVS.includes(env as string))
    throw bad(`env must be ${LOG_ENVS.join(' or ')}`);
  const count = limit === undefined ? MAX_LOG_LIMIT : Number(limit);
  if (!Number.isInteger(count) || count < 1 || count > MAX_LOG_LIMIT)
    throw bad(`limit must be a whole number from 1 to ${MAX_LOG_LIMIT}`);
  return {
    since: timeOf('since', query.since),
    until: timeOf('until', query.until),
    level: (level as LogLevel | undefined) ?? null,
    limit: count,
    order: order === 'asc' ? 'asc' : 'desc',
  };
}

/** The lines the query selects, as the CLI reads them. */
export function logEntries(lines: readonly FunctionLogLine[], query: LogQuery): LogEntry[] {
  const entries = lines
    .map((line): LogEntry & { at: number } => ({
      time: line.at,
      at: Date.parse(line.at),
      level: line.stream === 'stderr' ? 'error' : 'info',
      message: line.line,
    }))
    .filter(
      (entry) =>
        (query.since === null || entry.at >= query.since) &&
        (query.until === null || entry.at <= query.until) &&
        (query.level === null || entry.level === query.level),
    );
  if (query.order === 'desc') entries.reverse();
  return entries.slice(0, query.limit).map(({ time, level, message }) => ({ time, level, message }));
}
