/** Entity names from URLs, and update bodies: plain fields merged, `$set`, `$unset` and `$inc` as in MongoDB. */
import { describe, expect, it } from 'vitest';
import {
  checkEntityName,
  recordPatch,
} from '../../../../../host-harness/src/emulator/entities/record-patch.ts';
import { outcome } from '../outcome.ts';

describe('checkEntityName', () => {
  it('accepts a letter then up to 63 letters, digits and underscores', () => {
    for (const name of ['A', 'Order', 'order_2', 'x'.repeat(64), 'a1_B']) {
      expect(
        outcome(() => checkEntityName(name)),
        name,
      ).toBe('done');
    }
  });

  it('refuses anything else, quoting (at most 80 characters of) the name', () => {
    const message = (shown: string) =>
      `400 invalid_entity_name: Invalid entity name: ${shown}. Names start with a letter and contain only letters, digits and _ (64 at most).`;
    for (const name of [
      '',
      '1Order',
      '_a',
      'Or-der',
      'Or der',
      'Order.x',
      'x'.repeat(65),
      'Ordér',
      'Order\n',
    ]) {
      expect(
        outcome(() => checkEntityName(name)),
        name,
      ).toBe(message(JSON.stringify(name)));
    }
    expect(outcome(() => checkEntityName('é'.repeat(100)))).toBe(message(JSON.stringify('é'.repeat(80))));
  });
});

describe('recordPatch', () => {
  it('merges plain fields, without the system fields', () => {
    expect(recordPatch({ a: 1, b: { c: [2] }, id: 'x', created_date: 'y', updated_date: 'z' })).toEqual({
      set: { a: 1, b: { c: [2] } },
      inc: {},
      unset: [],
    });
    expect(recordPatch({})).toEqual({ set: {}, inc: {}, unset: [] });
  });

  it('reads $set, and lets a plain field win over $set', () => {
    expect(recordPatch({ $set: { a: 1, b: 2, created_by: 'x' } })).toEqual({
      set: { a: 1, b: 2 },
      inc: {},
      unset: [],
    });
    expect(recordPatch({ a: 3, $set: { a: 1, b: 2 } }).set).toEqual({ a: 3, b: 2 });
    expect(outcome(() => recordPatch({ $set: [1] }))).toBe('400 invalid_body: $set must be a JSON object');
    expect(outcome(() => recordPatch({ $set: { a: { $gt: 1 } } }))).toBe(
      '400 invalid_body: Field names cannot start with $: $gt',
    );
  });

  it('reads $unset as an object or an array of names, never a system field', () => {
    expect(recordPatch({ $unset: { a: '', b: 1, id: '' } }).unset).toEqual(['a', 'b']);
    expect(recordPatch({ $unset: ['a', 'created_by_id', 'c'] }).unset).toEqual(['a', 'c']);
    expect(recordPatch({ $unset: [] }).unset).toEqual([]);
    for (const value of ['a', 1, null, ['a', 2], [null]]) {
      expect(
        outcome(() => recordPatch({ $unset: value })),
        JSON.stringify(value),
      ).toBe('400 invalid_body: $unset needs an object or an array of field names');
    }
  });

  it('reads $inc: finite numbers for ordinary fields', () => {
    expect(recordPatch({ $inc: { n: 2, m: -1.5 } }).inc).toEqual({ n: 2, m: -1.5 });
    for (const value of [5, [1], null]) {
      expect(
        outcome(() => recordPatch({ $inc: value })),
        JSON.stringify(value),
      ).toBe('400 invalid_body: $inc needs an object of field: number');
    }
    for (const amount of ['1', null, Number.POSITIVE_INFINITY, Number.NaN, true]) {
      expect(
        outcome(() => recordPatch({ $inc: { n: amount } })),
        String(amount),
      ).toBe('400 invalid_body: $inc.n must be a finite number');
    }
    for (const field of ['id', 'created_date', 'updated_date', 'created_by', 'created_by_id', '$x']) {
      expect(
        outcome(() => recordPatch({ $inc: { [field]: 1 } })),
        field,
      ).toBe(`400 invalid_body: $inc cannot change ${field}`);
    }
    expect(outcome(() => recordPatch({ $inc: JSON.parse('{"__proto__": 1}') }))).toBe(
      '400 invalid_body: $inc cannot change __proto__',
    );
  });

  it('reads every operator of one body together', () => {
    expect(recordPatch({ a: 1, $set: { b: 2 }, $unset: ['c'], $inc: { d: 1 } })).toEqual({
      set: { b: 2, a: 1 },
      inc: { d: 1 },
      unset: ['c'],
    });
  });

  it('refuses a body that is not an object, an unknown operator, and __proto__', () => {
    for (const body of [null, [], 'x', 3]) {
      expect(
        outcome(() => recordPatch(body)),
        JSON.stringify(body),
      ).toBe('400 invalid_body: The update must be a JSON object');
    }
    expect(outcome(() => recordPatch({ $push: { a: 1 } }))).toBe(
      '400 invalid_body: Unknown update operator $push',
    );
    expect(outcome(() => recordPatch({ $setOnInsert: {} }))).toBe(
      '400 invalid_body: Unknown update operator $setOnInsert',
    );
    expect(outcome(() => recordPatch(JSON.parse('{"__proto__": {"a": 1}}')))).toBe(
      '400 invalid_body: Field name __proto__ is not allowed',
    );
    expect(outcome(() => recordPatch({ a: { $ne: 1 } }))).toBe(
      '400 invalid_body: Field names cannot start with $: $ne',
    );
    expect(outcome(() => recordPatch({ a: Number.POSITIVE_INFINITY }))).toBe(
      '400 invalid_body: The update holds a number too large to store',
    );
  });
});
