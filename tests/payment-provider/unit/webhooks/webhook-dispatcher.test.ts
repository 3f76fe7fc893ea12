/**
 * How the double delivers its events: each POSTed the way the provider sends it (signed afresh, its headers, no
 * redirect followed), its answer recorded; until a 2xx, again on the retry schedule, then given up; by hand on request;
 * one attempt per event at a time; nothing once stopped. The endpoint is a real HTTP server on an ephemeral port.
 */
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../../host-harness/payments/server/database.ts';
import {
  type DeliveryAttempt,
  PROVIDER_EVENT_TABLES,
  ProviderEventStore,
  type StoredEvent,
} from '../../../../host-harness/payments/webhooks/provider-event-store.ts';
import type { RetrySchedule } from '../../../../host-harness/payments/webhooks/retry-schedule.ts';
import {
  failureReason,
  stateAfter,
  WebhookDispatcher,
} from '../../../../host-harness/payments/webhooks/webhook-dispatcher.ts';
import { type Answer, endpointServer, pause } from '../support/endpoint-server.ts';
import { newEvent } from '../support/stored-events.ts';

const SLOW: RetrySchedule = { firstDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 20 };

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const each of open.splice(0).reverse()) await each.close();
  vi.restoreAllMocks();
});

async function setup(
  answers: Answer[] = [{ status: 200, body: 'ok' }],
  options: { schedule?: RetrySchedule; timeoutMs?: number; quiet?: boolean; start?: boolean } = {},
) {
  const server = await endpointServer(answers);
  open.push(server);
  const events = new ProviderEventStore(openDatabase(null, [PROVIDER_EVENT_TABLES]));
  const dispatcher = new WebhookDispatcher({
    events,
    endpoint: (appId) => `${server.url}/api/apps/${appId}/functions/stripeWebhook`,
    schedule: options.schedule ?? SLOW,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    quiet: options.quiet ?? true,
  });
  open.push(dispatcher);
  if (options.start ?? true) dispatcher.start();
  return { server, events, dispatcher };
}

const signatureOf = (header: string | string[] | undefined) => {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  expect(match, String(header)).not.toBeNull();
  return { t: Number(match![1]), v1: match![2]! };
};

describe('failureReason', () => {
  it('names a timeout with the time waited', () => {
    const timeout = new DOMException('signal timed out', 'TimeoutError');
    expect(failureReason(timeout, 1_500)).toBe('no answer within 1500 ms');
  });

  it("gives the network error's code, else its message, else the error's own message, else the value", () => {
    const withCode = new TypeError('fetch failed', {
      cause: { code: 'ECONNREFUSED', message: 'connect refused' },
    });
    expect(failureReason(withCode, 1)).toBe('ECONNREFUSED');
    const withMessage = new TypeError('fetch failed', { cause: { message: 'other side closed' } });
    expect(failureReason(withMessage, 1)).toBe('other side closed');
    expect(failureReason(new Error('bad port'), 1)).toBe('bad port');
    expect(failureReason('down', 1)).toBe('down');
  });

  it('keeps at most 300 characters', () => {
    expect(failureReason(new Error('x'.repeat(400)), 1)).toBe('x'.repeat(300));
  });
});

