/**
 * Bad input (docs/security.md, "HTTP faults and nothing lost"): inputs that used to end in a 500 or in half-stored
 * data. `register` never takes platform-owned fields from its payload and `verify-otp` is one transaction; every JSON
 * body is bounded in depth and keys before any route runs; an analytics batch is stored all or nothing. Over real HTTP;
 * stored data is read back from the emulator's own SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../../host-harness/src/emulator/core/database.ts';
import { createEmulator, type Emulator } from '../../../host-harness/src/emulator/index.ts';
import { APP, entities, MEMBER_IDS, SERVICE_TOKEN } from '../emulator/emulator-harness.ts';
import { request } from './raw-http.ts';

let dataDir: string;
let emulator: Emulator;
let base: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hostile-inputs-'));
  emulator = await createEmulator({ dataDir, quiet: true });
  base = await emulator.listen();
});
afterAll(async () => {
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => emulator.reset());

const auth = (action: string) => `/api/apps/${APP}/auth/${action}`;
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  request(base, { method: 'POST', path, headers: { 'content-type': 'application/json', ...headers }, body });
const postJson = (path: string, value: unknown, headers?: Record<string, string>) =>
  post(path, JSON.stringify(value), headers);
const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"a":1}${'}'.repeat(depth - 1)}`;
const service = { authorization: `Bearer ${SERVICE_TOKEN}` };

/** Rows of a table of the emulator's database, read from its file (WAL: a reader sees every committed write). */
function countRows(table: string): number {
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function outboxCode(to: string): Promise<string> {
  const outbox = (await request(base, { path: '/__harness/outbox' })).body as { to: string; code?: string }[];
  const code = outbox.filter((m) => m.to === to && m.code).at(-1)?.code;
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

describe('register never takes platform-owned fields from its payload', () => {
  const owned = {
    id: MEMBER_IDS.admin,
    _id: 'chosen',
    role: 'admin',
    created_date: '2000-01-01T00:00:00.000Z',
    created_by: 'admin@example.com',
    created_by_id: MEMBER_IDS.admin,
    updated_date: '2000-01-01T00:00:00.000Z',
    updated_by: 'someone',
    app_id: 'other-app',
    is_verified: true,
  };

  it("an id (even an existing member's), role, timestamps: verify-otp succeeds with the platform's own values", async () => {
    for (const [i, email] of ['taker1@example.com', 'taker2@example.com'].entries()) {
      const registered = await postJson(auth('register'), {
        email,
        password: 'secret123',
        full_name: `Taker ${i}`,
        company: 'Acme',
        ...owned,
      });
      expect(registered.status, registered.text).toBe(200);
      const verified = await postJson(auth('verify-otp'), { email, otp_code: await outboxCode(email) });
      expect(verified.status, verified.text).toBe(200);
      const user = verified.body.user;
      expect(user).toMatchObject({ email, role: 'user', full_name: `Taker ${i}`, company: 'Acme' });
      expect(user.id).not.toBe(MEMBER_IDS.admin);
      expect(user.created_date).not.toBe(owned.created_date);
      expect(user.updated_date).not.toBe(owned.updated_date);
      expect(user.created_by_id).toBe(user.id);
      for (const field of ['_id', 'updated_by', 'app_id', 'is_verified'])
        expect(user).not.toHaveProperty(field);
    }
    const admin = await request(base, {
      path: entities('User', `/${MEMBER_IDS.admin}`),
      headers: service,
    });
    expect(admin.body).toMatchObject({ id: MEMBER_IDS.admin, email: 'admin@example.com', role: 'admin' });
  });

  it('an e-mail among the extra fields does not replace the account e-mail', async () => {
    const registered = await postJson(auth('register'), {
      email: 'real@example.com',
      password: 'secret123',
      profile: { email: 'nested-is-just-data@example.com' },
      Email: 'admin@example.com',
    });
    expect(registered.status).toBe(200);
    const verified = await postJson(auth('verify-otp'), {
      email: 'real@example.com',
      otp_code: await outboxCode('real@example.com'),
    });
    expect(verified.body.user.email).toBe('real@example.com');
  });

  it('a profile nested too deep, or with an operator key, is a 400 and creates no account', async () => {
    for (const body of [
      `{"email":"deep@example.com","password":"secret123","company":${nested(5_000)}}`,
      '{"email":"deep@example.com","password":"secret123","company":{"$where":"1"}}',
      '{"email":"deep@example.com","password":"secret123","n":1e999}',
    ]) {
      const answer = await post(auth('register'), body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.code).toBe('invalid_body');
    }
    const login = await postJson(auth('login'), { email: 'deep@example.com', password: 'secret123' });
    expect(login.status).toBe(401);
    expect((await request(base, { path: '/__harness/outbox' })).body).toEqual([]);
  });

  it('a wrong code changes nothing and counts as an attempt; the right one then works', async () => {
    await postJson(auth('register'), { email: 'again@example.com', password: 'secret123' });
    const wrong = await postJson(auth('verify-otp'), { email: 'again@example.com', otp_code: '000000x' });
    expect(wrong.status).toBe(400);
    const login = await postJson(auth('login'), { email: 'again@example.com', password: 'secret123' });
    expect(login.body.code).toBe('email_not_verified');
    const right = await postJson(auth('verify-otp'), {
      email: 'again@example.com',
      otp_code: await outboxCode('again@example.com'),
    });
    expect(right.status).toBe(200);
  });
});

describe('every JSON body is bounded before any route runs', () => {
  // An unknown app: a 400 here can only come from the body parser (the route would answer 404).
  const nowhere = `/api/apps/no-such-app/entities/Thing`;

  it('more than 32 levels of objects or arrays: 400 invalid_body, naming the limit', async () => {
    for (const body of [nested(33), `[${'['.repeat(32)}${']'.repeat(32)}]`, `{"a":${'['.repeat(100_000)}`]) {
      const answer = await post(nowhere, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        message: expect.stringContaining('nested more than 32 levels'),
        code: 'invalid_body',
      });
    }
    expect((await post(nowhere, nested(32))).status).toBe(404);
  });

  it('an object of more than 10,000 keys, or more than 100,000 keys in all: 400 invalid_body', async () => {
    const wide = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;
    expect((await post(nowhere, wide(10_000))).status).toBe(404);
    const tooWide = await post(nowhere, wide(10_001));
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.message).toMatch(/more than 10000 keys/);
    const many = (n: number) => `[${Array.from({ length: n }, () => '{"a":0}').join(',')}]`;
    expect((await post(nowhere, many(100_000))).status).toBe(404);
    const tooMany = await post(nowhere, many(100_001));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/more than 100000 keys in all/);
  });

  it('brackets and colons inside strings do not count', async () => {
    const token = (
      await request(base, {
        path: `/api/apps/${APP}/auth/sso/accesstoken/${MEMBER_IDS.user}`,
        headers: service,
      })
    ).body.access_token;
    const text = `${'{['.repeat(50)}${':'.repeat(20_000)}\\"{`;
    const answer = await postJson(entities('Strings'), { text }, { authorization: `Bearer ${token}` });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.text).toBe(text);
  });

  it('the same bounds on the control API and on JSON in multipart fields', async () => {
    const control = await post('/__harness/settings', `{"public_settings":${nested(40)}}`);
    expect(control.status).toBe(400);
    expect(control.body.code).toBe('invalid_body');
    const form = new FormData();
    form.set('to', 'someone@example.com');
    form.set('subject', 'hello');
    form.set('body', nested(40));
    const response = await fetch(`${base}/api/apps/${APP}/integration-endpoints/Core/SendEmail`, {
      method: 'POST',
      headers: service,
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'invalid_body',
      message: expect.stringContaining('nested more than 32 levels'),
    });
  });
});

