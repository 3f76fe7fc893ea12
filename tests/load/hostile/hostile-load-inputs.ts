/**
 * Inputs that used to end in a 500 or in half-stored data: `register` with platform-owned fields (followed through to
 * `verify-otp`), JSON too deep or too wide for the body parser, and batches with one bad item, which must store
 * nothing. What the batches acknowledged is counted and read back at the end (`verifyBatches`).
 */
import type http from 'node:http';
import Database from 'better-sqlite3';
import { SEEDED_ACCOUNTS } from '../../../host-harness/src/emulator/auth/index.ts';
import { bearer, type CaseContext, type HostileRequest, json } from './hostile-load-cases.ts';
import { send } from './hostile-load-http.ts';
import type { Violation } from './hostile-load-report.ts';

const ADMIN_ID = SEEDED_ACCOUNTS[0].id;
const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"a":1}${'}'.repeat(depth - 1)}`;
let wideBodies: { oneObject: string; inAll: string } | null = null;
/** Built once: an object of 10,001 keys, and 100,001 keys spread over small objects. */
function wide() {
  wideBodies ??= {
    oneObject: `{${Array.from({ length: 10_001 }, (_, i) => `"k${i}":0`).join(',')}}`,
    inAll: `[${Array(100_001).fill('{"a":0}').join(',')}]`,
  };
  return wideBodies;
}

/** Register with platform-owned fields, read the code from the outbox (a tool), verify: the platform's values win. */
export function registerOwnedFields(ctx: CaseContext): HostileRequest {
  const email = `hostile-${ctx.runId}-${ctx.nextSeq()}@example.com`.toLowerCase();
  const owned = {
    id: ADMIN_ID,
    role: 'admin',
    created_date: '2000-01-01T00:00:00.000Z',
    updated_date: '2000-01-01T00:00:00.000Z',
    created_by_id: ADMIN_ID,
    _id: 'chosen',
  };
  const verify = (code: string): HostileRequest => ({
    category: 'register-owned-fields',
    label: 'verify-otp after a register with owned fields',
    method: 'POST',
    path: `/api/apps/${ctx.app}/auth/verify-otp`,
    headers: json,
    body: JSON.stringify({ email, otp_code: code }),
    expect: '2xx',
    onSuccess(body) {
      const user = (body as { user?: Record<string, unknown> }).user ?? {};
      if (user.id === ADMIN_ID || user._id !== undefined)
        return `verify-otp kept a chosen id: ${String(user.id)}`;
      if (user.role !== 'user') return `verify-otp kept a chosen role: ${String(user.role)}`;
      if (user.created_date === owned.created_date) return 'verify-otp kept a chosen created_date';
      return user.email === email ? null : `the account e-mail became ${String(user.email)}`;
    },
  });
  const readCode: HostileRequest = {
    category: 'register-owned-fields',
    label: 'outbox read by a tool',
    method: 'GET',
    path: '/__harness/outbox',
    expect: '2xx',
    next(body) {
      const code = (body as { to: string; code?: string }[]).filter((m) => m.to === email).at(-1)?.code;
      return code ? verify(code) : null;
    },
  };
  return {
    category: 'register-owned-fields',
    label: 'register with id, role and timestamps',
    method: 'POST',
    path: `/api/apps/${ctx.app}/auth/register`,
    headers: json,
    body: JSON.stringify({ email, password: 'hostile-secret', full_name: 'Hostile', ...owned }),
    expect: '2xx',
    next: () => readCode,
  };
}

/**
 * Bodies past the parser's bounds, on every route that parses JSON: always 400 invalid_body, before the route runs.
 * (Backend functions receive their raw body, as on the platform, and answer for themselves.)
 */
export function jsonBounds(ctx: CaseContext): HostileRequest {
  const api = `/api/apps/${ctx.app}`;
  const [label, body] = ctx.rng.pick<[string, () => string]>([
    ['33 levels', () => nested(33)],
    ['1,000 levels', () => nested(1_000)],
    ['100,000 open arrays', () => '['.repeat(100_000)],
    ['10,001 keys in one object', () => wide().oneObject],
    ['100,001 keys in all', () => wide().inAll],
  ]);
  const path = ctx.rng.pick([
    `${api}/auth/register`,
    `${api}/auth/login`,
    `${api}/analytics/track/batch`,
    `${api}/entities/${ctx.victimEntity}`,
    `${api}/entities/${ctx.batchEntity}/bulk`,
    '/api/apps/no-such-app/entities/X',
    '/__harness/settings',
  ]);
  return {
    category: 'json-bounds',
    label: `${label} to ${path.replace(api, '')}`,
    method: 'POST',
    path,
    headers: { ...json, ...bearer(ctx.userToken) },
    body: body(),
    expect: '4xx',
    statuses: [400],
    answerMatches: /"code":"invalid_body"/,
  };
}

const BAD_EVENTS = [
  `{"event_name":"deep","properties":${nested(5_000)}}`,
  '"click"',
  '{"properties":{}}',
  '{"event_name":"x","properties":{"n":1e999}}',
  JSON.stringify({ event_name: 'big', properties: { s: 'x'.repeat(17_000) } }),
];
const BAD_RECORDS = [nested(40), '{"$where":"1"}', '{"n":1e999}', '7', '{"__proto__":{"x":1}}'];

/** A batch of good items, sometimes with one bad item at a random place: all stored, or nothing. */
export function batchOneBad(ctx: CaseContext): HostileRequest {
  const size = ctx.rng.int(2, 6);
  const bad = ctx.rng.next() < 0.7;
  const at = ctx.rng.int(0, size - 1);
  if (ctx.rng.next() < 0.5) {
    const items = Array.from({ length: size }, (_, i) =>
      JSON.stringify({ event_name: `e${i}`, properties: { i } }),
    );
    if (bad) items[at] = ctx.rng.pick(BAD_EVENTS);
    return {
      category: 'batch-one-bad',
      label: bad ? `analytics batch, event ${at} bad` : 'analytics batch, all good',
      method: 'POST',
      path: `/api/apps/${ctx.app}/analytics/track/batch`,
      headers: json,
      body: `{"events":[${items.join(',')}]}`,
      expect: bad ? '4xx' : '2xx',
      ...(bad ? { statuses: [400] } : {}),
      onSuccess() {
        ctx.batches.analyticsEvents += size;
        return null;
      },
    };
  }
  const items = Array.from({ length: size }, (_, i) => JSON.stringify({ run: ctx.runId, i }));
  if (bad) items[at] = ctx.rng.pick(BAD_RECORDS);
  return {
    category: 'batch-one-bad',
    label: bad ? `bulk create, record ${at} bad` : 'bulk create, all good',
    method: 'POST',
    path: `/api/apps/${ctx.app}/entities/${ctx.batchEntity}/bulk`,
    headers: { ...json, ...bearer(ctx.userToken) },
    body: `[${items.join(',')}]`,
    expect: bad ? '4xx' : '2xx',
    ...(bad ? { statuses: [400] } : {}),
    onSuccess() {
      ctx.batches.bulkRecords += size;
      return null;
    },
  };
}

/** The batches' stored counts: bulk records over HTTP, analytics events in the database file (`databaseFile`). */
export async function verifyBatches(
  base: string,
  agent: http.Agent,
  ctx: CaseContext,
  databaseFile: string,
  when: string,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  const answer = await send(base, agent, {
    method: 'GET',
    path: `/api/apps/${ctx.app}/entities/${ctx.batchEntity}/count`,
    headers: bearer(ctx.userToken),
  });
  // 404: the collection was never written, so nothing may have been acknowledged either.
  const bulk =
    answer.status === 200
      ? (JSON.parse(answer.text) as { count: number }).count
      : answer.status === 404
        ? 0
        : -1;
  if (bulk !== ctx.batches.bulkRecords)
    violations.push({
      category: 'batch-one-bad',
      label: `bulk records (${when})`,
      detail: `${bulk} stored, ${ctx.batches.bulkRecords} acknowledged`,
    });
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const events = (db.prepare('SELECT COUNT(*) AS n FROM analytics_events').get() as { n: number }).n;
    if (events !== ctx.batches.analyticsEvents)
      violations.push({
        category: 'batch-one-bad',
        label: `analytics events (${when})`,
        detail: `${events} stored, ${ctx.batches.analyticsEvents} acknowledged`,
      });
  } finally {
    db.close();
  }
  return violations;
}
