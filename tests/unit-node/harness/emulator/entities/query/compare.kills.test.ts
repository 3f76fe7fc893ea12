/** Sort order of strings by their characters (not their JSON text), and of booleans. */
import { describe, expect, it } from 'vitest';
import { compareValues } from '../../../../../../host-harness/src/emulator/entities/query/compare.ts';

describe('compareValues', () => {
  it('orders strings by their characters, even where JSON escaping would reorder them', () => {
    expect(compareValues('\n', ' ')).toBeLessThan(0);
    expect(compareValues(' ', '\n')).toBeGreaterThan(0);
    expect(compareValues('a\tb', 'a b')).toBeLessThan(0);
    expect(compareValues('x', 'x')).toBe(0);
  });

  it('orders false before true, and booleans after every other kind', () => {
    expect(compareValues(false, true)).toBe(-1);
    expect(compareValues(true, false)).toBe(1);
    expect(compareValues(true, true)).toBe(0);
    expect(compareValues(true, { a: 1 })).toBeGreaterThan(0);
  });
});