describe('an analytics batch is stored all or nothing', () => {
  const batch = `/api/apps/${APP}/analytics/track/batch`;
  const good = (n: number) => ({ event_name: `event ${n}`, properties: { n, $current_url: '/Pricing' } });

  it('stores a valid batch whole', async () => {
    const answer = await postJson(batch, { events: [good(1), good(2), good(3)] });
    expect(answer.body).toEqual({ success: true, stored: 3 });
    expect(countRows('analytics_events')).toBe(3);
  });

  it.each([
    ['an event nested 5,000 levels', `{"event_name":"deep","properties":${nested(5_000)}}`],
    ['an event that is not an object', '"click"'],
    ['an event without event_name', '{"properties":{}}'],
    ['a number too large to store', '{"event_name":"x","properties":{"n":1e999}}'],
    ['an event over 16 KB', JSON.stringify({ event_name: 'big', properties: { s: 'x'.repeat(17_000) } })],
  ])('one bad event (%s) after good ones: 400 naming it, nothing stored', async (_label, bad) => {
    const body = `{"events":[${JSON.stringify(good(1))},${JSON.stringify(good(2))},${bad},${JSON.stringify(good(4))}]}`;
    const answer = await post(batch, body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'invalid_body',
      message: expect.stringMatching(/^(Event 2|The request body)/),
    });
    expect(countRows('analytics_events')).toBe(0);
  });

  it('more than 1,000 events in one batch: 400, nothing stored', async () => {
    const answer = await postJson(batch, { events: Array.from({ length: 1_001 }, (_, i) => good(i)) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/At most 1000 events/);
    expect(countRows('analytics_events')).toBe(0);
  });
});
