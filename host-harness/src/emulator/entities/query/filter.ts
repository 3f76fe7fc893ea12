import { BadRequestError } from '../../core/errors.ts';
import { comparable, compareValues, deepEqual, readPath } from './compare.ts';

/** A compiled filter: true when the record matches. */
export type Predicate = (record: Record<string, unknown>) => boolean;

type FieldTest = (value: unknown) => boolean;

const MAX_DEPTH = 16;
const MAX_REGEX_LENGTH = 512;
const FIELD_PATH = /^[A-Za-z0-9_][A-Za-z0-9_-]*(\.[A-Za-z0-9_][A-Za-z0-9_-]*)*$/;

function fail(message: string): never {
  throw new BadRequestError(message, 'invalid_query');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  const operators = keys.filter((key) => key.startsWith('$'));
  if (operators.length > 0 && operators.length !== keys.length) {
    fail(`Operators and field names cannot be mixed in one condition: ${keys.join(', ')}`);
  }
  return operators.length > 0;
}

/** Equality with MongoDB's array rule: a field holding an array matches when any element equals the value. */
function equals(fieldValue: unknown, expected: unknown): boolean {
  if (deepEqual(fieldValue ?? null, expected)) return true;
  return Array.isArray(fieldValue) && fieldValue.some((item) => deepEqual(item, expected));
}

function anyValue(fieldValue: unknown, test: (v: unknown) => boolean): boolean {
  return Array.isArray(fieldValue) ? fieldValue.some(test) : test(fieldValue);
}

function requirePrimitive(op: string, value: unknown): void {
  if (value !== null && typeof value === 'object') fail(`${op} needs a number, string, boolean or null`);
}

// Filters that contain a `$regex`: the routes run them within a time budget (see time-budget.ts).
const withRegex = new WeakSet<Predicate>();
let regexCompiled = false;

/** True when `predicate` matches with a caller's regular expression (and so may backtrack for a long time). */
export function usesRegex(predicate: Predicate | null): boolean {
  // No filter (null) is in no WeakSet: `has` answers false for it.
  return withRegex.has(predicate as Predicate);
}

function compileRegex(pattern: unknown, options: unknown): RegExp {
  regexCompiled = true;
  if (typeof pattern !== 'string') fail('$regex needs a string pattern');
  if (pattern.length > MAX_REGEX_LENGTH) fail(`$regex pattern is longer than ${MAX_REGEX_LENGTH} characters`);
  if (options !== undefined && (typeof options !== 'string' || !/^[imsu]*$/.test(options))) {
    fail('$options may contain only the flags i, m, s and u');
  }
  try {
    return new RegExp(pattern, (options as string | undefined) ?? '');
  } catch {
    fail(`$regex is not a valid regular expression: ${pattern}`);
  }
}

function compileOperators(ops: Record<string, unknown>, depth: number): FieldTest {
  const tests: FieldTest[] = [];
  for (const [op, arg] of Object.entries(ops)) {
    switch (op) {
      case '$eq':
        checkLiteralDepth(arg, depth);
        tests.push((v) => equals(v, arg));
        break;
      case '$ne':
        checkLiteralDepth(arg, depth);
        tests.push((v) => !equals(v, arg));
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        requirePrimitive(op, arg);
        const accept =
          op === '$gt'
            ? (c: number) => c > 0
            : op === '$gte'
              ? (c: number) => c >= 0
              : op === '$lt'
                ? (c: number) => c < 0
                : (c: number) => c <= 0;
        tests.push((v) => anyValue(v, (item) => comparable(item, arg) && accept(compareValues(item, arg))));
        break;
      }
      case '$in':
      case '$nin': {
        if (!Array.isArray(arg)) fail(`${op} needs an array`);
        checkLiteralDepth(arg, depth);
        const hit = (v: unknown) => arg.some((candidate) => equals(v, candidate));
        tests.push(op === '$in' ? hit : (v) => !hit(v));
        break;
      }
      case '$exists':
        if (typeof arg !== 'boolean') fail('$exists needs true or false');
        tests.push((v) => (v !== undefined) === arg);
        break;
      case '$regex': {
        const regex = compileRegex(arg, ops.$options);
        tests.push((v) => anyValue(v, (item) => typeof item === 'string' && regex.test(item)));
        break;
      }
      case '$options':
        if (!('$regex' in ops)) fail('$options is only allowed next to $regex');
        break;
      case '$not': {
        if (!isPlainObject(arg) && !(typeof arg === 'string')) fail('$not needs an operator object');
        const inner =
          typeof arg === 'string'
            ? compileOperators({ $regex: arg }, depth) // a $regex nests nothing: its depth is never checked
            : compileCondition(arg, depth + 1);
        tests.push((v) => !inner(v));
        break;
      }
      default:
        fail(`Unknown operator ${op}`);
    }
  }
  return (v) => tests.every((test) => test(v));
}

// Literal values are compared recursively, so their depth is bounded too.
function checkLiteralDepth(value: unknown, depth: number): void {
  if (depth > MAX_DEPTH) fail(`Query is nested more than ${MAX_DEPTH} levels deep`);
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) checkLiteralDepth(inner, depth + 1);
  }
}

function compileCondition(condition: unknown, depth: number): FieldTest {
  if (depth > MAX_DEPTH) fail(`Query is nested more than ${MAX_DEPTH} levels deep`);
  if (isOperatorObject(condition)) return compileOperators(condition, depth);
  checkLiteralDepth(condition, depth);
  return (v) => equals(v, condition);
}

function compileLogical(op: string, arg: unknown, depth: number): Predicate {
  if (op === '$not') {
    const inner = compileQuery(arg, depth + 1);
    return (record) => !inner(record);
  }
  if (!Array.isArray(arg) || arg.length === 0) fail(`${op} needs a non-empty array of conditions`);
  const parts = arg.map((part) => compileQuery(part, depth + 1));
  return op === '$and'
    ? (record) => parts.every((p) => p(record))
    : op === '$or'
      ? (record) => parts.some((p) => p(record))
      : (record) => !parts.some((p) => p(record));
}

function compileQuery(query: unknown, depth: number): Predicate {
  if (depth > MAX_DEPTH) fail(`Query is nested more than ${MAX_DEPTH} levels deep`);
  if (!isPlainObject(query)) fail('A query must be a JSON object');
  const parts: Predicate[] = [];
  for (const [key, condition] of Object.entries(query)) {
    if (key === '$and' || key === '$or' || key === '$nor' || key === '$not') {
      parts.push(compileLogical(key, condition, depth));
    } else if (key.startsWith('$')) {
      fail(`Unknown operator ${key}`);
    } else {
      if (!FIELD_PATH.test(key)) fail(`Invalid field name in query: ${key}`);
      const test = compileCondition(condition, depth + 1);
      parts.push((record) => test(readPath(record, key)));
    }
  }
  return (record) => parts.every((p) => p(record));
}

/**
 * Compiles a filter of the contract (`$eq $ne $gt $gte $lt $lte $in $nin $exists $regex $and $or $not`, plus `$nor`
 * and `$options`). Throws a 400 `invalid_query` for anything else, so a typo never silently matches everything.
 */
export function compileFilter(query: unknown): Predicate {
  regexCompiled = false;
  const predicate = compileQuery(query, 0);
  if (regexCompiled) withRegex.add(predicate);
  return predicate;
}

/** Parses the `q` query parameter (a JSON string) into a predicate; absent means "match all". */
export function parseQueryParam(raw: unknown): Predicate | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string') fail('q must be given once, as a JSON string');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    fail('q is not valid JSON');
  }
  return compileFilter(parsed);
}
