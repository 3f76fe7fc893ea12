/** Value comparison shared by filters and sorting, close to MongoDB's rules for JSON values. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Reads a dotted path (`address.city`) from a record; undefined when any step is missing. */
// Own properties only: `constructor` or `__proto__` must read as missing, not as Object.prototype's members.
function ownProperty(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

export function readPath(record: unknown, path: string): unknown {
  let value: unknown = record;
  // Past a missing step every further step reads undefined too.
  for (const key of path.split('.')) value = ownProperty(value, key);
  return value;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  // Arrays too compare key by key: JSON arrays are dense, so the same indices and length mean the same keys.
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(bRecord).length) return false;
  return aKeys.every(
    (key) => Object.hasOwn(bRecord, key) && deepEqual((a as Record<string, unknown>)[key], bRecord[key]),
  );
}

const TYPE_RANK: Record<string, number> = {
  undefined: 0,
  null: 0,
  number: 1,
  string: 2,
  object: 3,
  boolean: 4,
};

function rank(value: unknown): number {
  if (value === null) return 0;
  return TYPE_RANK[typeof value] ?? 5;
}

/** Total order used by `sort`: missing/null < numbers < strings < objects/arrays < booleans. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  // Objects, arrays and booleans (`false` < `true`) by their JSON text. Null against undefined answers 0: `undefined` (JSON.stringify's answer for
  // undefined) is neither less nor greater than 'null'.
  const sa = JSON.stringify(a);
  const sb = JSON.stringify(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** Range operators only compare values of the same kind (numbers with numbers, strings with strings). */
export function comparable(a: unknown, b: unknown): boolean {
  return (
    (typeof a === 'number' && typeof b === 'number') ||
    (typeof a === 'string' && typeof b === 'string') ||
    (typeof a === 'boolean' && typeof b === 'boolean')
  );
}
