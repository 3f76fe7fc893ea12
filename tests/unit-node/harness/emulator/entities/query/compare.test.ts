/** How filters and sorts read and compare JSON values: own fields only, deep equality, one total order. */
import { describe, expect, it } from 'vitest';
import {
  comparable,
  compareValues,
  deepEqual,
  readPath,
} from '../../../../../../host-harness/src/emulator/entities/query/compare.ts';

describe('readPath', () => {
  it('reads a field, or a dotted path through nested objects', () => {
    const record = { a: 1, b: { c: { d: 'deep' } }, 'x.y': 'flat' };
    expect(readPath(record, 'a')).toBe(1);
    expect(readPath(record, 'b.c.d')).toBe('deep');
    expect(readPath(record, 'b.c')).toEqual({ d: 'deep' });
    // A dotted path is always a path, never a field name with a dot.
    expect(readPath(record, 'x.y')).toBeUndefined();
  });

  it('reads undefined past a missing step, a null, a scalar or an array', () => {
    const record = { a: null, s: 'text', list: [{ c: 1 }], n: 5 };
    for (const path of [
      'missing',
      'missing.c',
      'a.c',
      's.length',
      'list.0',
      'list.length',
      'list.c',
      'n.toFixed',
      'missing.b.c',
    ]) {
      expect(readPath(record, path), path).toBeUndefined();
    }
    expect(readPath(null, 'a')).toBeUndefined();
    expect(readPath('text', 'length')).toBeUndefined();
    expect(readPath([1, 2], '0')).toBeUndefined();
  });

  it('reads only own fields: inherited members are missing', () => {
    const record = { a: {} };
    for (const path of ['constructor', 'toString', '__proto__', 'a.constructor', 'a.hasOwnProperty']) {
      expect(readPath(record, path), path).toBeUndefined();
    }
    expect(readPath(Object.create({ inherited: 1 }), 'inherited')).toBeUndefined();
  });
});

describe('deepEqual', () => {
  it('compares scalars strictly', () => {
    expect(deepEqual(1, 1)).toBe(true);
    expect(deepEqual('a', 'a')).toBe(true);
    expect(deepEqual(null, null)).toBe(true);
    expect(deepEqual(1, '1')).toBe(false);
    expect(deepEqual(0, false)).toBe(false);
    expect(deepEqual(null, undefined)).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual({}, null)).toBe(false);
    expect(deepEqual(1, {})).toBe(false);
    expect(deepEqual({}, 1)).toBe(false);
  });

  it('compares arrays item by item, in order, and never equal to an object with the same keys', () => {
    expect(deepEqual([1, [2, 3]], [1, [2, 3]])).toBe(true);
    expect(deepEqual([1, [2, { a: 'x' }]], [1, [2, { a: 'x' }]])).toBe(true);
    expect(deepEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(deepEqual([1, 2, 3], [1, 2])).toBe(false);
    expect(deepEqual([[1]], [[2]])).toBe(false);
    expect(deepEqual(['a'], { 0: 'a' })).toBe(false);
    expect(deepEqual({ 0: 'a' }, ['a'])).toBe(false);
    expect(deepEqual([], [])).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual([1], [1, 2])).toBe(false);
    expect(deepEqual([1, 2], [1])).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual({}, [])).toBe(false);
    expect(deepEqual({ 0: 1 }, [1])).toBe(false);
  });

  it('compares objects by their own keys and values, in any order', () => {
    expect(deepEqual({ a: 1, b: { c: [1] } }, { b: { c: [1] }, a: 1 })).toBe(true);
    expect(deepEqual({}, {})).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 2 })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(deepEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(deepEqual({ a: { b: 1 } }, { a: { b: 2 } })).toBe(false);
  });
});

describe('compareValues: one total order for sorting', () => {
  const sign = (a: unknown, b: unknown) => Math.sign(compareValues(a, b));

  it('orders kinds: missing and null, then numbers, strings, objects and arrays, booleans', () => {
    const ascending = [undefined, -5, 0, 2.5, 'B', 'a', 'b', [1], { a: 1 }, false, true];
    for (let i = 0; i < ascending.length; i++) {
      for (let j = 0; j < ascending.length; j++) {
        expect(
          sign(ascending[i], ascending[j]),
          `${JSON.stringify(ascending[i])} vs ${JSON.stringify(ascending[j])}`,
        ).toBe(Math.sign(i - j));
      }
    }
    expect(sign(null, 0)).toBe(-1);
    expect(sign(0, null)).toBe(1);
    expect(sign(null, 'a')).toBe(-1);
    expect(sign(null, {})).toBe(-1);
    expect(sign(null, false)).toBe(-1);
    expect(sign(Symbol('x'), true)).toBe(1);
  });

  it('answers equal for equal values, and for null against missing', () => {
    for (const value of [null, undefined, 3, 'x', true, false, { a: [1] }, [1, 'a']]) {
      expect(compareValues(value, structuredClone(value)), JSON.stringify(value)).toBe(0);
    }
    expect(compareValues(null, undefined)).toBe(0);
    expect(compareValues(undefined, null)).toBe(0);
  });

  it('answers the difference of two numbers and of two booleans, and ±1 for strings and objects', () => {
    expect(compareValues(10, 3)).toBe(7);
    expect(compareValues(3, 10)).toBe(-7);
    expect(compareValues(true, false)).toBe(1);
    expect(compareValues(false, true)).toBe(-1);
    expect(compareValues(true, true)).toBe(0);
    expect(compareValues(true, { a: 1 })).toBeGreaterThan(0);
    expect(compareValues('b', 'a')).toBe(1);
    expect(compareValues('a', 'b')).toBe(-1);
    expect(compareValues([2], [10])).toBe(1);
    expect(compareValues({ a: 1 }, { a: 2 })).toBe(-1);
  });
});

describe('compareValues on strings', () => {
  it('orders strings by their characters, even where JSON escaping would reorder them', () => {
    expect(compareValues('\n', ' ')).toBeLessThan(0);
    expect(compareValues(' ', '\n')).toBeGreaterThan(0);
    expect(compareValues('a\tb', 'a b')).toBeLessThan(0);
    expect(compareValues('x', 'x')).toBe(0);
  });
});

describe('comparable: the kinds range operators compare', () => {
  it('is true for two numbers, two strings or two booleans only', () => {
    expect(comparable(1, 2)).toBe(true);
    expect(comparable('a', 'b')).toBe(true);
    expect(comparable(true, false)).toBe(true);
    for (const [a, b] of [
      [1, '1'],
      ['1', 1],
      [true, 1],
      [1, true],
      ['a', true],
      [true, 'a'],
      [null, null],
      [null, 1],
      [{}, {}],
      [[1], [1]],
      [undefined, undefined],
    ]) {
      expect(comparable(a, b), `${JSON.stringify(a)}, ${JSON.stringify(b)}`).toBe(false);
    }
  });
});
