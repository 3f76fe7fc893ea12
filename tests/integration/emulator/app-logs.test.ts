import { describe, expect, it } from 'vitest';
import { APP, emulatorPerFile, type Json, type Running, SERVICE_TOKEN } from './emulator-harness.ts';

let h: Running;
let user: string;
let admin: string;
const log = (page: string, token?: string) =>
  h.call('POST', `/api/app-logs/${APP}/log-user-in-app/${encodeURIComponent(page)}`, {
    token,
    headers: { 'content-type': 'application/json' },
  });

emulatorPerFile(async (started) => {
  h = started;
  user = await h.tokenOf('user');
  admin = await h.tokenOf('admin');
});

describe('app logs', () => {
  it('log-user-in-app needs a signed-in member', async () => {
    expect((await log('Index')).status).toBe(401);
    expect((await log('Index', await h.tokenOf('outsider'))).status).toBe(403);
    expect((await log('Index', user)).status).toBe(200);
  });

  it('lists entries {id, page, user_id, user_email, created_date}, newest first, with filters', async () => {
    await log('Index', user);
    await log('Pricing', user);
    await log('Pricing', admin);
    await log('Page with/slash', user);
    const all = await h.call('GET', `/api/app-logs/${APP}`, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.map((e: Json) => e.page)).toEqual(['Page with/slash', 'Pricing', 'Pricing', 'Index']);
    expect(all.body[3]).toEqual({
      id: expect.any(String),
      page: 'Index',
      user_id: '65f0a0000000000000000002',
      user_email: 'user@example.com',
      created_date: expect.any(String),
    });
    const pricing = await h.call('GET', `/api/app-logs/${APP}?page=Pricing`, { token: admin });
    expect(pricing.body).toHaveLength(2);
    const byUser = await h.call('GET', `/api/app-logs/${APP}?user_id=65f0a0000000000000000001`, {
      token: SERVICE_TOKEN,
    });
    expect(byUser.body.map((e: Json) => e.user_email)).toEqual(['admin@example.com']);
    const paged = await h.call('GET', `/api/app-logs/${APP}?limit=2&skip=1`, { token: admin });
    expect(paged.body.map((e: Json) => e.page)).toEqual(['Pricing', 'Pricing']);
    const future = await h.call('GET', `/api/app-logs/${APP}?from=2999-01-01`, { token: admin });
    expect(future.body).toEqual([]);
    const past = await h.call('GET', `/api/app-logs/${APP}?to=2000-01-01T00:00:00Z`, { token: admin });
    expect(past.body).toEqual([]);
    expect((await h.call('GET', `/api/app-logs/${APP}?from=yesterday`, { token: admin })).status).toBe(400);
    expect((await h.call('GET', `/api/app-logs/${APP}`, { token: user })).status).toBe(403);
  });

  it('stats count visits per page and per day', async () => {
    await log('Index', user);
    await log('Pricing', user);
    await log('Pricing', admin);
    const stats = await h.call('GET', `/api/app-logs/${APP}/stats`, { token: admin });
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.body).toEqual({
      total: 3,
      unique_users: 2,
      by_page: [
        { page: 'Pricing', visits: 2 },
        { page: 'Index', visits: 1 },
      ],
      by_day: [{ day: today, visits: 3 }],
    });
  });

  it('stores analytics batches', async () => {
    const answer = await h.call('POST', `/api/apps/${APP}/analytics/track/batch`, {
      body: { events: [{ event_name: 'a' }, { event_name: 'b' }] },
    });
    expect(answer.body).toEqual({ success: true, stored: 2 });
    expect(
      (await h.call('POST', `/api/apps/${APP}/analytics/track/batch`, { body: { events: 'x' } })).status,
    ).toBe(400);
  });
});
