import { describe, expect, it } from 'vitest';
import {
  jsonShapeProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_KEYS,
  MAX_JSON_OBJECT_KEYS,
  parseBoundedJson,
} from '../../../../../../host-harness/src/emulator/core/http/json-shape.ts';

const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"a":1}${'}'.repeat(depth - 1)}`;
const object = (keys: number) => `{${Array.from({ length: keys }, (_, i) => `"k${i}":0`).join(',')}}`;

// The scans below walk up to a megabyte; under the mutation run's instrumentation on a loaded machine they take
// seconds, not the default 5 s budget.
describe('jsonShapeProblem', { timeout: 60_000 }, () => {
  it(`allows ${MAX_JSON_DEPTH} levels and refuses one more, of objects or arrays`, () => {
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH + 1))).toMatch(/nested more than 32 levels/);
    expect(jsonShapeProblem(`${'['.repeat(33)}${']'.repeat(33)}`)).toMatch(/nested/);
    expect(jsonShapeProblem(`${'['.repeat(16)}${']'.repeat(16)}`.repeat(1_000))).toBeNull();
  });

  it('counts keys per object and in all', () => {
    expect(jsonShapeProblem(object(MAX_JSON_OBJECT_KEYS))).toBeNull();
    expect(jsonShapeProblem(object(MAX_JSON_OBJECT_KEYS + 1))).toMatch(/an object with more than 10000 keys/);
    const many = (n: number) => `[${Array(n).fill('{"a":1}').join(',')}]`;
    expect(jsonShapeProblem(many(MAX_JSON_KEYS))).toBeNull();
    expect(jsonShapeProblem(many(MAX_JSON_KEYS + 1))).toMatch(/more than 100000 keys in all/);
  });

  it('ignores brackets, colons and escaped quotes inside strings', () => {
    const text = JSON.stringify({ s: `${'{['.repeat(100)}${':'.repeat(20_000)}"\\"{[` });
    expect(jsonShapeProblem(text)).toBeNull();
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
  it('throws 400 invalid_body for a shape problem and invalid_json for bad syntax', () => {
    expect(() => parseBoundedJson(nested(40))).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_body' }),
    );
    expect(() => parseBoundedJson('{"a":')).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_json' }),
    );
    expect(parseBoundedJson('{"a":[1,{"b":null}]}')).toEqual({ a: [1, { b: null }] });
  });
});