describe('stateAfter', () => {
  const schedule: RetrySchedule = { firstDelayMs: 1_000, maxDelayMs: 60_000, maxAttempts: 3 };
  const pending = (attempt_count: number): StoredEvent => ({
    id: 'evt_1',
    app_id: 'app_1',
    session_id: 'cs_1',
    type: 'invoice.paid',
    created_s: 1,
    payload: '{}',
    attempts: [],
    attempt_count,
    state: 'pending',
    next_attempt_ms: 500,
  });
  const ok: DeliveryAttempt = { date: 'd', status: 200, ok: true, response: '' };
  const refused: DeliveryAttempt = { date: 'd', status: 500, ok: false, error: '' };

  it('is delivered after a 2xx, whatever it was and however it was sent', () => {
    expect(stateAfter(pending(0), ok, false, schedule, 10_000)).toStrictEqual({
      state: 'delivered',
      next_attempt_ms: null,
    });
    expect(
      stateAfter({ ...pending(3), state: 'failed', next_attempt_ms: null }, ok, true, schedule, 1),
    ).toStrictEqual({
      state: 'delivered',
      next_attempt_ms: null,
    });
  });

  it('retries a failed automatic attempt after the delay for the attempts so far', () => {
    expect(stateAfter(pending(0), refused, false, schedule, 10_000)).toStrictEqual({
      state: 'pending',
      next_attempt_ms: 11_000,
    });
    expect(stateAfter(pending(1), refused, false, schedule, 10_000)).toStrictEqual({
      state: 'pending',
      next_attempt_ms: 12_000,
    });
  });

  it('gives up once the last attempt failed', () => {
    expect(stateAfter(pending(2), refused, false, schedule, 10_000)).toStrictEqual({
      state: 'failed',
      next_attempt_ms: null,
    });
    expect(stateAfter(pending(7), refused, false, schedule, 10_000)).toStrictEqual({
      state: 'failed',
      next_attempt_ms: null,
    });
  });

  it('leaves state and schedule as they were after a failed manual resend, or for an event no longer pending', () => {
    expect(stateAfter(pending(1), refused, true, schedule, 10_000)).toStrictEqual({
      state: 'pending',
      next_attempt_ms: 500,
    });
    const given = { ...pending(3), state: 'failed' as const, next_attempt_ms: null };
    expect(stateAfter(given, refused, true, schedule, 10_000)).toStrictEqual({
      state: 'failed',
      next_attempt_ms: null,
    });
    const delivered = { ...pending(1), state: 'delivered' as const, next_attempt_ms: null };
    expect(stateAfter(delivered, refused, false, schedule, 10_000)).toStrictEqual({
      state: 'delivered',
      next_attempt_ms: null,
    });
  });
});

