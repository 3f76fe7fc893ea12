/**
 * The double's events as stored (SQLite, in memory here): the state each is stored in, the order they are read in,
 * what the retry schedule still has to send, and each attempt recorded with what follows it.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../host-harness/payments/server/database.ts';
import {
  type DeliveryAttempt,
  PROVIDER_EVENT_TABLES,
  ProviderEventStore,
} from '../../../../host-harness/payments/webhooks/provider-event-store.ts';
import { newEvent } from '../support/stored-events.ts';

const store = () => new ProviderEventStore(openDatabase(null, [PROVIDER_EVENT_TABLES]));

const failed = (n: number): DeliveryAttempt => ({
  date: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z`,
  status: 500,
  ok: false,
  error: `e${n}`,
});

describe('PROVIDER_EVENT_TABLES', () => {
  it('names every table its schema creates (a reset empties them)', () => {
    const db = openDatabase(null, [PROVIDER_EVENT_TABLES]);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all()
      .map((row) => (row as { name: string }).name);
    expect(tables).toStrictEqual(['provider_events']);
    expect(PROVIDER_EVENT_TABLES.names).toStrictEqual(tables);
  });
});

describe('ProviderEventStore', () => {
  it('stores an event the endpoint is sent as pending and due now, with no attempt yet', () => {
    const events = store();
    events.insert([newEvent('evt_a')], 42_000);
    expect(events.get('evt_a')).toStrictEqual({
      seq: 1,
      id: 'evt_a',
      app_id: 'app_1',
      session_id: 'cs_1',
      type: 'checkout.session.completed',
      created_s: 1_700_000_000,
      payload: '{"id":"evt_a","object":"event"}',
      attempts: [],
      attempt_count: 0,
      state: 'pending',
      next_attempt_ms: 42_000,
    });
    expect(events.get('evt_missing')).toBeUndefined();
  });

  it('stores an event the endpoint is not sent as not_sent, never scheduled', () => {
    const events = store();
    events.insert([newEvent('evt_b', { sent: false, session_id: null })], 42_000);
    expect(events.get('evt_b')).toMatchObject({ state: 'not_sent', next_attempt_ms: null, session_id: null });
    expect(events.pending()).toStrictEqual([]);
  });

  it("lists a session's events in the order they were stored", () => {
    const events = store();
    events.insert([newEvent('evt_2'), newEvent('evt_1', { session_id: 'cs_2' })], 1);
    events.insert([newEvent('evt_0', { sent: false })], 2);
    expect(events.bySession('cs_1').map((e) => e.id)).toStrictEqual(['evt_2', 'evt_0']);
    expect(events.bySession('cs_2').map((e) => e.id)).toStrictEqual(['evt_1']);
    expect(events.bySession('cs_3')).toStrictEqual([]);
  });

  it('stores all of one insert or none of it', () => {
    const events = store();
    expect(() => events.insert([newEvent('evt_x'), newEvent('evt_x')], 1)).toThrow(/UNIQUE/);
    expect(events.get('evt_x')).toBeUndefined();
  });

  it('lists what the retry schedule still has to send, with when, in order', () => {
    const events = store();
    events.insert(
      [newEvent('evt_1'), newEvent('evt_2'), newEvent('evt_3', { sent: false }), newEvent('evt_4')],
      10,
    );
    events.recordAttempt('evt_2', { date: 'd', status: 200, ok: true }, () => ({
      state: 'delivered',
      next_attempt_ms: null,
    }));
    events.recordAttempt('evt_4', failed(1), () => ({ state: 'pending', next_attempt_ms: 99 }));
    events.recordAttempt('evt_1', failed(1), () => ({ state: 'pending', next_attempt_ms: null }));
    expect(events.pending()).toStrictEqual([{ id: 'evt_4', next_attempt_ms: 99 }]);
  });

  it('records an attempt, counts it, and stores the state that follows it', () => {
    const events = store();
    events.insert([newEvent('evt_1')], 10);
    const before = events.get('evt_1');
    const seen: unknown[] = [];
    const updated = events.recordAttempt('evt_1', failed(1), (current) => {
      seen.push(current);
      return { state: 'pending', next_attempt_ms: 1_010 };
    });
    // `next` is given the event as it was before this attempt.
    expect(seen).toStrictEqual([before]);
    const expected = {
      ...newEvent('evt_1'),
      seq: 1,
      attempts: [failed(1)],
      attempt_count: 1,
      state: 'pending',
      next_attempt_ms: 1_010,
    };
    const { sent: _sent, ...stored } = expected;
    expect(updated).toStrictEqual(stored);
    expect(events.get('evt_1')).toStrictEqual(stored);
    const delivered = events.recordAttempt(
      'evt_1',
      { date: 'd', status: 204, ok: true, manual: true },
      () => ({
        state: 'delivered',
        next_attempt_ms: null,
      }),
    );
    expect(delivered).toMatchObject({ attempt_count: 2, state: 'delivered', next_attempt_ms: null });
    expect(events.get('evt_1')?.attempts).toStrictEqual([
      failed(1),
      { date: 'd', status: 204, ok: true, manual: true },
    ]);
  });

  it('keeps the fifty latest attempts and counts them all', () => {
    const events = store();
    events.insert([newEvent('evt_1')], 10);
    for (let n = 1; n <= 52; n++)
      events.recordAttempt('evt_1', failed(n), () => ({ state: 'pending', next_attempt_ms: n }));
    const stored = events.get('evt_1')!;
    expect(stored.attempt_count).toBe(52);
    expect(stored.attempts).toHaveLength(50);
    expect(stored.attempts[0]).toStrictEqual(failed(3));
    expect(stored.attempts.at(-1)).toStrictEqual(failed(52));
  });

  it('records nothing for an event it does not have', () => {
    const events = store();
    let asked = false;
    expect(
      events.recordAttempt('evt_missing', failed(1), () => {
        asked = true;
        return { state: 'failed', next_attempt_ms: null };
      }),
    ).toBeUndefined();
    expect(asked).toBe(false);
  });
});
