/**
 * Listing options (`sort`, `limit`, `skip`, `fields`): how the query string is read and refused, which rows a page
 * holds in which order, and which fields each row keeps.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  parseListOptions,
  project,
  selectSorted,
} from '../../../../../../host-harness/src/emulator/entities/query/list-options.ts';
import { outcome } from '../../outcome.ts';

/** The message of the 400 invalid_parameter `call` is refused with, or 'done'. */
const refusal = (call: () => unknown): string => outcome(call).replace(/^400 invalid_parameter: /, '');

describe('parseListOptions', () => {
  it('defaults to newest first, no limit, no skip, every field', () => {
    expect(parseListOptions({})).toEqual({ sort: DEFAULT_SORT, limit: null, skip: 0, fields: null });
    expect(parseListOptions({ sort: '', limit: '', skip: '', fields: '' })).toEqual({
      sort: DEFAULT_SORT,
      limit: null,
      skip: 0,
      fields: null,
    });
    expect(DEFAULT_SORT).toEqual([{ field: 'created_date', descending: true }]);
  });

  it('reads sort keys: -field descending, +field or field ascending, comma-separated, spaces trimmed', () => {
    expect(parseListOptions({ sort: 'name' }).sort).toEqual([{ field: 'name', descending: false }]);
    expect(parseListOptions({ sort: '-age, +name,address.city' }).sort).toEqual([
      { field: 'age', descending: true },
      { field: 'name', descending: false },
      { field: 'address.city', descending: false },
    ]);
    expect(parseListOptions({ sort: ' -created_date ' }).sort).toEqual([
      { field: 'created_date', descending: true },
    ]);
  });

  it('refuses a sort key that is not a field path', () => {
    for (const part of ['-', '+', '--a', '+-a', 'a b', 'a..b', '.a', 'a.', '$a', ' -a!']) {
      expect(
        refusal(() => parseListOptions({ sort: part })),
        part,
      ).toBe(`Invalid sort field: ${part}`);
    }
    expect(refusal(() => parseListOptions({ sort: 'a,,b' }))).toBe('Invalid sort field: ');
    expect(refusal(() => parseListOptions({ sort: 'a, -b!' }))).toBe('Invalid sort field:  -b!');
    for (const field of ['a', '1', '_a', 'a-b', 'A_1.b-2.c']) {
      expect(
        refusal(() => parseListOptions({ sort: field })),
        field,
      ).toBe('done');
    }
  });

  it('reads limit and skip as whole numbers within their bounds; limit 0 is no limit', () => {
    expect(parseListOptions({ limit: '50', skip: '10' })).toMatchObject({ limit: 50, skip: 10 });
    expect(parseListOptions({ limit: '007', skip: '0' })).toMatchObject({ limit: 7, skip: 0 });
    expect(parseListOptions({ limit: '0' }).limit).toBeNull();
    expect(parseListOptions({ limit: '100000' }).limit).toBe(100_000);
    expect(parseListOptions({ skip: '100000000' }).skip).toBe(100_000_000);
  });

  it('refuses any other limit or skip', () => {
    for (const value of [
      '-1',
      '1.5',
      '1e3',
      ' 5',
      '5 ',
      '0x10',
      'ten',
      '100001',
      '1234567890',
      '0000000001',
    ]) {
      expect(
        refusal(() => parseListOptions({ limit: value })),
        value,
      ).toBe('limit must be a whole number from 0 to 100000');
    }
    for (const value of ['-1', '100000001', '0100000000', 'x']) {
      expect(
        refusal(() => parseListOptions({ skip: value })),
        value,
      ).toBe('skip must be a whole number from 0 to 100000000');
    }
  });

  it('refuses a parameter given twice', () => {
    for (const name of ['sort', 'limit', 'skip', 'fields']) {
      expect(
        refusal(() => parseListOptions({ [name]: ['1', '2'] })),
        name,
      ).toBe(`${name} must be given once`);
    }
  });

  it('reads fields, comma-separated, blanks dropped, and refuses one that is not a field path', () => {
    expect(parseListOptions({ fields: 'name, age,,address.city,' }).fields).toEqual([
      'name',
      'age',
      'address.city',
    ]);
    expect(parseListOptions({ fields: ' , ' }).fields).toEqual([]);
    expect(refusal(() => parseListOptions({ fields: 'name,a b' }))).toBe('Invalid field name in fields: a b');
    expect(refusal(() => parseListOptions({ fields: '-name' }))).toBe('Invalid field name in fields: -name');
  });
});

interface TestRow {
  record: Record<string, unknown>;
  seq: number;
}

/** Rows with pseudo-random small numbers (many ties), in insertion order. */
function randomRows(count: number): TestRow[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % 10;
  };
  return Array.from({ length: count }, (_, i) => ({
    record: { id: `r${i}`, n: next(), m: next() },
    seq: i + 1,
  }));
}

const ids = (rows: TestRow[]) => rows.map((row) => row.record.id);

