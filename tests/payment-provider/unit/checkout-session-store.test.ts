/**
 * The double's checkout sessions as stored (an in-memory SQLite database, the emulator's own): a new session with an
 * empty ledger, read back as written; found by its subscription; changed in one transaction (or left alone); listed in
 * creation order, across a restart and after a reset; and records written before a field existed read with its empty
 * value.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHECKOUT_SESSION_TABLES,
  type CheckoutRecord,
  CheckoutSessionStore,
  type NewCheckoutRecord,
} from '../../../host-harness/payments/checkout/checkout-session-store.ts';
import { type Db, openDatabase } from '../../../host-harness/payments/server/database.ts';
import { at, bought, goldInput, goldRecord, recordOf } from './checkout-fixtures.ts';

const NOW_S = at('2026-03-02T10:00:00Z');
let open: Db[] = [];

function database(): Db {
  const db = openDatabase(null, [CHECKOUT_SESSION_TABLES]);
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open) db.close();
  open = [];
});

/** What `POST /v1/checkout/sessions` stores for a new session. */
function input(id: string): NewCheckoutRecord {
  const record = recordOf(goldInput(NOW_S), NOW_S, id);
  return {
    app_id: record.app_id,
    session: record.session,
    line_items: record.line_items,
    subscription_data: record.subscription_data,
    api_version: record.api_version,
  };
}

const ids = (records: CheckoutRecord[]) => records.map((record) => record.session.id);
const seqs = (db: Db) =>
  (
    db.prepare('SELECT id, created_seq FROM orders ORDER BY created_seq').all() as {
      id: string;
      created_seq: number;
    }[]
  ).map((row) => [row.id, row.created_seq]);

describe('CheckoutSessionStore', () => {
  it('creates a session with an empty ledger, not cancelled, dated now, and reads it back as written', () => {
    const store = new CheckoutSessionStore(database());
    const before = Date.now();
    const created = store.create(input('cs_test_a'));
    const { created_date, updated_date, ...rest } = created;
    expect(rest).toStrictEqual({
      ...input('cs_test_a'),
      session: created.session,
      line_items: created.line_items,
      subscription: null,
      invoices: [],
      charges: [],
      disputes: [],
      steps: [],
      payment_method: null,
      payment_outcome: 'succeeds',
      trial_notice_sent: false,
      clock_s: null,
      customer_email: null,
      product_names: {},
      cancelled: false,
    });
    expect(Date.parse(created_date)).toBeGreaterThanOrEqual(before - 1);
    expect(updated_date).toBe(created_date);
    expect(store.get('cs_test_a')).toStrictEqual(created);
    expect(store.get('cs_test_missing')).toBeUndefined();
  });

  it('finds a session by its subscription', () => {
    const store = new CheckoutSessionStore(database());
    store.create(input('cs_test_a'));
    store.create(input('cs_test_b'));
    const paid = store.update('cs_test_b', (record) => bought(record, NOW_S))!;
    expect(store.bySubscription(paid.subscription!.id)?.session.id).toBe('cs_test_b');
    expect(store.bySubscription('sub_missing')).toBeUndefined();
  });

  it('writes a change with a new updated_date, and leaves the record alone when the change is null', () => {
    const db = database();
    const store = new CheckoutSessionStore(db);
    const created = store.create(input('cs_test_a'));
    const unchanged = store.update('cs_test_a', () => null);
    expect(unchanged).toStrictEqual(created);
    const changed = store.update('cs_test_a', (record) => ({ ...record, cancelled: true }))!;
    expect(changed.cancelled).toBe(true);
    expect(changed.updated_date >= created.updated_date).toBe(true);
    expect(store.get('cs_test_a')).toStrictEqual(changed);
    let called = false;
    expect(
      store.update('cs_test_missing', (record) => {
        called = true;
        return record;
      }),
    ).toBeUndefined();
    expect(called).toBe(false);
  });

  it('changes nothing when the change throws', () => {
    const store = new CheckoutSessionStore(database());
    const created = store.create(input('cs_test_a'));
    expect(() =>
      store.update('cs_test_a', () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(store.get('cs_test_a')).toStrictEqual(created);
  });

  it('lists every session in creation order, a restarted store numbering on from the last', () => {
    const db = database();
    const store = new CheckoutSessionStore(db);
    store.create(input('cs_test_b'));
    store.create(input('cs_test_a'));
    store.update('cs_test_b', (record) => ({ ...record, cancelled: true }));
    const restarted = new CheckoutSessionStore(db);
    restarted.create(input('cs_test_c'));
    expect(ids(restarted.all())).toEqual(['cs_test_b', 'cs_test_a', 'cs_test_c']);
    expect(seqs(db)).toEqual([
      ['cs_test_b', 1],
      ['cs_test_a', 2],
      ['cs_test_c', 3],
    ]);
  });

  it('after a reset (its tables emptied, its sequence restarted) numbers from one again', () => {
    const db = database();
    const store = new CheckoutSessionStore(db);
    store.create(input('cs_test_a'));
    store.create(input('cs_test_b'));
    for (const table of CHECKOUT_SESSION_TABLES.names) db.prepare(`DELETE FROM ${table}`).run();
    store.resetSequence();
    store.create(input('cs_test_c'));
    expect(ids(store.all())).toEqual(['cs_test_c']);
    expect(seqs(db)).toEqual([['cs_test_c', 1]]);
  });

  it('reads a record written before a field existed with its empty value', () => {
    const db = database();
    const record = goldRecord(NOW_S);
    const {
      subscription_data: _data,
      steps: _steps,
      disputes: _disputes,
      product_names: _names,
      ...old
    } = record;
    db.prepare('INSERT INTO orders (id, app_id, data, created_seq) VALUES (?, ?, ?, ?)').run(
      record.session.id,
      record.app_id,
      JSON.stringify(old),
      1,
    );
    const store = new CheckoutSessionStore(db);
    const read = store.get(record.session.id)!;
    expect(read).toStrictEqual({
      ...record,
      subscription_data: null,
      steps: [],
      disputes: [],
      product_names: {},
    });
    expect(store.all()).toStrictEqual([read]);
    const kept = store.create(input('cs_test_new'));
    expect(store.get('cs_test_new')!.subscription_data).toEqual(kept.subscription_data);
    expect(kept.subscription_data).not.toBeNull();
  });
});
