/**
 * Emulator bugs found by the hostile-load run, each with the behaviour a caller sees after the fix:
 * a backtracking `$regex` no longer freezes the emulator; numbers too large to store are refused instead of turning
 * into null on disk while memory keeps Infinity; a request the HTTP parser rejects is answered with
 * `Connection: close`, so a keep-alive client's next request does not hang up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../host-harness/src/emulator/core/errors.ts';
import {
  REGEX_BUDGET_MS,
  withinRegexBudget,
} from '../../../host-harness/src/emulator/entities/query/time-budget.ts';
import { createEmulator, type Emulator } from '../../../host-harness/src/emulator/index.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'emulator-fixes-'));
let emulator: Emulator;
let url: string;
const JSON_TYPE = { 'content-type': 'application/json' };
const items = (suffix = '') => `${url}/api/apps/local-app/entities/Item${suffix}`;
const q = (filter: unknown) => `?q=${encodeURIComponent(JSON.stringify(filter))}`;

beforeAll(async () => {
  emulator = await createEmulator({ dataDir, quiet: true });
  url = await emulator.listen({ port: 0 });
});
afterAll(async () => {
  await emulator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a backtracking $regex', () => {
  beforeAll(async () => {
    const seeded = await fetch(items('/bulk'), {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify([{ s: `${'a'.repeat(40)}!` }, { s: 'a'.repeat(200_000) }, { s: 'plain' }]),
    });
    expect(seeded.status).toBe(200);
  });

  it.each([
    ['list', () => items(q({ s: { $regex: '^(a+)+$' } }))],
    ['count', () => items(`/count${q({ s: { $regex: '.*x' } })}`)],
    ['list with $not', () => items(q({ s: { $not: '^(a|a)+$' } }))],
  ])(
    'on %s answers 400 query_timeout within its budget, and the emulator keeps serving',
    async (_, target) => {
      const started = Date.now();
      const answer = await fetch(target());
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        code: 'query_timeout',
        message: expect.stringMatching(/\$regex/),
      });
      expect(Date.now() - started).toBeLessThan(REGEX_BUDGET_MS + 3_000);
      expect((await fetch(`${url}/__harness/health`)).status).toBe(200);
    },
  );

  it('in deleteMany answers 400 and deletes nothing; writes work afterwards (no transaction left open)', async () => {
    const answer = await fetch(items(), {
      method: 'DELETE',
      headers: JSON_TYPE,
      body: JSON.stringify({ s: { $regex: '(a*)*b' } }),
    });
    expect(answer.status).toBe(400);
    expect(await (await fetch(items('/count'))).json()).toEqual({ count: 3 });
    const created = await fetch(items(), { method: 'POST', headers: JSON_TYPE, body: '{"s":"after"}' });
    expect(created.status).toBe(200);
    const removed = await fetch(items(), {
      method: 'DELETE',
      headers: JSON_TYPE,
      body: JSON.stringify({ s: { $regex: '^aft' } }),
    });
    expect(await removed.json()).toEqual({ success: true, deleted: 1 });
  });

  it('an ordinary $regex still answers at once', async () => {
    const answer = await fetch(items(q({ s: { $regex: '^PLA', $options: 'i' } })));
    expect(answer.status).toBe(200);
    expect((await answer.json()).map((r: { s: string }) => r.s)).toEqual(['plain']);
  });

  it('the budget lets errors of the work through unchanged and refuses only overruns', () => {
    expect(() =>
      withinRegexBudget(() => {
        throw new BadRequestError('inner');
      }, 500),
    ).toThrow('inner');
    expect(withinRegexBudget(() => 42, 500)).toBe(42);
    let caught: unknown;
    try {
      withinRegexBudget(() => /^(a+)+$/.test(`${'a'.repeat(40)}!`), 100);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BadRequestError);
    expect((caught as BadRequestError).code).toBe('query_timeout');
  });
});

describe('numbers too large to store', () => {
  it.each([
    ['a top-level 1e999', '{"n":1e999}'],
    ['a nested -1e999', '{"a":{"b":[1,-1e999]}}'],
  ])('%s in a record is a 400, not a record that reads back differently', async (_, body) => {
    const answer = await fetch(items(), { method: 'POST', headers: JSON_TYPE, body });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      code: 'invalid_body',
      message: expect.stringMatching(/too large/),
    });
  });

  it('an $inc past the largest number is a 400 and leaves the value, live and after a restart', async () => {
    const created = await (
      await fetch(items(), { method: 'POST', headers: JSON_TYPE, body: '{"n":1e308}' })
    ).json();
    const overflow = await fetch(items(`/${created.id}`), {
      method: 'PUT',
      headers: JSON_TYPE,
      body: '{"$inc":{"n":1e308}}',
    });
    expect(overflow.status).toBe(400);
    expect((await (await fetch(items(`/${created.id}`))).json()).n).toBe(1e308);
    await emulator.close();
    emulator = await createEmulator({ dataDir, quiet: true });
    url = await emulator.listen({ port: 0 });
    expect((await (await fetch(items(`/${created.id}`))).json()).n).toBe(1e308);
  });
});

describe('requests the HTTP parser rejects', () => {
  it('a 20 KB header gets a 431 with Connection: close, and the keep-alive client carries on', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (headers: Record<string, string>) =>
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(url);
        const req = http.get({ hostname, port, path: '/__harness/health', headers, agent }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
          );
        });
        req.on('error', reject);
      });
    try {
      expect((await get({})).status).toBe(200);
      const refused = await get({ 'x-filler': 'a'.repeat(20_000) });
      expect(refused).toMatchObject({ status: 431, connection: 'close' });
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'headers_too_large' });
      expect((await get({})).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('a malformed request gets a 400 with Connection: close and a JSON message', async () => {
    const { hostname, port } = new URL(url);
    const text = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString();
      });
      socket.on('close', () => resolve(received));
      socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n');
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(text).toMatch(/\r\nConnection: close\r\n/);
    expect(JSON.parse(text.split('\r\n\r\n')[1] ?? '')).toMatchObject({ code: 'bad_request' });
  });
});