describe('selectSorted: the first k matching rows in sort order', () => {
  it('sorts by the keys, ties in insertion order (newest first when the first key is descending)', () => {
    const rows = randomRows(40);
    const n = (row: TestRow) => row.record.n as number;
    const m = (row: TestRow) => row.record.m as number;
    const ascending = [...rows].sort((a, b) => n(a) - n(b) || a.seq - b.seq);
    const descending = [...rows].sort((a, b) => n(b) - n(a) || b.seq - a.seq);
    const twoKeys = [...rows].sort((a, b) => n(a) - n(b) || m(b) - m(a) || a.seq - b.seq);
    const byN = [{ field: 'n', descending: false }];
    const byNDown = [{ field: 'n', descending: true }];
    const byNThenMDown = [
      { field: 'n', descending: false },
      { field: 'm', descending: true },
    ];
    for (const k of [null, 1, 2, 3, 7, 39, 40, 41]) {
      const take = k ?? rows.length;
      expect(ids(selectSorted(rows, null, byN, k)), `k=${k}`).toEqual(ids(ascending.slice(0, take)));
      expect(ids(selectSorted(rows, null, byNDown, k)), `k=${k}`).toEqual(ids(descending.slice(0, take)));
      expect(ids(selectSorted(rows, null, byNThenMDown, k)), `k=${k}`).toEqual(ids(twoKeys.slice(0, take)));
    }
  });

  it('keeps only the rows the filter matches', () => {
    const rows = randomRows(40);
    const even = (record: Record<string, unknown>) => (record.m as number) % 2 === 0;
    const expected = rows
      .filter((row) => even(row.record))
      .sort((a, b) => (a.record.n as number) - (b.record.n as number) || a.seq - b.seq);
    const sort = [{ field: 'n', descending: false }];
    for (const k of [null, 1, 5, 40]) {
      expect(ids(selectSorted(rows, even, sort, k)), `k=${k}`).toEqual(ids(expected.slice(0, k ?? 40)));
    }
    expect(selectSorted(rows, () => false, sort, 5)).toEqual([]);
    expect(selectSorted([], null, sort, 5)).toEqual([]);
    // Every row wanted, or more than a buffer holds: the full sort filters too.
    const few = [5, 3, 8, 1, 9, 2].map((n, i) => ({ record: { id: `r${i}`, n }, seq: i + 1 }));
    const evenN = (record: Record<string, unknown>) => (record.n as number) % 2 === 0;
    for (const k of [null, 5_000]) {
      expect(
        selectSorted(few, evenN, sort, k).map((row) => row.record.n),
        String(k),
      ).toEqual([2, 8]);
    }
    expect(selectSorted(few, evenN, sort, 1).map((row) => row.record.n)).toEqual([2]);
  });

  it('answers at most k rows for a large page too', () => {
    const rows = randomRows(1_500);
    const sort = [{ field: 'n', descending: true }];
    const expected = [...rows].sort(
      (a, b) => (b.record.n as number) - (a.record.n as number) || b.seq - a.seq,
    );
    for (const k of [999, 1_000, 1_001, 1_200]) {
      expect(ids(selectSorted(rows, null, sort, k)), `k=${k}`).toEqual(ids(expected.slice(0, k)));
    }
    expect(selectSorted(rows, null, sort, 2_000)).toHaveLength(1_500);
  });

  it('orders missing values first and mixed kinds by kind', () => {
    const rows: TestRow[] = [
      { record: { id: 'text', v: 'a' }, seq: 1 },
      { record: { id: 'none' }, seq: 2 },
      { record: { id: 'num', v: 2 }, seq: 3 },
      { record: { id: 'bool', v: false }, seq: 4 },
      { record: { id: 'deep', v: 1, w: { x: 5 } }, seq: 5 },
    ];
    expect(ids(selectSorted(rows, null, [{ field: 'v', descending: false }], 3))).toEqual([
      'none',
      'deep',
      'num',
    ]);
    expect(ids(selectSorted(rows, null, [{ field: 'w.x', descending: true }], 2))).toEqual(['deep', 'bool']);
  });

  it('keeps rows that compare equal in their input order, as a full sort does', () => {
    const twins: TestRow[] = ['a', 'b', 'c', 'd'].map((id) => ({ record: { id, n: 1 }, seq: 1 }));
    const sort = [{ field: 'n', descending: false }];
    expect(ids(selectSorted(twins, null, sort, 3))).toEqual(['a', 'b', 'c']);
    expect(ids(selectSorted(twins, null, sort, null))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('with no sort key, keeps insertion order', () => {
    const rows = randomRows(5);
    expect(ids(selectSorted([...rows].reverse(), null, [], 3))).toEqual(['r0', 'r1', 'r2']);
    expect(ids(selectSorted([...rows].reverse(), null, [], null))).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
  });
});

describe('project: the fields a row keeps', () => {
  it('keeps the whole record without a field list', () => {
    const record = { id: 'r1', a: 1 };
    expect(project(record, null)).toBe(record);
  });

  it('keeps id and the listed fields that exist, a dotted field under its path', () => {
    const record = { id: 'r1', a: 1, b: { c: 2 }, d: null, e: 'x' };
    expect(project(record, ['a', 'b.c', 'd', 'missing', 'b.missing'])).toEqual({
      id: 'r1',
      a: 1,
      'b.c': 2,
      d: null,
    });
    expect(project(record, [])).toEqual({ id: 'r1' });
    // A field the record lacks is left out, not answered as undefined.
    const out = project({ id: 'r1', title: 't', meta: { a: 1 } }, ['title', 'missing', 'meta.b', 'meta.a']);
    expect(Object.keys(out)).toEqual(['id', 'title', 'meta.a']);
    expect(out).toStrictEqual({ id: 'r1', title: 't', 'meta.a': 1 });
  });
});
