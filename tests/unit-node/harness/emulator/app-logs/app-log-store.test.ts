/**
 * The app log as stored (`app-logs/app-log-store.ts`): entries newest first, filtered by page, user and dates and
 * paged, and their statistics.
 */
import { describe, expect, it } from 'vitest';
import {
  APP_LOG_TABLES,
  AppLogStore,
} from '../../../../../host-harness/src/emulator/app-logs/app-log-store.ts';
import { openDatabase } from '../../../../../host-harness/src/emulator/core/database.ts';
import { APP } from '../feature-app.ts';
import { fakeLogClock } from './log-clock.ts';

const jane = { id: 'jane-id', email: 'jane@example.com' };
const joe = { id: 'joe-id', email: 'joe@example.com' };

const clock = fakeLogClock();

describe('AppLogStore', () => {
  function store(): AppLogStore {
    return new AppLogStore(openDatabase(null, [APP_LOG_TABLES]));
  }

  it('adds an entry {id, page, user_id, user_email, created_date} and lists entries newest first', () => {
    const logs = store();
    clock.at('01-01');
    const first = logs.add(APP, 'Index', jane);
    clock.at('01-02');
    const second = logs.add(APP, 'Pricing', joe);
    logs.add('other-app', 'Index', jane);
    expect(first).toStrictEqual({
      id: first.id,
      page: 'Index',
      user_id: 'jane-id',
      user_email: 'jane@example.com',
      created_date: `${clock.year}-01-01T12:00:00.000Z`,
    });
    expect(first.id).toMatch(/^[0-9a-f]{24}$/);
    expect(logs.list(APP, {}, 100, 0)).toStrictEqual([second, first]);
  });

  it('filters by page, user and dates (both bounds included), and pages with limit and skip', () => {
    const logs = store();
    clock.at('01-01');
    const a = logs.add(APP, 'Index', jane);
    clock.at('01-02');
    const b = logs.add(APP, 'Pricing', jane);
    clock.at('01-03');
    const c = logs.add(APP, 'Pricing', joe);
    clock.at('01-04');
    const d = logs.add(APP, 'Index', joe);
    expect(logs.list(APP, { page: 'Pricing' }, 100, 0)).toStrictEqual([c, b]);
    expect(logs.list(APP, { userId: 'jane-id' }, 100, 0)).toStrictEqual([b, a]);
    expect(logs.list(APP, { page: 'Index', userId: 'joe-id' }, 100, 0)).toStrictEqual([d]);
    expect(logs.list(APP, { from: b.created_date }, 100, 0)).toStrictEqual([d, c, b]);
    expect(logs.list(APP, { to: c.created_date }, 100, 0)).toStrictEqual([c, b, a]);
    expect(logs.list(APP, { from: b.created_date, to: c.created_date }, 100, 0)).toStrictEqual([c, b]);
    expect(logs.list(APP, {}, 2, 1)).toStrictEqual([c, b]);
    expect(logs.list(APP, {}, 0, 0)).toStrictEqual([]);
    expect(logs.list('other-app', {}, 100, 0)).toStrictEqual([]);
  });

  it('counts visits, distinct users, visits per page (most first, then by name) and per day', () => {
    const logs = store();
    clock.at('03-01');
    logs.add(APP, 'Pricing', jane);
    logs.add(APP, 'About', joe);
    clock.at('03-02');
    logs.add(APP, 'Pricing', joe);
    logs.add(APP, 'Contact', jane);
    logs.add(APP, 'Pricing', jane);
    logs.add('other-app', 'Pricing', jane);
    expect(logs.stats(APP, {})).toStrictEqual({
      total: 5,
      unique_users: 2,
      by_page: [
        { page: 'Pricing', visits: 3 },
        { page: 'About', visits: 1 },
        { page: 'Contact', visits: 1 },
      ],
      by_day: [
        { day: `${clock.year}-03-01`, visits: 2 },
        { day: `${clock.year}-03-02`, visits: 3 },
      ],
    });
    expect(logs.stats(APP, { userId: 'joe-id' })).toStrictEqual({
      total: 2,
      unique_users: 1,
      by_page: [
        { page: 'About', visits: 1 },
        { page: 'Pricing', visits: 1 },
      ],
      by_day: [
        { day: `${clock.year}-03-01`, visits: 1 },
        { day: `${clock.year}-03-02`, visits: 1 },
      ],
    });
    expect(logs.stats(APP, { from: `${clock.year}-03-02T00:00:00.000Z`, page: 'Pricing' })).toStrictEqual({
      total: 2,
      unique_users: 2,
      by_page: [{ page: 'Pricing', visits: 2 }],
      by_day: [{ day: `${clock.year}-03-02`, visits: 2 }],
    });
    expect(logs.stats('other-app', { to: `${clock.year}-01-01T00:00:00.000Z` })).toStrictEqual({
      total: 0,
      unique_users: 0,
      by_page: [],
      by_day: [],
    });
  });
});
