/**
 * The payment double delivers like the provider: an event is stored before its first delivery and sent again with
 * backoff until the endpoint answers 2xx, across a restart of the emulator on the same database file; every attempt
 * is visible in the control API. The endpoint is the fixture stripeWebhook (it records each event it accepts);
 * "down" is a fault on its route. The schedule is compressed further for the test (50 ms doubling to 200 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Json, Running } from '../../integration/emulator/emulator-harness.ts';
import { eventually, fn, startWithFixtures } from '../../integration/functions/function-harness.ts';
import { goldTrial, providerClient, recordedEvents } from './provider-support.ts';

const RETRY = { firstDelayMs: 50, maxDelayMs: 200, maxAttempts: 6 };
const dirs: string[] = [];
const running: Running[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((h) => h.close()));
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The two events these tests follow: the endpoint is sent only them (the purchase's others are kept, not sent). */
const FOLLOWED = ['checkout.session.completed', 'invoice.paid'];

async function start(dataDir: string | null = null): Promise<Running> {
  const h = await startWithFixtures(
    { dataDir },
    {
      dataDir,
      retry: RETRY,
      // These tests count deliveries: each event once (the provider's occasional second delivery is tested elsewhere).
      duplicateDeliveries: false,
      account: { webhookEndpoint: { apiVersion: null, enabledEvents: FOLLOWED } },
    },
  );
  running.push(h);
  return h;
}

/** The session's events the endpoint is sent. */
const sent = async (c: ReturnType<typeof providerClient>, id: string) =>
  (await c.events(id)).filter((e) => e.state !== 'not_sent');

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'emulator-redelivery-'));
  dirs.push(dir);
  return dir;
}

/** Stops an emulator started by `start` (its data stays on disk). */
async function stop(h: Running): Promise<void> {
  await h.close();
  running.splice(running.indexOf(h), 1);
}

/** Starts an emulator again on `dataDir`, its webhook up, and waits until it has delivered the session's events. */
async function restartAndDeliver(dataDir: string, sessionId: string): Promise<Running> {
  const second = await start(dataDir);
  const c = providerClient(second);
  await eventually(
    async () => (await sent(c, sessionId)).every((e) => e.state === 'delivered'),
    5_000,
    'delivery',
  );
  return second;
}

const down = (h: Running, extra: Record<string, unknown> = {}) =>
  h.call('POST', '/__harness/faults', { body: { path: fn('stripeWebhook'), status: 503, ...extra } });
const up = (h: Running) => h.call('DELETE', '/__harness/faults');
const statuses = (event: Json) => event.attempts.map((a: Json) => a.status);
const gapsMs = (event: Json) =>
  event.attempts
    .slice(1)
    .map((a: Json, i: number) => Date.parse(a.date) - Date.parse(event.attempts[i].date));

describe('webhook redelivery', () => {
  it('sends an event again with growing delays until the endpoint answers 2xx; each event is recorded once', async () => {
    const h = await start();
    const c = providerClient(h);
    await down(h);
    const { body: session } = await c.create(goldTrial());
    expect((await c.pay(session.id)).status).toBe(303);
    await eventually(
      async () => (await sent(c, session.id)).every((e) => e.attempt_count >= 3),
      5_000,
      '3 attempts',
    );
    expect(await recordedEvents(h)).toEqual([]);
    await up(h);
    await eventually(
      async () => (await sent(c, session.id)).every((e) => e.state === 'delivered'),
      5_000,
      'delivery',
    );

    const events = await sent(c, session.id);
    for (const event of events) {
      expect(statuses(event).at(-1)).toBe(200);
      expect(statuses(event).slice(0, 3)).toEqual([503, 503, 503]);
      expect(event.next_attempt_ms).toBeNull();
      // 50 ms, then 100 ms, then 200 ms at most (timers only ever fire late, never early).
      const gaps = gapsMs(event);
      expect(gaps[0]).toBeGreaterThanOrEqual(45);
      expect(gaps[1]).toBeGreaterThanOrEqual(95);
    }
    expect((await recordedEvents(h)).map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'invoice.paid',
    ]);
    const order = await c.session(session.id);
    expect(order.webhook).toMatchObject({ delivered: true, last_status: 200 });
    expect(
      order.events.every(
        (e: Json) => e.state === 'not_sent' || (e.delivered && e.attempts.length === e.attempt_count),
      ),
    ).toBe(true);
  });

  it('gives up after the last attempt; a resend by hand still delivers it', async () => {
    const h = await start();
    const c = providerClient(h);
    await down(h);
    const { body: session } = await c.create(goldTrial());
    await c.pay(session.id);
    await eventually(
      async () => (await sent(c, session.id)).every((e) => e.state === 'failed'),
      5_000,
      'giving up',
    );
    const [first] = await sent(c, session.id);
    expect(first.attempt_count).toBe(RETRY.maxAttempts);
    await up(h);
    const resent = await h.call('POST', `/__harness/checkout-sessions/${session.id}/webhook`, {
      body: { event_id: first.id },
    });
    expect(resent.body).toMatchObject({
      event_id: first.id,
      attempt: { ok: true, status: 200, manual: true },
    });
    expect((await sent(c, session.id)).find((e) => e.id === first.id)?.state).toBe('delivered');
    expect(await recordedEvents(h)).toHaveLength(1);
  });

  it('resumes after a restart on the same database file: the attempts before and after it are kept', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    await down(first);
    const { body: session } = await providerClient(first).create(goldTrial());
    await providerClient(first).pay(session.id);
    const before = await sent(providerClient(first), session.id);
    expect(before.map((e) => e.state)).toEqual(['pending', 'pending']);
    await stop(first);

    // A new emulator on the same file, its webhook up: it sends what the first one could not.
    const second = await restartAndDeliver(dataDir, session.id);
    for (const event of await sent(providerClient(second), session.id)) {
      expect(statuses(event)[0]).toBe(503);
      expect(statuses(event).at(-1)).toBe(200);
    }
    expect((await recordedEvents(second)).map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'invoice.paid',
    ]);
  });

  it('an event is stored before its first delivery: stopped mid-delivery, the next start delivers it', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    // The endpoint hangs: the first attempt is under way when the emulator stops.
    await down(first, { status: undefined, delayMs: 10_000 });
    const { body: session } = await providerClient(first).create(goldTrial());
    const paying = providerClient(first)
      .pay(session.id)
      .catch(() => null);
    await eventually(
      async () => (await sent(providerClient(first), session.id)).length === 2,
      5_000,
      'stored events',
    );
    await stop(first);
    await paying;

    const second = await restartAndDeliver(dataDir, session.id);
    // The abandoned attempt is not counted: the restart's delivery is the first one.
    expect((await sent(providerClient(second), session.id)).map((e) => statuses(e))).toEqual([[200], [200]]);
    expect(await recordedEvents(second)).toHaveLength(2);
  });
});
