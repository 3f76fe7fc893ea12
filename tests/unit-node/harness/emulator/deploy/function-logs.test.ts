/**
 * A function's console lines as `base44 logs` reads them (function-logs.ts): newest first unless asked otherwise,
 * filtered by time, level and count, with the query checked as the CLI sends it.
 */
import { describe, expect, it } from 'vitest';
import {
  LOG_LEVELS,
  logEntries,
  MAX_LOG_LIMIT,
  readLogQuery,
} from '../../../../../host-harness/src/emulator/deploy/function-logs.ts';
import type { FunctionLogLine } from '../../../../../host-harness/src/emulator/functions/index.ts';
import { outcome } from '../outcome.ts';

const lines: FunctionLogLine[] = [
  { at: '2026-12-01T10:00:00.000Z', stream: 'stdout', line: 'started' },
  { at: '2026-12-01T10:00:01.000Z', stream: 'stderr', line: 'warned' },
  { at: '2026-12-01T10:00:02.000Z', stream: 'stdout', line: 'answered' },
];
const messages = (query: Record<string, unknown>) =>
  logEntries(lines, readLogQuery(query)).map((entry) => entry.message);

describe('logEntries', () => {
  it('answers { time, level, message }, stdout as info and stderr as error, newest first', () => {
    expect(logEntries(lines, readLogQuery({}))).toEqual([
      { time: '2026-12-01T10:00:02.000Z', level: 'info', message: 'answered' },
      { time: '2026-12-01T10:00:01.000Z', level: 'error', message: 'warned' },
      { time: '2026-12-01T10:00:00.000Z', level: 'info', message: 'started' },
    ]);
  });

  it('orders oldest first on asking, and keeps the newest `limit` lines in either order', () => {
    expect(messages({ order: 'asc' })).toEqual(['started', 'warned', 'answered']);
    expect(messages({ order: 'desc', limit: '2' })).toEqual(['answered', 'warned']);
    expect(messages({ order: 'asc', limit: '1' })).toEqual(['started']);
  });

  it('keeps the lines from `since` to `until`, both included, and of one level', () => {
    expect(messages({ since: '2026-12-01T10:00:01.000Z' })).toEqual(['answered', 'warned']);
    expect(messages({ until: '2026-12-01T10:00:01.000Z' })).toEqual(['warned', 'started']);
    expect(messages({ since: '2026-12-01T10:00:01Z', until: '2026-12-01T10:00:01Z' })).toEqual(['warned']);
    expect(messages({ level: 'error' })).toEqual(['warned']);
    expect(messages({ level: 'info' })).toEqual(['answered', 'started']);
    expect(messages({ level: 'debug' })).toEqual([]);
  });
});

describe('readLogQuery', () => {
  it('reads no filter as every kept line, newest first', () => {
    expect(readLogQuery({ env: 'prod' })).toEqual({
      since: null,
      until: null,
      level: null,
      limit: 1_000,
      order: 'desc',
    });
    expect(readLogQuery({ env: 'preview', level: 'warning', limit: '1000', order: 'asc' })).toMatchObject({
      level: 'warning',
      limit: 1_000,
      order: 'asc',
    });
    expect(LOG_LEVELS).toEqual(['info', 'warning', 'error', 'debug']);
    expect(MAX_LOG_LIMIT).toBe(1_000);
  });

  it('refuses what the CLI never sends, naming the parameter', () => {
    const refused = (query: Record<string, unknown>) => outcome(() => readLogQuery(query));
    expect(refused({ level: 'warn' })).toBe(
      '400 invalid_query: level must be one of info, warning, error, debug',
    );
    expect(refused({ order: 'ASC' })).toBe('400 invalid_query: order must be asc or desc');
    expect(refused({ env: 'staging' })).toBe('400 invalid_query: env must be preview or prod');
    for (const limit of ['0', '1001', '1.5', 'ten', ''])
      expect(refused({ limit }), limit).toBe(
        '400 invalid_query: limit must be a whole number from 1 to 1000',
      );
    expect(refused({ since: 'yesterday' })).toBe('400 invalid_query: since must be an ISO date and time');
    expect(refused({ until: ['2026-12-01'] })).toBe('400 invalid_query: until must be an ISO date and time');
  });
});