describe('WebhookDispatcher', () => {
  it("POSTs each event to its app's endpoint in the order given, signed, with the provider's headers", async () => {
    const { server, events, dispatcher } = await setup();
    events.insert([newEvent('evt_1'), newEvent('evt_2', { app_id: 'app_2' })], Date.now());
    const before = Math.floor(Date.now() / 1000);
    await dispatcher.publish(['evt_2', 'evt_1']);
    expect(server.received.map((r) => [r.method, r.path, r.body])).toStrictEqual([
      ['POST', '/api/apps/app_2/functions/stripeWebhook', newEvent('evt_2').payload],
      ['POST', '/api/apps/app_1/functions/stripeWebhook', newEvent('evt_1').payload],
    ]);
    const [first] = server.received;
    expect(first!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first!.headers['user-agent']).toBe('Stripe/1.0 (+https://stripe.com/docs/webhooks)');
    expect(first!.headers.accept).toBe('*/*; q=0.5, application/xml');
    expect(first!.headers.authorization).toBeUndefined();
    const { t, v1 } = signatureOf(first!.headers['stripe-signature']);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(v1).toBe(createHmac('sha256', 'whsec_harness_local').update(`${t}.${first!.body}`).digest('hex'));
  });

  it('records a 2xx as delivered with its answer, shortened, and sends it no more', async () => {
    const { server, events, dispatcher } = await setup([{ status: 202, body: `${'a'.repeat(299)}bc` }]);
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    const stored = events.get('evt_1')!;
    expect(stored.state).toBe('delivered');
    expect(stored.next_attempt_ms).toBeNull();
    expect(stored.attempt_count).toBe(1);
    expect(stored.attempts).toStrictEqual([
      {
        date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        status: 202,
        ok: true,
        response: `${'a'.repeat(299)}b`,
      },
    ]);
    await dispatcher.publish(['evt_1']);
    expect(server.received).toHaveLength(1);
  });

  it('records a refusal with its answer and schedules the next attempt after the first delay', async () => {
    const { server, events, dispatcher } = await setup([{ status: 400, body: 'bad signature' }]);
    events.insert([newEvent('evt_1')], Date.now());
    const before = Date.now();
    await dispatcher.publish(['evt_1']);
    const after = Date.now();
    const stored = events.get('evt_1')!;
    expect(stored.attempts).toStrictEqual([
      { date: expect.any(String), status: 400, ok: false, error: 'bad signature' },
    ]);
    expect(stored.state).toBe('pending');
    expect(stored.next_attempt_ms).toBeGreaterThanOrEqual(before + 60_000);
    expect(stored.next_attempt_ms).toBeLessThanOrEqual(after + 60_000);
    // Not sent again before its time.
    await pause(300);
    expect(server.received).toHaveLength(1);
  });

  it('sends a refused event again on the schedule until a 2xx, then stops', async () => {
    const { server, events, dispatcher } = await setup(
      [{ status: 500, body: 'down' }, { status: 503 }, { status: 200, body: 'ok' }],
      { schedule: { firstDelayMs: 20, maxDelayMs: 40, maxAttempts: 10 } },
    );
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    await server.waitFor(3);
    await vi.waitFor(() => expect(events.get('evt_1')!.state).toBe('delivered'), { timeout: 10_000 });
    expect(events.get('evt_1')!.attempts.map((a) => [a.status, a.ok])).toStrictEqual([
      [500, false],
      [503, false],
      [200, true],
    ]);
    await pause(200);
    expect(server.received).toHaveLength(3);
  });

  it('gives up after the last attempt of the schedule', async () => {
    const { server, events, dispatcher } = await setup([{ status: 500 }], {
      schedule: { firstDelayMs: 10, maxDelayMs: 10, maxAttempts: 3 },
    });
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    await server.waitFor(3);
    await vi.waitFor(() => expect(events.get('evt_1')!.state).toBe('failed'), { timeout: 10_000 });
    expect(events.get('evt_1')).toMatchObject({ attempt_count: 3, next_attempt_ms: null });
    await pause(200);
    expect(server.received).toHaveLength(3);
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const { server, events, dispatcher } = await setup([
      { status: 302, body: 'elsewhere', headers: { location: '/elsewhere' } },
    ]);
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    expect(events.get('evt_1')!.attempts).toStrictEqual([
      { date: expect.any(String), status: 302, ok: false, error: 'elsewhere' },
    ]);
    expect(server.received).toHaveLength(1);
  });

  it('counts no answer within the timeout as a failed attempt', async () => {
    const { events, dispatcher } = await setup(['hang'], { timeoutMs: 200 });
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    expect(events.get('evt_1')!.attempts).toStrictEqual([
      { date: expect.any(String), status: null, ok: false, error: 'no answer within 200 ms' },
    ]);
    expect(events.get('evt_1')!.state).toBe('pending');
  });

  it('counts an endpoint that cannot be reached as a failed attempt, naming why', async () => {
    const { server, events, dispatcher } = await setup();
    await server.close();
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    expect(events.get('evt_1')!.attempts).toStrictEqual([
      { date: expect.any(String), status: null, ok: false, error: 'ECONNREFUSED' },
    ]);
  });

  it('reports an undelivered event on the console unless quiet', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events, dispatcher } = await setup([{ status: 500, body: 'boom' }], { quiet: false });
    events.insert([newEvent('evt_1', { type: 'invoice.paid' })], Date.now());
    await dispatcher.publish(['evt_1']);
    expect(errors.mock.calls).toStrictEqual([
      ['payment double: event evt_1 (invoice.paid) not delivered: 500 boom'],
    ]);
    const quiet = await setup([{ status: 500, body: 'boom' }], { quiet: true });
    quiet.events.insert([newEvent('evt_2')], Date.now());
    await quiet.dispatcher.publish(['evt_2']);
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it('reports an endpoint that gave no answer as such', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events, dispatcher } = await setup(['hang'], { quiet: false, timeoutMs: 100 });
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    expect(errors.mock.calls).toStrictEqual([
      [
        'payment double: event evt_1 (checkout.session.completed) not delivered: no answer no answer within 100 ms',
      ],
    ]);
  });

  it('does not report a delivered event', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { events, dispatcher } = await setup([{ status: 200 }], { quiet: false });
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('sends nothing before it is started, then every pending event when it starts', async () => {
    const { server, events, dispatcher } = await setup(undefined, { start: false });
    events.insert([newEvent('evt_1'), newEvent('evt_2', { sent: false })], Date.now());
    await dispatcher.publish(['evt_1']);
    expect(await dispatcher.resend('evt_1')).toBeNull();
    expect(server.received).toHaveLength(0);
    expect(events.get('evt_1')).toMatchObject({ state: 'pending', attempt_count: 0 });
    dispatcher.start();
    await server.waitFor(1);
    await vi.waitFor(() => expect(events.get('evt_1')!.state).toBe('delivered'));
    expect(server.received.map((r) => r.body)).toStrictEqual([newEvent('evt_1').payload]);
  });

  it('on start, sends a pending event at its time, not before', async () => {
    const { server, events, dispatcher } = await setup(undefined, { start: false });
    events.insert([newEvent('evt_1')], Date.now() + 1_000);
    dispatcher.start();
    await pause(300);
    expect(server.received).toHaveLength(0);
    await server.waitFor(1);
  });

  it('sends automatically only a pending event', async () => {
    const { server, events, dispatcher } = await setup();
    events.insert([newEvent('evt_1', { sent: false })], Date.now());
    await dispatcher.publish(['evt_1', 'evt_missing']);
    expect(server.received).toHaveLength(0);
    expect(events.get('evt_1')).toMatchObject({ state: 'not_sent', attempt_count: 0 });
  });

  it('resends by hand an event in any state, marked manual; a delivered one stays delivered', async () => {
    const { server, events, dispatcher } = await setup([
      { status: 200, body: 'first' },
      { status: 500, body: 'x' },
    ]);
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    const attempt = await dispatcher.resend('evt_1');
    expect(attempt).toStrictEqual({
      date: expect.any(String),
      status: 500,
      ok: false,
      error: 'x',
      manual: true,
    });
    expect(events.get('evt_1')).toMatchObject({
      state: 'delivered',
      attempt_count: 2,
      next_attempt_ms: null,
    });
    expect(events.get('evt_1')!.attempts.at(-1)).toStrictEqual(attempt);
    expect(server.received).toHaveLength(2);
    expect(await dispatcher.resend('evt_missing')).toBeNull();
  });

  it('delivers a given-up event by hand, and a failed resend leaves the schedule as it was', async () => {
    const { server, events, dispatcher } = await setup(
      [{ status: 500 }, { status: 500 }, { status: 200, body: 'ok' }],
      {
        schedule: { firstDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 1 },
      },
    );
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    expect(events.get('evt_1')).toMatchObject({ state: 'failed', next_attempt_ms: null });
    expect(await dispatcher.resend('evt_1')).toMatchObject({ status: 500, ok: false, manual: true });
    expect(events.get('evt_1')).toMatchObject({ state: 'failed', attempt_count: 2 });
    expect(await dispatcher.resend('evt_1')).toStrictEqual({
      date: expect.any(String),
      status: 200,
      ok: true,
      response: 'ok',
      manual: true,
    });
    expect(events.get('evt_1')).toMatchObject({ state: 'delivered', attempt_count: 3 });
    expect(server.received).toHaveLength(3);
  });

  it('a resend that delivers a pending event ends its retries', async () => {
    const { server, events, dispatcher } = await setup([{ status: 500 }, { status: 200 }, { status: 500 }], {
      schedule: { firstDelayMs: 300, maxDelayMs: 300, maxAttempts: 5 },
    });
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    expect(await dispatcher.resend('evt_1')).toMatchObject({ ok: true });
    await pause(700);
    expect(server.received).toHaveLength(2);
  });

  it('makes one attempt per event at a time: a second request joins the one under way', async () => {
    const { server, events, dispatcher } = await setup([
      { status: 200, body: 'one' },
      { status: 200, body: 'two' },
    ]);
    events.insert([newEvent('evt_1')], Date.now());
    const [first, second] = await Promise.all([dispatcher.resend('evt_1'), dispatcher.resend('evt_1')]);
    expect(second).toBe(first);
    expect(server.received).toHaveLength(1);
    // Once it ended, a new request is a new attempt.
    expect(await dispatcher.resend('evt_1')).toMatchObject({ response: 'two' });
    expect(server.received).toHaveLength(2);
  });

  it('clear() forgets the scheduled attempts', async () => {
    const { server, events, dispatcher } = await setup([{ status: 500 }], {
      schedule: { firstDelayMs: 50, maxDelayMs: 50, maxAttempts: 5 },
    });
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    dispatcher.clear();
    await pause(400);
    expect(server.received).toHaveLength(1);
  });

  it('close() abandons an attempt under way unrecorded, and sends nothing more', async () => {
    const { server, events, dispatcher } = await setup(['hang']);
    events.insert([newEvent('evt_1')], Date.now());
    const publishing = dispatcher.publish(['evt_1']);
    await server.waitFor(1);
    await dispatcher.close();
    await publishing;
    expect(events.get('evt_1')).toMatchObject({ state: 'pending', attempt_count: 0, attempts: [] });
    expect(await dispatcher.resend('evt_1')).toBeNull();
    dispatcher.start();
    await pause(200);
    expect(server.received).toHaveLength(1);
  });

  it('close() stops the retries', async () => {
    const { server, events, dispatcher } = await setup([{ status: 500 }], {
      schedule: { firstDelayMs: 50, maxDelayMs: 50, maxAttempts: 5 },
    });
    events.insert([newEvent('evt_1')], Date.now());
    await dispatcher.publish(['evt_1']);
    await dispatcher.close();
    await pause(400);
    expect(server.received).toHaveLength(1);
  });
});
