/**
 * The provider's idempotent requests: a key of up to 255 characters; the same path and body replay the saved answer,
 * other parameters are an `idempotency_error`; answers kept in the database for 24 hours.
 */
import { describe, expect, it } from 'vitest';
import {
  fingerprintOf,
  IDEMPOTENCY_TABLES,
  IdempotencyStore,
  idempotencyKeyOf,
  KEY_LIFETIME_MS,
  MAX_KEY_LENGTH,
  replayOf,
} from '../../../../host-harness/payments/api/idempotency-store.ts';
import { openDatabase } from '../../../../host-harness/payments/server/database.ts';
import { refusalOf } from '../support/provider-refusal.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('idempotencyKeyOf', () => {
  it('is the header, up to 255 characters; none without one or an empty one', () => {
    expect(MAX_KEY_LENGTH).toBe(255);
    expect(idempotencyKeyOf({ 'idempotency-key': 'order-1' })).toBe('order-1');
    expect(idempotencyKeyOf({ 'idempotency-key': 'k'.repeat(255) })).toBe('k'.repeat(255));
    expect(idempotencyKeyOf({})).toBeNull();
    expect(idempotencyKeyOf({ 'idempotency-key': '' })).toBeNull();
    expect(idempotencyKeyOf({ 'idempotency-key': ['a', 'b'] as unknown as string })).toBeNull();
    expect(refusalOf(() => idempotencyKeyOf({ 'idempotency-key': 'k'.repeat(256) }))).toStrictEqual({
      status: 400,
      type: 'invalid_request_error',
      message: 'Idempotency keys may be at most 255 characters',
    });
  });
});

describe('fingerprintOf and replayOf', () => {
  it('tells requests apart by path and body', () => {
    const base = fingerprintOf('/v1/checkout/sessions', 'mode=payment');
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf('/v1/checkout/sessions', 'mode=payment')).toBe(base);
    expect(fingerprintOf('/v1/checkout/sessions', 'mode=subscription')).not.toBe(base);
    expect(fingerprintOf('/v1/checkout/sessions?x=1', 'mode=payment')).not.toBe(base);
    // The path ends where the body begins.
    expect(fingerprintOf('/a', 'b')).not.toBe(fingerprintOf('/ab', ''));
    expect(fingerprintOf('/a\n', 'b')).not.toBe(fingerprintOf('/a', '\nb'));
  });

  it('replays the saved answer to the same request; refuses another with the key', () => {
    const saved = { fingerprint: 'f1', status: 200, body: { id: 'cs_1' } };
    expect(replayOf(saved, 'f1', 'order-1')).toBe(saved);
    expect(refusalOf(() => replayOf(saved, 'f2', 'order-1'))).toStrictEqual({
      status: 400,
      type: 'idempotency_error',
      message:
        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'order-1' if you meant to execute a different request.",
    });
    expect(refusalOf(() => replayOf(saved, 'f2', 'k'.repeat(200))).message).toContain(`'${'k'.repeat(100)}'`);
  });
});

describe('IdempotencyStore', () => {
  const store = () => new IdempotencyStore(openDatabase(null, [IDEMPOTENCY_TABLES]));

  it('names every table its schema creates', () => {
    const db = openDatabase(null, [IDEMPOTENCY_TABLES]);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all()
      .map((row) => (row as { name: string }).name);
    expect(IDEMPOTENCY_TABLES.names).toStrictEqual(tables);
    expect(tables).toStrictEqual(['provider_idempotency']);
  });

  it('keeps an answer under its key, replacing an earlier one', () => {
    const answers = store();
    expect(answers.get('sk\norder-1', 1_000)).toBeUndefined();
    answers.set(
      'sk\norder-1',
      { fingerprint: 'f1', status: 500, body: { error: { type: 'api_error' } } },
      1_000,
    );
    expect(answers.get('sk\norder-1', 1_000)).toStrictEqual({
      fingerprint: 'f1',
      status: 500,
      body: { error: { type: 'api_error' } },
    });
    expect(answers.get('sk\norder-2', 1_000)).toBeUndefined();
    answers.set('sk\norder-1', { fingerprint: 'f2', status: 200, body: ['x'] }, 2_000);
    expect(answers.get('sk\norder-1', 2_000)).toStrictEqual({ fingerprint: 'f2', status: 200, body: ['x'] });
  });

  it('forgets an answer once it is more than 24 hours old', () => {
    expect(KEY_LIFETIME_MS).toBe(DAY_MS);
    const answers = store();
    answers.set('a', { fingerprint: 'f', status: 200, body: {} }, 10_000);
    answers.set('b', { fingerprint: 'f', status: 200, body: {} }, 10_001);
    expect(answers.get('a', 10_000 + DAY_MS)).toBeDefined();
    expect(answers.get('a', 10_001 + DAY_MS)).toBeUndefined();
    // Pruned, not only hidden: going back in time does not bring it back.
    expect(answers.get('a', 10_000)).toBeUndefined();
    expect(answers.get('b', 10_000)).toBeDefined();
  });

  it('dates an answer now by default', () => {
    const answers = store();
    answers.set('a', { fingerprint: 'f', status: 200, body: {} });
    expect(answers.get('a')).toBeDefined();
    expect(answers.get('a', Date.now() + DAY_MS + 60_000)).toBeUndefined();
  });
});
