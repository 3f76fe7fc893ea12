import { BadRequestError } from '../../core/errors.ts';
import { compareValues, readPath } from './compare.ts';

export interface SortKey {
  field: string;
  descending: boolean;
}

export interface ListOptions {
  sort: SortKey[];
  limit: number | null;
  skip: number;
  fields: string[] | null;
}

const FIELD = /^[A-Za-z0-9_][A-Za-z0-9_-]*(\.[A-Za-z0-9_][A-Za-z0-9_-]*)*$/;
/** The platform's default order: newest first. */
export const DEFAULT_SORT: SortKey[] = [{ field: 'created_date', descending: true }];

function single(name: string, raw: unknown): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new BadRequestError(`${name} must be given once`, 'invalid_parameter');
  return raw;
}

function nonNegativeInt(name: string, raw: unknown, max: number): number | undefined {
  const value = single(name, raw);
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) > max) {
    throw new BadRequestError(`${name} must be a whole number from 0 to ${max}`, 'invalid_parameter');
  }
  return Number(value);
}

/** Reads `sort` (`field`, `-field`, comma-separated for ties), `limit`, `skip`, `fields` from a query string. */
export function parseListOptions(query: Record<string, unknown>): ListOptions {
  const sortRaw = single('sort', query.sort);
  const sort = sortRaw
    ? sortRaw.split(',').map((part) => {
        const trimmed = part.trim();
        const descending = trimmed.startsWith('-');
        const field = descending || trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
        if (!FIELD.test(field)) throw new BadRequestError(`Invalid sort field: ${part}`, 'invalid_parameter');
        return { field, descending };
      })
    : DEFAULT_SORT;
  const limit = nonNegativeInt('limit', query.limit, 100_000);
  const skip = nonNegativeInt('skip', query.skip, 100_000_000) ?? 0;
  const fieldsRaw = single('fields', query.fields);
  let fields: string[] | null = null;
  if (fieldsRaw) {
    fields = fieldsRaw
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    for (const f of fields) {
      if (!FIELD.test(f))
        throw new BadRequestError(`Invalid field name in fields: ${f}`, 'invalid_parameter');
    }
  }
  // limit=0 means "no limit": the reference client never sends 0, and a zero-row page is never what a caller wants.
  return { sort, limit: limit ? limit : null, skip, fields };
}

interface Sortable {
  record: Record<string, unknown>;
  seq: number;
}

interface Decorated<T> {
  row: T;
  keys: unknown[];
}

// A total order: the sort keys, then `seq` (insertion order) in the direction of the first key.
function comparator<T extends Sortable>(sort: SortKey[]) {
  const tieDescending = sort[0]?.descending ?? false;
  return (a: Decorated<T>, b: Decorated<T>): number => {
    for (let i = 0; i < sort.length; i++) {
      const c = compareValues(a.keys[i], b.keys[i]);
      if (c !== 0) return sort[i]!.descending ? -c : c;
    }
    return tieDescending ? b.row.seq - a.row.seq : a.row.seq - b.row.seq;
  };
}

function decorate<T extends Sortable>(row: T, sort: SortKey[]): Decorated<T> {
  return { row, keys: sort.map((key) => readPath(row.record, key.field)) };
}

/** Every matching row, in sort order. */
function sortAll<T extends Sortable>(
  rows: readonly T[],
  where: ((record: Record<string, unknown>) => boolean) | null,
  sort: SortKey[],
  cmp: (a: Decorated<T>, b: Decorated<T>) => number,
): T[] {
  const matching = where ? rows.filter((row) => where(row.record)) : rows;
  return matching
    .map((row) => decorate(row, sort))
    .sort(cmp)
    .map((d) => d.row);
}

/** Above this many wanted rows a full sort is cheaper than keeping a sorted buffer. */
const TOP_K_LIMIT = 1_000;

/**
 * The first `k` matching rows in sort order (all of them when `k` is null). Keys are read once per row; for a small
 * `k` only a sorted buffer of `k` rows is kept, so a page of 50 out of 10,000 rows costs about one comparison per row.
 */
export function selectSorted<T extends Sortable>(
  rows: readonly T[],
  where: ((record: Record<string, unknown>) => boolean) | null,
  sort: SortKey[],
  k: number | null,
): T[] {
  const cmp = comparator<T>(sort);
  if (k === null) return sortAll(rows, where, sort, cmp);
  if (k > TOP_K_LIMIT) return sortAll(rows, where, sort, cmp).slice(0, k);
  const buffer: Decorated<T>[] = [];
  // One reusable probe: most rows lose against the buffer's last entry and never need an allocation of their own.
  const probe: Decorated<T> = { row: rows[0]!, keys: new Array<unknown>(sort.length) };
  for (const row of rows) {
    if (where && !where(row.record)) continue;
    probe.row = row;
    for (let i = 0; i < sort.length; i++) probe.keys[i] = readPath(row.record, sort[i]!.field);
    if (buffer.length === k && cmp(probe, buffer[k - 1]!) >= 0) continue;
    const item = { row, keys: [...probe.keys] };
    let lo = 0;
    let hi = buffer.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cmp(buffer[mid]!, item) <= 0) lo = mid + 1;
      else hi = mid;
    }
    buffer.splice(lo, 0, item);
    if (buffer.length > k) buffer.pop();
  }
  return buffer.map((d) => d.row);
}

/** Keeps only the requested fields (and always `id`). */
export function project(record: Record<string, unknown>, fields: string[] | null): Record<string, unknown> {
  if (!fields) return record;
  const out: Record<string, unknown> = { id: record.id };
  for (const field of fields) {
    const value = readPath(record, field);
    if (value !== undefined) out[field] = value;
  }
  return out;
}
