/**
 * The shape of a JSON body, bounded before it is parsed (`core/http/json-shape.ts`): nesting depth, keys per object
 * and in all, judged in one pass that reads strings as text; and the 400 each refusal answers.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../../host-harness/src/emulator/core/errors.ts';
import {
  jsonShapeProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_KEYS,
  MAX_JSON_OBJECT_KEYS,
  parseBoundedJson,
} from '../../../../../../host-harness/src/emulator/core/http/json-shape.ts';

const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"a":1}${'}'.repeat(depth - 1)}`;
const object = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":0`).join(',')}}`;
const TOO_DEEP = 'The request body is nested more than 32 levels deep (objects and arrays)';

/** The message and code of the 400 `parseBoundedJson` throws, or 'parsed'. */
function refusal(text: string, where?: string): { message: string; code: string | undefined } | 'parsed' {
  try {
    if (where === undefined) parseBoundedJson(text);
    else parseBoundedJson(text, where);
    return 'parsed';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    return { message: error.message, code: error.code };
  }
}

// The scans below walk up to a megabyte; under the mutation run's instrumentation on a loaded machine they take
// seconds, not the default 5 s budget.
describe('jsonShapeProblem', { timeout: 60_000 }, () => {
  it(`allows ${MAX_JSON_DEPTH} levels and refuses one more, of objects or arrays, naming the request body`, () => {
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH + 1))).toMatch(/nested more than 32 levels/);
    expect(jsonShapeProblem(`${'['.repeat(33)}${']'.repeat(33)}`)).toMatch(/nested/);
    expect(jsonShapeProblem(`${'['.repeat(16)}${']'.repeat(16)}`.repeat(1_000))).toBeNull();
    expect(jsonShapeProblem('['.repeat(MAX_JSON_DEPTH + 1))).toBe(TOO_DEEP);
  });

  it('refuses a body nested too deep after stray closing brackets: they buy no extra depth', () => {
    expect(jsonShapeProblem(`${']'.repeat(5)}${'['.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(TOO_DEEP);
    expect(jsonShapeProblem(`]${'['.repeat(MAX_JSON_DEPTH + 1)}`)).toMatch(/nested more than 32/);
  });

  it('counts keys per object, at any depth, and in all', () => {
    expect(jsonShapeProblem(object(MAX_JSON_OBJECT_KEYS))).toBeNull();
    expect(jsonShapeProblem(object(MAX_JSON_OBJECT_KEYS + 1))).toMatch(/an object with more than 10000 keys/);
    const deepest = (keys: number) =>
      `${'['.repeat(MAX_JSON_DEPTH - 1)}${object(keys)}${']'.repeat(MAX_JSON_DEPTH - 1)}`;
    expect(jsonShapeProblem(deepest(MAX_JSON_OBJECT_KEYS))).toBeNull();
    expect(jsonShapeProblem(deepest(MAX_JSON_OBJECT_KEYS + 1))).toBe(
      'The request body has an object with more than 10000 keys',
    );
    const many = (n: number) => `[${Array(n).fill('{"a":1}').join(',')}]`;
    expect(jsonShapeProblem(many(MAX_JSON_KEYS))).toBeNull();
    expect(jsonShapeProblem(many(MAX_JSON_KEYS + 1))).toMatch(/more than 100000 keys in all/);
  });

  it('ignores brackets, colons and escaped quotes inside strings', () => {
    const text = JSON.stringify({ s: `${'{['.repeat(100)}${':'.repeat(20_000)}"\\"{[` });
    expect(jsonShapeProblem(text)).toBeNull();
    // An escaped quote does not end the string, so the brackets after it are text.
    const escaped = `["\\"${'{'.repeat(40)}"]`;
    expect(JSON.parse(escaped)).toEqual([`"${'{'.repeat(40)}`]);
    expect(jsonShapeProblem(escaped)).toBeNull();
  });

  // A quadratic scan of a megabyte takes about 10^12 steps (many minutes); one pass takes milliseconds, and seconds
  // under the mutation run's instrumentation on a loaded machine: the budget tells the two apart without flaking.
  it('is linear: a megabyte is judged in one pass, stopping at the first problem', () => {
    const brackets = '['.repeat(1_000_000);
    const text = `"${'x'.repeat(1_000_000)}"`;
    const started = performance.now();
    expect(jsonShapeProblem(brackets)).not.toBeNull();
    expect(jsonShapeProblem(text)).toBeNull();
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});

describe('parseBoundedJson', () => {
  it('refuses a shape problem with 400 invalid_body before parsing, and bad syntax with 400 invalid_json', () => {
    expect(() => parseBoundedJson(nested(40))).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_body' }),
    );
    expect(() => parseBoundedJson('{"a":')).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_json' }),
    );
    expect(parseBoundedJson('{"a":[1,{"b":null}]}')).toEqual({ a: [1, { b: null }] });
    expect(refusal('['.repeat(40))).toEqual({ message: TOO_DEEP, code: 'invalid_body' });
  });

  it('names the request body in its refusal, or what the caller names', () => {
    expect(refusal('{"a":')).toEqual({ message: 'The request body is not valid JSON', code: 'invalid_json' });
    expect(refusal('{"a":', 'The event')).toEqual({
      message: 'The event is not valid JSON',
      code: 'invalid_json',
    });
  });
});
