/** The full sort (no limit) applies the filter too; a projection leaves out the fields a record lacks. */
import { describe, expect, it } from 'vitest';
import {
  project,
  selectSorted,
} from '../../../../../../host-harness/src/emulator/entities/query/list-options.ts';

const rows = () =>
  [5, 3, 8, 1, 9, 2].map((n, i) => ({ record: { id: `r${i}`, n } as Record<string, unknown>, seq: i + 1 }));
const byN = [{ field: 'n', descending: false }];

describe('selectSorted with a filter', () => {
  it('keeps only matching rows when every row is wanted, or more than a buffer holds', () => {
    const even = (record: Record<string, unknown>) => (record.n as number) % 2 === 0;
    for (const k of [null, 5_000]) {
      expect(
        selectSorted(rows(), even, byN, k).map((row) => row.record.n),
        String(k),
      ).toEqual([2, 8]);
    }
    expect(selectSorted(rows(), even, byN, 1).map((row) => row.record.n)).toEqual([2]);
  });
});

describe('project', () => {
  it('leaves out requested fields the record does not have', () => {
    const out = project({ id: 'r1', title: 't', meta: { a: 1 } }, ['title', 'missing', 'meta.b', 'meta.a']);
    expect(Object.keys(out)).toEqual(['id', 'title', 'meta.a']);
    expect(out).toStrictEqual({ id: 'r1', title: 't', 'meta.a': 1 });
  });
});
