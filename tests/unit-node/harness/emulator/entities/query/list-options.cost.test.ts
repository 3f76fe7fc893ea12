/**
 * What a page costs (`entities/query/list-options.ts`, `selectSorted`), as its contract states it: a page of k rows
 * out of many costs about one comparison per row (a sorted buffer of k rows), up to 1,000 wanted rows. Comparisons
 * are counted through sort keys whose JSON text (what compareValues compares objects by) is read once per side of
 * each comparison.
 */
import { describe, expect, it } from 'vitest';
import { selectSorted } from '../../../../../../host-harness/src/emulator/entities/query/list-options.ts';

const ROWS = 10_000;

/** Rows in a fixed shuffled order, each with an object key `v`; `reads()` counts how often keys were compared. */
function countedRows() {
  let jsonReads = 0;
  const order = Array.from({ length: ROWS }, (_, i) => i);
  let seed = 12345;
  for (let i = order.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const rows = order.map((n, i) => ({
    record: {
      id: `r${n}`,
      v: {
        toJSON() {
          jsonReads++;
          return String(n).padStart(6, '0');
        },
      },
    } as Record<string, unknown>,
    seq: i + 1,
  }));
  return { rows, comparisons: () => jsonReads / 2 };
}

const byV = [{ field: 'v', descending: false }];
const expectedIds = (k: number) => Array.from({ length: k }, (_, i) => `r${i}`);

describe('selectSorted: what a page costs', () => {
  it('takes a page of 50 out of 10,000 rows with about one comparison per row', () => {
    const { rows, comparisons } = countedRows();
    expect(selectSorted(rows, null, byV, 50).map((row) => row.record.id)).toEqual(expectedIds(50));
    expect(comparisons()).toBeLessThan(ROWS * 1.5);
  });

  it('still keeps a buffer for 1,000 wanted rows: far fewer comparisons than a full sort', () => {
    const { rows, comparisons } = countedRows();
    expect(selectSorted(rows, null, byV, 1_000).map((row) => row.record.id)).toEqual(expectedIds(1_000));
    expect(comparisons()).toBeLessThan(ROWS * 6);
  });

  it('sorts everything when more rows are wanted (same answer)', () => {
    const { rows } = countedRows();
    expect(selectSorted(rows, null, byV, 1_001).map((row) => row.record.id)).toEqual(expectedIds(1_001));
  });
});
