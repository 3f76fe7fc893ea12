/**
 * The app-log routes (`app-logs/app-log-routes.ts`): a signed-in member's page visit is logged; admins (and the
 * service role) list the log and read its statistics; analytics batches are stored for anyone. Bad parameters are a 400
 * naming the parameter.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerAppLogRoutes } from '../../../../../host-harness/src/emulator/app-logs/app-log-routes.ts';
import { ACCOUNT_IDS, APP, EMAILS, type FeatureApp, featureApp } from '../feature-app.ts';
import { fakeLogClock } from './log-clock.ts';

const clock = fakeLogClock();

describe('the app-log routes', () => {
  let running: FeatureApp;
  beforeEach(async () => {
    running = await featureApp((app, state) => registerAppLogRoutes(app, state));
  });
  afterEach(async () => {
    await running.close();
  });

  const log = (page: string, as?: 'admin' | 'user' | 'outsider') =>
    running.call('POST', `/api/app-logs/${APP}/log-user-in-app/${page}`, as ? { as } : {});

  it('logs a member’s page visit and answers its id', async () => {
    clock.at('05-01');
    const answer = await log('Pricing', 'user');
    expect(answer.status).toBe(200);
    expect(answer.body).toStrictEqual({ success: true, id: answer.body.id });
    expect(running.state.logs.list(APP, {}, 100, 0)).toStrictEqual([
      {
        id: answer.body.id,
        page: 'Pricing',
        user_id: ACCOUNT_IDS.user,
        user_email: EMAILS.user,
        created_date: `${clock.year}-05-01T12:00:00.000Z`,
      },
    ]);
    expect((await log('p'.repeat(200), 'admin')).status).toBe(200);
  });

  it('refuses an anonymous visitor (401), an account that is not a member (403) and an unknown app (404)', async () => {
    expect((await log('Pricing')).status).toBe(401);
    expect((await log('Pricing', 'outsider')).body.code).toBe('user_not_registered');
    const unknown = await running.call('POST', '/api/app-logs/other/log-user-in-app/Pricing', { as: 'user' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('app_not_found');
    expect(running.state.logs.list(APP, {}, 100, 0)).toStrictEqual([]);
  });

  it('refuses an empty page name or one longer than 200 characters, before asking who is calling', async () => {
    for (const page of ['', 'p'.repeat(201)]) {
      const answer = await log(page);
      expect(answer.status, page).toBe(400);
      expect(answer.body).toStrictEqual({
        message: 'The page name must have 1 to 200 characters',
        code: 'invalid_parameter',
      });
    }
    expect(running.state.logs.list(APP, {}, 100, 0)).toStrictEqual([]);
  });

  it('lists the log for admins and the service role, newest first, filtered and paged', async () => {
    clock.at('06-01');
    await log('Index', 'user');
    clock.at('06-02');
    await log('Pricing', 'admin');
    clock.at('06-03');
    await log('Pricing', 'user');
    const pages = async (query: string, as: 'admin' | 'service' = 'admin') => {
      const answer = await running.call('GET', `/api/app-logs/${APP}${query}`, { as });
      expect(answer.status, query).toBe(200);
      return answer.body.map(
        (entry: { page: string; user_id: string }) => `${entry.page}:${entry.user_id.slice(-1)}`,
      );
    };
    expect(await pages('')).toStrictEqual(['Pricing:2', 'Pricing:1', 'Index:2']);
    expect(await pages('', 'service')).toStrictEqual(['Pricing:2', 'Pricing:1', 'Index:2']);
    expect(await pages('?page=Pricing')).toStrictEqual(['Pricing:2', 'Pricing:1']);
    expect(await pages(`?user_id=${ACCOUNT_IDS.user}`)).toStrictEqual(['Pricing:2', 'Index:2']);
    expect(await pages(`?from=${clock.year}-06-02`)).toStrictEqual(['Pricing:2', 'Pricing:1']);
    expect(await pages(`?to=${clock.year}-06-02T12:00:00%2B00:00`)).toStrictEqual(['Pricing:1', 'Index:2']);
    expect(await pages(`?from=${clock.year}-06-02T13:00:00Z&to=${clock.year}-06-04`)).toStrictEqual([
      'Pricing:2',
    ]);
    expect(await pages('?page=&user_id=&from=&to=&limit=&skip=')).toStrictEqual([
      'Pricing:2',
      'Pricing:1',
      'Index:2',
    ]);
    expect(await pages('?limit=1&skip=1')).toStrictEqual(['Pricing:1']);
    expect(await pages('?limit=0')).toStrictEqual([]);
    expect(await pages('?skip=3')).toStrictEqual([]);
    expect(await pages('?limit=10000&skip=100000000')).toStrictEqual([]);
  });

  it('lists 100 entries unless asked for more', async () => {
    for (let i = 0; i < 101; i++) running.state.logs.add(APP, `p${i}`, { id: 'x', email: 'x@example.com' });
    const answer = await running.call('GET', `/api/app-logs/${APP}`, { as: 'admin' });
    expect(answer.body).toHaveLength(100);
    expect(answer.body[0].page).toBe('p100');
    expect((await running.call('GET', `/api/app-logs/${APP}?limit=101`, { as: 'admin' })).body).toHaveLength(
      101,
    );
  });

  it('answers the statistics, filtered, to admins and the service role', async () => {
    clock.at('07-01');
    await log('Index', 'user');
    await log('Pricing', 'admin');
    clock.at('07-02');
    await log('Pricing', 'user');
    const stats = await running.call('GET', `/api/app-logs/${APP}/stats`, { as: 'admin' });
    expect(stats.status).toBe(200);
    expect(stats.body).toStrictEqual({
      total: 3,
      unique_users: 2,
      by_page: [
        { page: 'Pricing', visits: 2 },
        { page: 'Index', visits: 1 },
      ],
      by_day: [
        { day: `${clock.year}-07-01`, visits: 2 },
        { day: `${clock.year}-07-02`, visits: 1 },
      ],
    });
    const filtered = await running.call(
      'GET',
      `/api/app-logs/${APP}/stats?from=${clock.year}-07-02&page=Pricing`,
      {
        as: 'service',
      },
    );
    expect(filtered.body).toStrictEqual({
      total: 1,
      unique_users: 1,
      by_page: [{ page: 'Pricing', visits: 1 }],
      by_day: [{ day: `${clock.year}-07-02`, visits: 1 }],
    });
    const byUser = await running.call(
      'GET',
      `/api/app-logs/${APP}/stats?user_id=${ACCOUNT_IDS.admin}&to=${clock.year}-07-01T23:00:00Z`,
      {
        as: 'admin',
      },
    );
    expect(byUser.body.total).toBe(1);
  });

  it('refuses the log and its statistics to anyone but admins, and for an unknown app', async () => {
    for (const path of [`/api/app-logs/${APP}`, `/api/app-logs/${APP}/stats`]) {
      expect((await running.call('GET', path)).status, path).toBe(401);
      expect((await running.call('GET', path, { as: 'outsider' })).status, path).toBe(403);
      const user = await running.call('GET', path, { as: 'user' });
      expect(user.status, path).toBe(403);
      expect(user.body.message, path).toBe('Only an admin of this app can do this');
    }
    for (const path of ['/api/app-logs/other', '/api/app-logs/other/stats'])
      expect((await running.call('GET', path, { as: 'service' })).body.code, path).toBe('app_not_found');
  });

  it('refuses bad parameters with a 400 naming them', async () => {
    const refused = async (query: string, message: string) => {
      for (const path of [`/api/app-logs/${APP}`, `/api/app-logs/${APP}/stats`]) {
        if (path.endsWith('stats') && /limit|skip/.test(query)) continue;
        const answer = await running.call('GET', `${path}${query}`, { as: 'admin' });
        expect(answer.status, `${path}${query}`).toBe(400);
        expect(answer.body, `${path}${query}`).toStrictEqual({ message, code: 'invalid_parameter' });
      }
    };
    await refused('?page=a&page=b', 'page must be given once, as text');
    await refused(`?user_id=${'u'.repeat(501)}`, 'user_id must be given once, as text');
    await refused('?from=yesterday', 'from must be a date (ISO 8601)');
    await refused('?to=2024-13-45', 'to must be a date (ISO 8601)');
    await refused('?limit=10001', 'limit must be a whole number from 0 to 10000');
    await refused('?limit=-1', 'limit must be a whole number from 0 to 10000');
    await refused('?limit=1.5', 'limit must be a whole number from 0 to 10000');
    await refused('?limit=x1', 'limit must be a whole number from 0 to 10000');
    await refused('?limit=1x', 'limit must be a whole number from 0 to 10000');
    await refused('?skip=100000001', 'skip must be a whole number from 0 to 100000000');
    await refused('?skip=0000000001', 'skip must be a whole number from 0 to 100000000');
    const long = await running.call('GET', `/api/app-logs/${APP}?page=${'p'.repeat(500)}`, { as: 'admin' });
    expect(long.status).toBe(200);
  });

  it('stores analytics batches for anyone, all or nothing', async () => {
    const path = `/api/apps/${APP}/analytics/track/batch`;
    const stored = await running.call('POST', path, {
      body: { events: [{ event_name: 'a' }, { event_name: 'b' }] },
    });
    expect(stored.status).toBe(200);
    expect(stored.body).toStrictEqual({ success: true, stored: 2 });
    expect(running.state.analytics.count(APP)).toBe(2);
    const bad = await running.call('POST', path, { body: { events: [{ event_name: 'c' }, {}] } });
    expect(bad.status).toBe(400);
    expect(running.state.analytics.count(APP)).toBe(2);
    for (const body of [null, [1], 'x'])
      expect((await running.call('POST', path, { body })).body, JSON.stringify(body)).toStrictEqual({
        message: 'The body must be {events: [...]}',
        code: 'invalid_body',
      });
    const empty = await running.call('POST', path, { headers: { 'content-type': 'application/json' } });
    expect(empty.body).toStrictEqual({ message: 'The body must be {events: [...]}', code: 'invalid_body' });
    expect((await running.call('POST', path, { body: {} })).status).toBe(400);
    expect(
      (await running.call('POST', '/api/apps/other/analytics/track/batch', { body: { events: [] } })).status,
    ).toBe(404);
  });
});
