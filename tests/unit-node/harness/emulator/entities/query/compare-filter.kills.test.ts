/** deepEqual over JSON arrays (length, order, nesting, never equal to an object) and which filters count as $regex ones. */
import { describe, expect, it } from 'vitest';
import { deepEqual } from '../../../../../../host-harness/src/emulator/entities/query/compare.ts';
import {
  compileFilter,
  usesRegex,
} from '../../../../../../host-harness/src/emulator/entities/query/filter.ts';

describe('deepEqual on arrays', () => {
  it('needs the same length, the same order and equal items', () => {
    expect(deepEqual([1, [2, { a: 'x' }]], [1, [2, { a: 'x' }]])).toBe(true);
    expect(deepEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(deepEqual([1, 2, 3], [1, 2])).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual([[1]], [[2]])).toBe(false);
    expect(deepEqual([], [])).toBe(true);
  });

  it('never equals an object with the same keys', () => {
    expect(deepEqual(['a'], { 0: 'a' })).toBe(false);
    expect(deepEqual({ 0: 'a' }, ['a'])).toBe(false);
    expect(deepEqual([], {})).toBe(false);
  });
});

describe('usesRegex', () => {
  it('tells each compiled filter apart, whatever was compiled before it', () => {
    const plainFirst = compileFilter({ n: 1 });
    const regex = compileFilter({ name: { $regex: '^a' } });
    const negated = compileFilter({ name: { $not: '^a' } });
    const plainAfter = compileFilter({ n: { $gt: 1 } });
    expect([plainFirst, regex, negated, plainAfter].map(usesRegex)).toEqual([false, true, true, false]);
    expect(usesRegex(null)).toBe(false);
  });

  it('accepts a $not pattern at the deepest level a query may nest', () => {
    let query: Record<string, unknown> = { name: { $not: '^a' } };
    for (let i = 0; i < 7; i++) query = { $and: [query] };
    const match = compileFilter(query);
    expect(match({ name: 'bob' })).toBe(true);
    expect(match({ name: 'alice' })).toBe(false);
  });
});
